"""`Idempotency-Key`: a write sent twice (a tap repeated, an offline outbox sending again after a
lost answer) is done once, and the repeat gets the first answer.

Every non-safe request (POST, PUT, PATCH, DELETE) that carries the header, to the API or to a
page's form (HTMX or plain) alike, goes through `IdempotencyMiddleware`:

- The key is 1 to 255 visible ASCII characters (a UUID made in the browser); anything else is
  a 400 and nothing is done.
- It is the key of its owner: the account (a session's or an API token's), else the guest's
  session. One person's key never answers another's.
- The first request with a key runs the view inside one transaction with the row that keeps
  its answer: status, body and the headers that matter (Content-Type, Location, ETag,
  Retry-After, HX-*). The write and the kept answer commit together, or neither does.
- A repeat (same owner, same key, same method, path and body) is answered with the kept answer
  and `Idempotent-Replayed: true`; the view does not run. The same key with another method,
  path or body is a 422 saying so.
- A repeat sent while the first is still running waits for it (the first's row holds the key's
  unique index) up to IDEMPOTENCY_WAIT_SECONDS and then gets its answer, or, if the first is
  still running by then, a 409 "still being processed" with Retry-After.
- Answers that did nothing are not kept, so a retry runs: a 5xx (the whole transaction, write
  included, is rolled back), 401 and 403 (not signed in, the CSRF token, not allowed), 429
  (throttled). Everything else is kept, a 400 or a version conflict (409) included: the same
  request would get the same answer.
- Answers are kept at least IDEMPOTENCY_KEEP_HOURS (24); `idempotency_sweep` deletes older ones
  (celery beat on a club server, core.ticker on the demo server).
"""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import IntegrityError, OperationalError, connection, transaction
from django.http import HttpResponse, JsonResponse, RawPostDataException
from django.shortcuts import render
from django.utils import timezone
from django_htmx.http import reswap, retarget
from rest_framework.exceptions import AuthenticationFailed

from core.http_errors import is_api
from core.models import IdempotentRequest
from core.token_auth import CachedTokenAuthentication

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
MAX_LENGTH = 255
VALID_KEY = re.compile(rf"^[\x21-\x7e]{{1,{MAX_LENGTH}}}$")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")
KEPT_HEADERS = ("Content-Type", "Location", "ETag", "Retry-After")
NOT_KEPT = (401, 403, 429)  # and every 5xx
BEING_PROCESSED = 0  # `status` of the row while its first request runs (never committed)


class _Pending:
    """What the middleware's __call__ hands its process_view: the body's digest (read before any
    other middleware parses the body) and, once claimed, the row to fill with the answer."""

    def __init__(self, body_hash: str | None):
        self.body_hash = body_hash
        self.row: IdempotentRequest | None = None


def _body_hash(request) -> str | None:
    try:
        return hashlib.sha256(request.body).hexdigest()
    except RequestDataTooBig:
        return None  # the view answers 413 itself; nothing to keep
    except RawPostDataException:
        # A multipart form parsed by an earlier middleware (RejectNul reads POST): its fields
        # and files, in order, stand for the body.
        digest = hashlib.sha256()
        for name, values in request.POST.lists():
            digest.update(repr((name, values)).encode())
        for name, upload in request.FILES.items():
            digest.update(repr((name, upload.name, upload.size)).encode())
            for chunk in upload.chunks():
                digest.update(chunk)
        return digest.hexdigest()


def owner_of(request) -> str | None:
    """Whose key it is: the API token's account, else the session's account, else the guest's
    session (made now if the browser has none, so a repeat with its cookie finds the answer).
    None for a token that is not valid (the view answers 401) and for an API client with
    neither token nor session: nothing is kept."""
    if request.headers.get("Authorization", "").split(" ")[0].lower() == "token":
        try:
            found = CachedTokenAuthentication().authenticate(request)
        except AuthenticationFailed:
            return None
        return f"u:{found[0].pk}" if found else None
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"u:{user.pk}"
    session = request.session
    if not session.session_key and is_api(request):
        return None  # an API client without a token keeps no cookie: no one to key it by
    if not session.session_key:
        session.save()
        session.modified = True  # the cookie goes with the answer
    return f"s:{session.session_key}"


def refusal(request, status: int, message: str, retry_after: int | None = None) -> HttpResponse:
    """A 400, 409 or 422 about the key itself: JSON in the API's error shape under /api/, a
    fragment for `#errors` to HTMX, an error page to a plain form post."""
    if is_api(request):
        body = {
            "detail": message,
            "errors": [{"rule": None, "field": HEADER, "message": message}],
        }
        response = JsonResponse(body, status=status)
    else:
        context = {"messages_list": [message]}
        if getattr(request, "htmx", False):
            response = render(request, "_error.html", context, status=status)
            response = reswap(retarget(response, "#errors"), "innerHTML")
        else:
            response = render(request, "error_page.html", context, status=status)
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


def replay(row: IdempotentRequest) -> HttpResponse:
    response = HttpResponse(bytes(row.body), status=row.status)
    for name, value in row.headers.items():
        response[name] = value
    response[REPLAYED] = "true"
    return response


def _kept_headers(response) -> dict[str, str]:
    return {
        name: value
        for name, value in response.items()
        if name in KEPT_HEADERS or name.lower().startswith("hx-")
    }


def _claim(row: IdempotentRequest) -> IdempotentRequest | None:
    """Insert the row (status: being processed), waiting at most IDEMPOTENCY_WAIT_SECONDS for a
    first request with the same key to finish. None when the key is taken: the caller reads the
    row kept. OperationalError when the wait ran out (PostgreSQL's lock_timeout)."""
    wait_ms = int(settings.IDEMPOTENCY_WAIT_SECONDS * 1000)
    try:
        with transaction.atomic():
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SELECT current_setting('lock_timeout')")
                    before = cursor.fetchone()[0]
                    cursor.execute("SELECT set_config('lock_timeout', %s, true)", [f"{wait_ms}ms"])
                    row.save(force_insert=True)
                    cursor.execute("SELECT set_config('lock_timeout', %s, true)", [before])
            else:
                row.save(force_insert=True)
    except IntegrityError:
        return None
    return row


class IdempotencyMiddleware:
    """See the module's docstring. Listed after CsrfViewMiddleware and AuthenticationMiddleware:
    the key is looked at in process_view, once the CSRF check has passed and the user is
    known; __call__ holds the transaction around the view and keeps the answer."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in SAFE_METHODS or HEADER not in request.headers:
            return self.get_response(request)
        pending = request.idempotency = _Pending(_body_hash(request))
        with transaction.atomic():
            response = self.get_response(request)
            row = pending.row
            if row is None:
                return response
            if response.status_code >= 500 or connection.needs_rollback:
                transaction.set_rollback(True)  # the write too: a retry may run
            elif response.status_code in NOT_KEPT or response.streaming:
                row.delete()  # nothing was done (or nothing to keep): a retry runs
            else:
                row.status = response.status_code
                row.headers = _kept_headers(response)
                row.body = response.content
                row.save(update_fields=["status", "headers", "body"])
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        pending = getattr(request, "idempotency", None)
        if not isinstance(pending, _Pending) or pending.body_hash is None:
            return None
        key = request.headers[HEADER]
        if not VALID_KEY.match(key):
            return refusal(
                request,
                400,
                f"{HEADER} must be 1 to {MAX_LENGTH} visible ASCII characters (a UUID); "
                "nothing was done.",
            )
        owner = owner_of(request)
        if owner is None:
            return None
        found = IdempotentRequest(
            owner=owner,
            key=key,
            method=request.method,
            path=request.get_full_path(),
            body_hash=pending.body_hash,
            status=BEING_PROCESSED,
        )
        wait = max(1, round(settings.IDEMPOTENCY_WAIT_SECONDS))
        try:
            pending.row = _claim(found)
        except OperationalError:
            return refusal(request, 409, STILL_RUNNING, retry_after=wait)
        if pending.row is not None:
            return None
        kept = IdempotentRequest.objects.filter(owner=owner, key=key).first()
        if kept is None or kept.status == BEING_PROCESSED:
            return refusal(request, 409, STILL_RUNNING, retry_after=wait)
        if (kept.method, kept.path, kept.body_hash) != (found.method, found.path, found.body_hash):
            what = "method and path" if kept.body_hash == found.body_hash else "body"
            if (kept.method, kept.path) != (found.method, found.path):
                what = f"method and path ({kept.method} {kept.path})"
            return refusal(
                request,
                422,
                f"This {HEADER} was first sent with another {what}: a key is for one request "
                "only. Nothing was done; send a new key for a new request.",
            )
        return replay(kept)


STILL_RUNNING = (
    f"A request with this {HEADER} is still being processed: nothing more was done. Ask again "
    "in a moment for its answer."
)


def idempotency_sweep(*, now=None) -> int:
    """Forget the answers older than IDEMPOTENCY_KEEP_HOURS; how many went."""
    cutoff = (now or timezone.now()) - timedelta(hours=settings.IDEMPOTENCY_KEEP_HOURS)
    deleted, _ = IdempotentRequest.objects.filter(created_at__lt=cutoff).delete()
    return deleted
