"""The API answers JSON, whatever the client's Accept header asks for.

DRF answers 406 when no renderer matches the Accept header (a script asking the CSV export for
`text/csv`, whose view writes the CSV itself, got a 406) and 404 for an unknown `?format=`;
with its browsable renderer it answered HTML to a browser. Neither is in the schema. HTTP lets
a server disregard Accept and send its default (RFC 9110, 12.5.1), so a request no renderer
matches gets the view's first renderer: JSON for the API, the schema view's own default for
/api/schema/.
"""

from __future__ import annotations

from django.http import Http404
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation


class DefaultToFirstRenderer(DefaultContentNegotiation):
    def select_renderer(self, request, renderers, format_suffix=None):
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except (NotAcceptable, Http404):
            renderer = renderers[0]
            return renderer, renderer.media_type
