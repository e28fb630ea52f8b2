"""`{% fragment name key... %}…{% endfragment %}`: a part of a page cached under its name and
keys, kept from its second request on (campaign.selectors.cached). Put the content version
among the keys, and what differs between viewers, so that no write and no viewer is ever
served another's fragment; keep forms with a CSRF token outside it."""

from __future__ import annotations

from django import template
from django.core.cache.utils import make_template_fragment_key

from campaign.selectors.content import cached

register = template.Library()


class FragmentNode(template.Node):
    def __init__(self, nodelist, name: str, keys) -> None:
        self.nodelist, self.name, self.keys = nodelist, name, keys

    def render(self, context) -> str:
        key = make_template_fragment_key(self.name, [key.resolve(context) for key in self.keys])
        return cached(key, lambda: self.nodelist.render(context))


@register.tag("fragment")
def do_fragment(parser, token) -> FragmentNode:
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("{% fragment %} needs a name, then its keys.")
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    return FragmentNode(nodelist, bits[1], [parser.compile_filter(bit) for bit in bits[2:]])
