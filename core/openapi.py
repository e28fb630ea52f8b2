"""The API schema's error answers, declared once.

Every view declares the answers of its own logic (`@extend_schema(responses=...)`: 200, the
400 of its serializer, 403/404 of its access helper, 409, 503). The answers that come from the
plumbing every view shares are added here, by `AutoSchema`, from what the view is made of:

- 400 (the error body of core.api_errors): on every operation, as a NUL in any query string
  (core.http_errors.RejectNulMiddleware) or a body that does not parse is one;
- 401: an operation with authentication classes (a missing or made-up token);
- 403: an unsafe method with session authentication (DRF's CSRF check, `{"detail"}` in JSON);
- 404: a path with parameters (no such thing, or a parameter that is not a number);
- 413: a POST, or an operation with a body (over DATA_UPLOAD_MAX_MEMORY_SIZE,
  core.http_errors);
- 415: an operation with a body (a content type other than JSON, a form or multipart);
- 429 with Retry-After: an operation with throttle classes;
- 409 and 422: an unsafe method, which takes an `Idempotency-Key` header (core.idempotency):
  the key's first request still being processed, or the key sent before with another request.

Every unsafe operation lists the optional `Idempotency-Key` header parameter.

An answer a view declares itself is never replaced. The schema test
(tests/test_api_schema.py) fuzzes every operation and fails on an answer not listed.
"""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication


class ErrorItemSerializer(serializers.Serializer):
    rule = serializers.CharField(allow_null=True, help_text="The ruling broken, e.g. C3.")
    field = serializers.CharField(allow_null=True, help_text="e.g. figures[0].equipment")
    message = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    """Every 400 (see core.api_errors); serializer errors also keep DRF's field dict."""

    detail = serializers.CharField()
    errors = ErrorItemSerializer(many=True)


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField()


BAD_REQUEST = OpenApiResponse(ErrorSerializer, description="Names each broken rule and field.")
NOT_FOUND = OpenApiResponse(DetailSerializer, description="No such thing, or not yours to see.")
FORBIDDEN = OpenApiResponse(DetailSerializer, description="Signed in, but not allowed.")
CONFLICT = OpenApiResponse(
    ErrorSerializer, description="Someone else changed it first: nothing was done."
)
NOT_SIGNED_IN = OpenApiResponse(
    DetailSerializer, description="No valid token or session: a missing or unknown token."
)
CSRF_OR_FORBIDDEN = OpenApiResponse(
    DetailSerializer,
    description="Not allowed; or, signed in by session, a request without the CSRF token.",
)
TOO_LARGE = OpenApiResponse(ErrorSerializer, description="The request body is too large.")
UNSUPPORTED = OpenApiResponse(
    DetailSerializer, description="A body that is not JSON, a form or multipart."
)
TOO_MANY = OpenApiResponse(DetailSerializer, description="Too many requests: see Retry-After.")
BUSY = OpenApiResponse(ErrorSerializer, description="The queue is full: see Retry-After.")
KEY_STILL_RUNNING = OpenApiResponse(
    ErrorSerializer,
    description="Someone else changed it first (nothing was done), or the first request with "
    "this Idempotency-Key is still being processed: ask again after Retry-After.",
)
KEY_REUSED = OpenApiResponse(
    ErrorSerializer,
    description="This Idempotency-Key was first sent with another method, path or body: "
    "nothing was done.",
)
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    location=OpenApiParameter.HEADER,
    required=False,
    pattern=r"^[\x21-\x7e]{1,255}$",
    description="A key of your own (a UUID) for this one write: sent again with the same key, "
    "method, path and body, the write is not done again and the first answer comes back, "
    "with `Idempotent-Replayed: true`. Kept for at least 24 hours, per account. Answers "
    "that did nothing (401, 403, 429, 5xx) are not kept: a retry runs.",
)

RETRY_AFTER = {
    "Retry-After": {
        "schema": {"type": "integer"},
        "description": "Seconds to wait before asking again.",
    }
}

UNSAFE = ("POST", "PUT", "PATCH", "DELETE")


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's AutoSchema, plus the shared error answers of the view's plumbing."""

    def shared_responses(self, operation: dict) -> dict:
        """{status: OpenApiResponse} that this operation can answer whatever its view does."""
        view = self.view
        authenticators = list(getattr(view, "authentication_classes", ()))
        has_body = "requestBody" in operation
        found = {400: BAD_REQUEST}
        if authenticators:
            found[401] = NOT_SIGNED_IN
        if self.method in UNSAFE and any(
            issubclass(a, SessionAuthentication) for a in authenticators
        ):
            found[403] = CSRF_OR_FORBIDDEN
        if "{" in self.path:
            found[404] = NOT_FOUND
        if has_body or self.method == "POST":
            found[413] = TOO_LARGE
        if has_body:
            found[415] = UNSUPPORTED
        if getattr(view, "throttle_classes", ()):
            found[429] = TOO_MANY
        if self.method in UNSAFE:
            found[409] = KEY_STILL_RUNNING
            found[422] = KEY_REUSED
        return found

    def get_override_parameters(self):
        """The view's own, and `Idempotency-Key` on every unsafe operation."""
        parameters = list(super().get_override_parameters())
        if self.method in UNSAFE:
            parameters.append(IDEMPOTENCY_KEY)
        return parameters

    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation["responses"]
        for status, response in self.shared_responses(operation).items():
            code = str(status)
            if code in responses:
                continue
            responses = _inserted(responses, code, self._get_response_for_code(response, code))
        for code in ("409", "429", "503"):
            if code in responses:
                responses[code].setdefault("headers", {}).update(RETRY_AFTER)
        operation["responses"] = responses
        return operation


def _inserted(responses: dict, code: str, response: dict) -> dict:
    """`responses` with `code` added before the first larger status, the others kept in their
    order (so the schema only gains lines)."""
    items = list(responses.items())
    at = next((i for i, (c, _) in enumerate(items) if c.isdigit() and int(c) > int(code)), None)
    at = len(items) if at is None else at
    items.insert(at, (code, response))
    return dict(items)
