"""Forms for signing up, starting a campaign and joining one. They parse and check input; they
never write (services do)."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from campaign.access import invited_campaign
from campaign.errors import CampaignError
from campaign.models import Campaign
from campaign.services.webhooks import webhook_check_url
from core.text import no_control_characters


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        required=False,
        label="E-mail (optional)",
        help_text="Needed to reset a forgotten password, and for notices of what waits for you.",
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class InviteSignupForm(SignupForm):
    """Sign-up when the server takes new accounts by invitation only (FRONTIER_SIGNUP=invite):
    with the invite code of a campaign still open, filled in from the join link."""

    invite_code = forms.CharField(
        max_length=16,
        label="Invite code",
        help_text="New accounts here are by invitation: the code from your organiser's join link.",
    )

    def clean_invite_code(self) -> str:
        campaign = invited_campaign(self.cleaned_data["invite_code"])
        if campaign is None or campaign.is_closed:
            raise forms.ValidationError(
                "No open campaign has this invite code: ask your organiser for their join link."
            )
        self.invited = campaign
        return campaign.invite_code


class CampaignForm(forms.ModelForm):
    webhook_url = forms.URLField(
        required=False,
        max_length=500,
        assume_scheme="https",
        label="Webhook for the chronicle (optional)",
        help_text="Each game's chronicle entry is posted here once both post-games are "
        "committed: a Discord channel's webhook address (Server settings, Integrations, "
        "Webhooks), or any https address that takes the same JSON. Seen by you alone.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].validators.append(no_control_characters)  # finding 5

    def clean_webhook_url(self) -> str:
        """https to a public host only, its name resolved now (the service checks it again);
        an address kept as it was is checked before each post instead."""
        url = (self.cleaned_data["webhook_url"] or "").strip()
        if url == self.instance.webhook_url:
            return url
        try:
            return webhook_check_url(url)
        except CampaignError as error:
            raise forms.ValidationError(error.message) from None

    class Meta:
        model = Campaign
        fields = ["name", *Campaign.SETTINGS, "webhook_url"]
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
