"""`{% fragment "name" obj.id … %}…{% endfragment %}`: a part of a page cached under its name,
the values after it and the content version (config.page_cache), which the tag adds itself.

Put in the key everything of the viewer the part shows (their role, their id). A `{% csrf_token %}`
inside is never cached: the part is rendered with a placeholder in its place, and each answer
puts the viewer's own token there (so a cached form still posts, and no token is shared).
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from config.page_cache import cached

register = template.Library()

SLOT = "csrf-token-of-the-viewer"  # not a token: a real one is 64 letters and digits


def token_input(token) -> str:
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)


SLOT_INPUT = token_input(SLOT)


class FragmentNode(template.Node):
    def __init__(self, nodelist, name, vary):
        self.nodelist, self.name, self.vary = nodelist, name, vary

    def render(self, context):
        vary = [value.resolve(context) for value in self.vary]

        def render_with_slot() -> str:
            with context.push(csrf_token=SLOT):
                return self.nodelist.render(context)

        html = cached(
            self.name.resolve(context),
            *vary,
            request=context.get("request"),
            render=render_with_slot,
        )
        if SLOT_INPUT in html:
            token = context.get("csrf_token")
            mine = token_input(token) if token and str(token) != "NOTPROVIDED" else ""
            html = html.replace(SLOT_INPUT, mine)
        return html


@register.tag
def fragment(parser, token):
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("{% fragment %} needs a name")
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    name, vary = parser.compile_filter(bits[1]), [parser.compile_filter(b) for b in bits[2:]]
    return FragmentNode(nodelist, name, vary)
