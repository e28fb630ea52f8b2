"""Forms for signing up, starting a campaign and joining one. They parse and check input; they
never write (services do)."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from campaign.models import Campaign


class SignupForm(UserCreationForm):
    pass


class CampaignForm(forms.ModelForm):
    class Meta:
        model = Campaign
        fields = ["name", *Campaign.SETTINGS]


class JoinForm(forms.Form):
    invite_code = forms.CharField(max_length=16, help_text="Ask the organiser for it.")
