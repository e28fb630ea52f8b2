"""The profile form: it parses and checks; accounts.services writes."""

from __future__ import annotations

from django import forms

from accounts.inbox import emailed_kinds
from accounts.models import Profile
from core.text import no_control_characters


class ProfileForm(forms.Form):
    display_name = forms.CharField(
        max_length=60,
        validators=[no_control_characters],
        required=False,
        help_text="How Frontier greets you (home page, e-mails). Blank: your username.",
    )
    email = forms.EmailField(
        required=False,
        label="E-mail",
        help_text="Needed to reset a forgotten password and for the e-mails below.",
    )
    email_kinds = forms.MultipleChoiceField(
        required=False,
        label="E-mail me about",
        widget=forms.CheckboxSelectMultiple,
        help_text="Each also waits on your home page, e-mail or not.",
    )

    turn_alerts = forms.ChoiceField(
        label="E-mail me when it is my turn in a canoe game",
        choices=Profile.TurnAlerts.choices,
        initial=Profile.TurnAlerts.LATER,
        required=False,  # left out: unchanged
        widget=forms.RadioSelect,
        help_text="Games across browsers only, with a link straight to your seat; never while "
        "your table is open. A daily or weekly game also reminds you 2 hours before your "
        "deadline (not with Never).",
    )

    def clean_turn_alerts(self) -> str | None:
        return self.cleaned_data["turn_alerts"] or None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email_kinds"].choices = [(k.key, k.label) for k in emailed_kinds()]
