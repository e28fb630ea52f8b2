"""Home, accounts and campaigns: create, join, read, settings."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils.functional import SimpleLazyObject
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods

from accounts.selectors import inbox_listed, profile_of
from campaign import selectors, services
from campaign.access import (
    campaign_for,
    campaign_to_read,
    invited_campaign,
    is_organiser,
    member_to_read,
)
from campaign.errors import CampaignError
from campaign.forms.campaigns import (
    CampaignForm,
    InviteSignupForm,
    JoinForm,
    SignupForm,
)
from campaign.models import Campaign
from campaign.selectors.webhooks import webhook_last_post
from core.throttles import address_throttle_wait, too_many, wait_words

ACTIVITY_LINES = 20


@require_GET
def home(request):
    """Visitors see what Frontier does; a player sees what waits for them (the dashboard)."""
    if not request.user.is_authenticated:
        return home_visitor(request)
    mine = Campaign.objects.filter(memberships__user=request.user).select_related("organiser")
    public = Campaign.objects.filter(is_public=True).select_related("organiser")
    return dashboard(request, mine, public.exclude(pk__in=mine.values("pk"))[:20])


def dashboard(request, mine, public):
    """A player's home page: what waits for them (the inbox), then their campaigns."""
    context = {
        "name": profile_of(request.user),
        "inbox": inbox_listed(request),
        "mine": mine,
        "public": public,
    }
    return render(request, "accounts/dashboard.html", context)


def home_visitor(request):
    """The home page for visitors: what Frontier does, with pictures, and the way in."""
    public = Campaign.objects.filter(is_public=True).select_related("organiser")[:5]
    return render(request, "home_visitor.html", {"public": public})


def _safe_next(request) -> str:
    """The `next` a log-in or sign-up carries (a join link), if it stays on this site."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


def _invite_in(target: str):
    """The campaign a `next` join link invites to, to name it on the log-in and sign-up pages."""
    try:
        match = resolve(target.split("?")[0]) if target else None
    except Resolver404:
        return None
    if match is None or match.url_name != "join-link":
        return None
    return invited_campaign(match.kwargs["code"])


@require_http_methods(["GET", "POST"])
def signup(request):
    """Sign up, then on to `next`: an invited friend lands back on the filled join form. A few
    accounts an hour from one address (the `signup` rate), counted when the form is right, so a
    mistyped form costs nothing. FRONTIER_SIGNUP says who may: anyone (`open`), only with a
    campaign's invite code (`invite`), nobody (`closed`: 403, the admin makes accounts)."""
    target = _safe_next(request)
    invited = _invite_in(target)
    context = {"next": target, "invited": invited}
    if settings.FRONTIER_SIGNUP == "closed":
        return render(request, "registration/signup.html", {**context, "closed": True}, status=403)
    if settings.FRONTIER_SIGNUP == "invite":
        code = invited.invite_code if invited is not None else ""
        form = InviteSignupForm(request.POST or None, initial={"invite_code": code})
    else:
        form = SignupForm(request.POST or None)
    context["form"] = form
    if form.is_valid():
        wait = address_throttle_wait(request, "signup")  # whoever is signed in: by address
        if wait:
            form.add_error(
                None, f"Too many accounts made from your address: try again in {wait_words(wait)}."
            )
            return too_many(render(request, "registration/signup.html", context), wait)
        login(request, form.save(), backend="django.contrib.auth.backends.ModelBackend")
        if not target and isinstance(form, InviteSignupForm):  # on to the filled join form
            target = reverse("join-link", args=[form.invited.invite_code])
        return redirect(target or "home")
    return render(request, "registration/signup.html", context)


class LoginView(auth_views.LoginView):
    """Django's log-in, naming the campaign when `next` is a join link. Guesses are counted per
    address (the `login` rate), signed in or not, before the password is hashed: each costs
    the server a PBKDF2 (issue 34). axes still locks a (username, address) pair."""

    def post(self, request, *args, **kwargs):
        wait = address_throttle_wait(request, "login")
        if wait:
            # An unbound form (a bound one would check the password when shown), the name kept.
            typed = {"username": request.POST.get("username", "")}
            context = self.get_context_data(
                form=self.get_form_class()(request, initial=typed),
                lockout=f"Many sign-ins from your address: try again in {wait_words(wait)}.",
            )
            return too_many(self.render_to_response(context, status=429), wait)
        return super().post(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["invited"] = _invite_in(context.get("next", ""))
        return context


@login_required
@require_http_methods(["GET", "POST"])
def campaign_create(request):
    form = CampaignForm(request.POST or None)
    if form.is_valid():
        campaign = services.campaign_create(organiser=request.user, **form.cleaned_data)
        return redirect("campaign", campaign.id)
    return render(request, "campaign/campaign_form.html", {"form": form, "title": "New campaign"})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_join(request):
    """A wrong code is an error in place on the form (400), the code kept to correct."""
    form = JoinForm(request.POST or request.GET or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            campaign = services.campaign_join_by_code(
                user=request.user, invite_code=form.cleaned_data["invite_code"]
            )
        except CampaignError as error:
            form.add_error("invite_code", error.message)
            status = 400
        else:
            messages.success(request, f"Welcome to {campaign.name}.")
            return redirect("campaign", campaign.id)
    return render(request, "campaign/join.html", {"form": form}, status=status)


@require_GET
def campaign_detail(request, campaign_id: int):
    campaign = campaign_to_read(request, campaign_id)
    context = {
        "campaign": campaign,
        # Made only when the cached page is rendered (a miss): even an unread queryset costs.
        "warbands": SimpleLazyObject(lambda: selectors.campaign_warbands(campaign)),
        "retired": SimpleLazyObject(lambda: selectors.retired_warbands(campaign)),
        "members": SimpleLazyObject(
            lambda: campaign.memberships.select_related("user").order_by("joined_at")
        ),
        "join_url": request.build_absolute_uri(reverse("join-link", args=[campaign.invite_code])),
        "is_member": member_to_read(request, campaign),
        "is_organiser": is_organiser(campaign, request.user),
        "activity": SimpleLazyObject(
            lambda: campaign.activity.select_related(None)[:ACTIVITY_LINES]
        ),
    }
    return render(request, "campaign/campaign_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def campaign_settings(request, campaign_id: int):
    campaign = campaign_for(request.user, campaign_id, organiser=True)
    form = CampaignForm(request.POST or None, instance=campaign)
    if form.is_valid():
        services.campaign_update(campaign=campaign, **form.cleaned_data)
        messages.success(request, "Settings saved.")
        return redirect("campaign", campaign.id)
    context = {"form": form, "title": "Settings", "last_post": webhook_last_post(campaign)}
    return render(request, "campaign/campaign_form.html", context)
