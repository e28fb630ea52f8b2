"""One domain-error path for both apps: the base class, the HTMX decorator, the form helper.

A domain error is a problem a person can fix ("Indians need at least 3 figures with a bow"),
raised by the rules, the engines and the services: a message, the `field` it is about, the
ruling it breaks (`rule`, e.g. "C3") and the HTTP status it answers (400 unless a subclass
says otherwise). `domain_errors` turns one into a fragment the player reads, the DRF handler in
core.api_errors into the JSON body `{detail, errors: [{rule, field, message}]}`. Nothing is
half-written when one is raised: services are atomic.

The rules (campaign/rules) and the engines (chase/engines) are plain Python that imports
nothing of the app, so their errors cannot subclass DomainError; they carry the same
attributes and each app registers them as DomainErrors when it is ready (campaign/apps.py,
chase/apps.py), so this module knows no game rule. `isinstance` says yes to a registered class;
`except` clauses do not follow registration, which is why the two converters test with
`isinstance`.
"""

from __future__ import annotations

import functools
from abc import ABCMeta

from django.shortcuts import render
from django_htmx.http import reswap, retarget


class DomainError(Exception, metaclass=ABCMeta):
    """Base of the apps' domain errors; `problems` may list several, each with the same three
    attributes (a warband that breaks several rules)."""

    status_code = 400

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule


def problems(error: BaseException) -> list:
    """The error's problems, each with `message`, `field` and `rule` (one for most errors)."""
    return list(getattr(error, "problems", None) or [error])


def message_of(error: BaseException) -> str:
    return getattr(error, "message", None) or str(error)


def status_of(error: BaseException) -> int:
    return getattr(error, "status_code", 400)


def domain_errors(view):
    """A view decorator: a domain error becomes a fragment the player reads, never a stack
    trace. For HTMX it is swapped into `#errors`, answered 400 (or 409 for a conflict: the two
    statuses base.html's htmx-config swaps in); otherwise a plain error page with the error's
    own status (403 for a seat that is not yours, 404 for a game that is not there)."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except Exception as error:
            if not isinstance(error, DomainError):
                raise
            context = {"messages_list": [message_of(p) for p in problems(error)]}
            if request.htmx:
                status = status_of(error) if status_of(error) in (400, 409) else 400
                response = render(request, "_error.html", context, status=status)
                return reswap(retarget(response, "#errors"), "innerHTML")
            return render(request, "error_page.html", context, status=status_of(error))

    return wrapper


def form_error(form, *, field: str | None = None) -> DomainError:
    """A form that does not parse, as one domain error in a sentence ("Price: Enter a whole
    number."), for the views to raise instead of a change that silently does not happen."""
    words = [
        f"{form[name].label}: {error}" if name in form.fields else str(error)
        for name, errors in form.errors.items()
        for error in errors
    ]
    return DomainError(" ".join(words), field=field)
