"""A player's line in the chronicle."""

from __future__ import annotations

from django import forms

from campaign.models.chronicle import LINE_MAX
from core.text import no_control_characters


class ChronicleLineForm(forms.Form):
    text = forms.CharField(
        label="Your line",
        max_length=LINE_MAX,
        strip=True,
        validators=[no_control_characters],
        widget=forms.TextInput(attrs={"maxlength": LINE_MAX, "autocomplete": "off"}),
        help_text=f"Your own words about this game, shown with your name; at most {LINE_MAX} "
        "characters.",
    )
