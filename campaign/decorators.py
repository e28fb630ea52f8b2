"""Turn domain errors into a fragment the player can read (a 400), never a stack trace."""

from __future__ import annotations

import functools

from django.shortcuts import render
from django_htmx.http import reswap, retarget

from campaign.errors import RulesError


def rules_errors(view):
    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except RulesError as error:
            problems = getattr(error, "problems", None) or [error]
            context = {"messages_list": [p.message for p in problems]}
            code = getattr(error, "status_code", 400)  # 409 for a ConflictError
            if request.htmx:
                response = render(request, "_error.html", context, status=code)
                return reswap(retarget(response, "#errors"), "innerHTML")
            return render(request, "error_page.html", context, status=code)

    return wrapper
