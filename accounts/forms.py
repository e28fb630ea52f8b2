"""The profile form: it parses and checks; accounts.services writes."""

from __future__ import annotations

from django import forms

from accounts.inbox import emailed_kinds
from config.text import no_control_characters


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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email_kinds"].choices = [(k.key, k.label) for k in emailed_kinds()]
