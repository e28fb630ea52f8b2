"""Forms for signing up, starting a campaign and joining one. They parse and check input; they
never write (services do)."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from campaign.models import Campaign
from core.text import no_control_characters


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        required=False,
        label="E-mail (optional)",
        help_text="Needed to reset a forgotten password, and for notices of what waits for you.",
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class CampaignForm(forms.ModelForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].validators.append(no_control_characters)  # finding 5

    class Meta:
        model = Campaign
        fields = ["name", *Campaign.SETTINGS]
        labels = {
            "starting_treasury": "Starting treasury",
            "currency": "Currency sign",
            "manual_dice": "Players may type in the faces of real dice",
            "report_confirmation": "The opponent confirms each game report",
            "is_public": "Anyone may read this campaign (players still join with the code)",
        }
        help_texts = {
            "starting_treasury": "What each warband may spend on founding (200 in the rules).",
            "currency": "Shown before amounts, e.g. £ or $.",
            "manual_dice": "",
            "report_confirmation": "Off: a report counts as soon as it is filed.",
            "is_public": "",
        }


class JoinForm(forms.Form):
    invite_code = forms.CharField(max_length=16, help_text="Ask the organiser for it.")
