"""Brute-force protection for the two ways to sign in: the login page and POST /api/token/.

django-axes counts failures per (username, IP address) and locks that pair out for a cool-off
time; a success resets the count. The lockout answer says so plainly and carries Retry-After.
"""

from __future__ import annotations

from axes.helpers import get_cool_off, get_lockout_message
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.http import JsonResponse
from django.shortcuts import render
from rest_framework import serializers, status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.response import Response
from rest_framework.settings import api_settings

from core.content_version import user_scope
from core.page_cache import cached
from core.throttles import AddressThrottle
from core.users import user_by_id

LOCKED_OUT = (
    "Too many failed sign-ins for this account from your address. "
    "Wait {minutes} minutes and try again."
)


def _retry_after(request) -> int:
    cool_off = get_cool_off(request)
    return int(cool_off.total_seconds()) if cool_off else 0


def lockout_message(request) -> str:
    seconds = _retry_after(request)
    if not seconds:
        return get_lockout_message()
    return LOCKED_OUT.format(minutes=max(1, round(seconds / 60)))


def lockout_response(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE: the login page again with the message (429), or the API's
    `{"detail": ...}` for /api/, both with Retry-After."""
    message = lockout_message(request)
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message}, status=status.HTTP_429_TOO_MANY_REQUESTS)
    else:
        form = AuthenticationForm(request)
        context = {"form": form, "lockout": message, "next": request.POST.get("next", "")}
        response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(_retry_after(request))
    return response


class TokenView(ObtainAuthToken):
    """POST /api/token/ {username, password} -> {token}. Every client is throttled by address
    (scope `token`), whatever token or session it sends (each guess costs a PBKDF2), and a
    (username, address) pair locked out by axes gets 429 with the usual `{"detail"}` and
    Retry-After."""

    throttle_classes = [AddressThrottle]
    throttle_scope = "token"
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # ObtainAuthToken names its own

    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except serializers.ValidationError:
            # axes' backend flags the request it was given when the pair is locked out.
            if getattr(request, "axes_locked_out", False):
                return Response(
                    {"detail": lockout_message(request)},
                    status=status.HTTP_429_TOO_MANY_REQUESTS,
                    headers={"Retry-After": str(_retry_after(request))},
                )
            raise


obtain_auth_token = TokenView.as_view()


class CachedModelBackend(ModelBackend):
    """Django's ModelBackend, but the signed-in user of a request is read from this process's
    memory, under the account's version (core.content_version): a password change, a
    deactivation or a new name is a write to the account, so the key changes and the row is
    read again.
    Saves a query on every page. Only in the process's own memory ("users", never Redis): the
    row holds the password hash, which the session check needs."""

    def get_user(self, user_id):
        return cached(
            "user", user_id, scopes=[user_scope(user_id)], alias="users", at_once=True,
            render=lambda: self._read(user_id),
        )  # fmt: skip

    def _read(self, user_id):
        """ModelBackend.get_user's answer (the account, or None when there is none or it may
        not sign in), read by a query built once per process: a process's first sight of each
        account (a club night's first minutes) built the ORM's SQL afresh each time."""
        found = user_by_id(get_user_model()._meta.pk.to_python(user_id))
        return found if found is not None and self.user_can_authenticate(found) else None
