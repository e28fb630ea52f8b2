"""The profile page, and the password-reset request with its limits. The other password pages
are Django's own auth views (accounts/urls.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from accounts import services
from accounts.forms import ProfileForm
from accounts.inbox import emailed_kinds
from accounts.selectors import profile_of
from core.addresses import client_ip
from core.streams import PageFeed, inbox_channels, last_event_id, stream_response


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    current = profile_of(request.user)
    initial = {
        "display_name": current.display_name,
        "email": request.user.email,
        "email_kinds": [k.key for k in emailed_kinds() if k.key not in current.email_off],
        "turn_alerts": current.turn_alerts,
    }
    form = ProfileForm(request.POST or None, initial=initial)
    if form.is_valid():
        services.profile_update(user=request.user, **form.cleaned_data)
        messages.success(request, "Profile saved.")
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset request, counted by `services.password_reset_permit` before any mail."""

    def form_valid(self, form):
        verdict = services.password_reset_permit(
            address=client_ip(self.request), email=form.cleaned_data["email"]
        )
        if verdict == "address":
            minutes = services.password_reset_wait_minutes()
            form.add_error(
                None,
                "Too many password-reset requests from your network this hour: "
                f"try again in {minutes} minute{'s' if minutes != 1 else ''}.",
            )
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(minutes * 60)
            return response
        if verdict == "email":  # the usual answer, no mail: nothing to learn, nothing to flood
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)


@login_required
@require_GET
def inbox_badge(request):
    """The top bar's inbox link with its count: fetched again when the page's stream says the
    inbox may have changed (`sse:inbox`)."""
    return render(request, "_topbar.html#badge")


@login_required
@require_GET
def inbox_events(request):
    """The stream of a page with nothing else live: the inbox badge's changes only."""
    return stream_response(request, PageFeed(inbox_channels(request), last_event_id(request)))
