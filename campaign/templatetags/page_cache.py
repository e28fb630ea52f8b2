"""`{% fragment "name" obj.id … campaign=campaign.id %}…{% endfragment %}`: a part of a page
cached under its name, the values after it and the tokens of its scopes (core.page_cache),
which the tag adds itself. The scopes are named as keywords, at least one: `campaign=`, `user=`
(an account: its name, its top bar), `inbox=`, `game=`; see core.content_version.

Put in the key everything of the viewer the part shows (their role, their id). A `{% csrf_token %}`
inside is never cached: the part is rendered with a placeholder in its place, and each answer
puts the viewer's own token there (so a cached form still posts, and no token is shared).
"""

from __future__ import annotations

from django import template

from core.content_version import campaign_scope, game_scope, inbox_scope, user_scope
from core.page_cache import CSRF_SLOT, cached, csrf_filled

register = template.Library()

SCOPES = {"campaign": campaign_scope, "user": user_scope, "inbox": inbox_scope, "game": game_scope}


class FragmentNode(template.Node):
    def __init__(self, nodelist, name, vary, scopes):
        self.nodelist, self.name, self.vary, self.scopes = nodelist, name, vary, scopes

    def render(self, context):
        vary = [value.resolve(context) for value in self.vary]
        scopes = [SCOPES[kind](value.resolve(context)) for kind, value in self.scopes]

        def render_with_slot() -> str:
            with context.push(csrf_token=CSRF_SLOT):
                return self.nodelist.render(context)

        html = cached(
            self.name.resolve(context),
            *vary,
            scopes=scopes,
            request=context.get("request"),
            render=render_with_slot,
        )
        return csrf_filled(html, context.get("csrf_token"))


@register.tag
def fragment(parser, token):
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("{% fragment %} needs a name")
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    name, vary, scopes = parser.compile_filter(bits[1]), [], []
    for bit in bits[2:]:
        kind, equals, value = bit.partition("=")
        if equals and kind in SCOPES:
            scopes.append((kind, parser.compile_filter(value)))
        else:
            vary.append(parser.compile_filter(bit))
    if not scopes:
        raise template.TemplateSyntaxError(
            f"{{% fragment {bits[1]} %}} names no scope (campaign=, user=, inbox= or game=)"
        )
    return FragmentNode(nodelist, name, vary, scopes)
