"""`{% fragment "name" obj.id … %}…{% endfragment %}`: a part of a page cached under its name,
the values after it and the content version (config.page_cache), which the tag adds itself.

Put in the key everything the part shows that is not the same for every reader who may open
the page (the viewer's role, their id); keep forms and CSRF tokens outside the part.
"""

from __future__ import annotations

from django import template

from config.page_cache import cached

register = template.Library()


class FragmentNode(template.Node):
    def __init__(self, nodelist, name, vary):
        self.nodelist, self.name, self.vary = nodelist, name, vary

    def render(self, context):
        vary = [value.resolve(context) for value in self.vary]
        return cached(
            self.name.resolve(context),
            *vary,
            request=context.get("request"),
            render=lambda: self.nodelist.render(context),
        )


@register.tag
def fragment(parser, token):
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("{% fragment %} needs a name")
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    return FragmentNode(
        nodelist, parser.compile_filter(bits[1]), [parser.compile_filter(b) for b in bits[2:]]
    )
