"""The profile page. Passwords are Django's own auth views (accounts/urls.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import services
from accounts.forms import ProfileForm
from accounts.inbox import emailed_kinds
from accounts.selectors import profile_of


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    current = profile_of(request.user)
    initial = {
        "display_name": current.display_name,
        "email": request.user.email,
        "email_kinds": [k.key for k in emailed_kinds() if k.key not in current.email_off],
    }
    form = ProfileForm(request.POST or None, initial=initial)
    if form.is_valid():
        services.profile_update(user=request.user, **form.cleaned_data)
        messages.success(request, "Profile saved.")
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})
