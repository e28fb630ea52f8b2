"""Answers for requests that never reach a view: unknown paths, bodies over the size limit, NUL
characters, and a server error. Under /api/ they are JSON in the API's usual shape, elsewhere
Django's pages."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponseBadRequest, HttpResponseNotFound, JsonResponse
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt


def is_api(request) -> bool:
    return request.path.startswith("/api/")


def api_error(message: str, status: int) -> JsonResponse:
    body = {"detail": message}
    if status == 400 or status == 413:
        body["errors"] = [{"rule": None, "field": None, "message": message}]
    return JsonResponse(body, status=status)


@csrf_exempt
def api_not_found(request, *args, **kwargs):
    """Every /api/ path no route claims, whatever the method: it changes nothing, so the CSRF
    check (whose HTML page an API client cannot read) has nothing to protect."""
    return api_error("Not found.", 404)


def not_found(request, exception=None):
    if is_api(request):
        return api_not_found(request)
    return defaults.page_not_found(request, exception)


def bad_request(request, exception=None):
    if isinstance(exception, RequestDataTooBig):
        if is_api(request):
            return api_error("The request body is too large.", 413)
        return defaults.bad_request(request, exception)
    if is_api(request):
        return api_error("Bad request.", 400)
    return defaults.bad_request(request, exception)


def server_error(request):
    """A bug's 500: JSON under /api/ (a client reads `detail`, never an HTML page)."""
    if is_api(request):
        return JsonResponse({"detail": "Server error."}, status=500)
    return defaults.server_error(request)


class RejectNulMiddleware:
    """PostgreSQL cannot store or even compare text with a NUL character: a NUL in the path,
    the query string or a form field would reach it as a 500. No path holds one (404) and no
    parameter or field needs one (400). JSON bodies are checked by the serializers' fields."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path:
            return api_not_found(request) if is_api(request) else HttpResponseNotFound()
        if self._has_nul(request.GET) or (
            request.method == "POST"
            and request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data")
            and self._has_nul(request.POST)
        ):
            message = "Parameters and form fields may not contain NUL characters."
            if is_api(request):
                return api_error(message, 400)
            return HttpResponseBadRequest(message)
        return self.get_response(request)

    @staticmethod
    def _has_nul(query) -> bool:
        return any(
            "\x00" in key or any("\x00" in v for v in values) for key, values in query.lists()
        )
