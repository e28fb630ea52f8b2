"""One DRF exception handler: every 400 is a JSON body naming the field and the reason.

Every 400 the API sends has the same two keys a client can rely on:

    {"detail": "...", "errors": [{"rule": "C3" | null, "field": "figures[0].equipment" | null,
                                  "message": "..."}]}

Domain errors (core.domain_errors.DomainError: the rules', the engines' and the services')
carry the ruling id in `rule` and answer their own status (400, or 403/404/409 for a game
session).
Serializer errors have `rule: null`, and keep DRF's standard per-field dict beside the two keys
(`{"name": ["This field is required."], "detail": ..., "errors": [...]}`), so a client written
for plain DRF still finds its field errors. Nested fields are written as paths in the same form
the rules use (`figures[2].equipment[0]`). Other statuses (401/403/404) keep DRF's `{"detail"}`.
"""

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.serializers import as_serializer_error
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from core.domain_errors import DomainError, message_of, problems, status_of


def error_body(error: BaseException) -> dict:
    """{detail, errors: [{rule, field, message}]} for a domain error."""
    found = problems(error)
    return {
        "detail": getattr(error, "detail", None) or message_of(error),
        "errors": [
            {
                "rule": getattr(p, "rule", None),
                "field": getattr(p, "field", None),
                "message": message_of(p),
            }
            for p in found
        ],
    }


def _flatten(detail, path: str = "") -> list[dict]:
    """DRF's nested error structure as a flat list of {rule, field, message}."""
    if isinstance(detail, dict):
        found = []
        for key, value in detail.items():
            if key == api_settings.NON_FIELD_ERRORS_KEY:
                child = path
            elif isinstance(key, int):  # ListField and DictField errors are keyed by index
                child = f"{path}[{key}]"
            else:
                child = f"{path}.{key}" if path else str(key)
            found += _flatten(value, child)
        return found
    if isinstance(detail, list):
        found = []
        for index, value in enumerate(detail):
            if isinstance(value, dict | list):  # a nested serializer's errors, one per item
                found += _flatten(value, f"{path}[{index}]")
            else:
                found += _flatten(value, path)
        return found
    if not detail:  # an item of a list of nested serializers that had no error
        return []
    return [{"rule": None, "field": path or None, "message": str(detail)}]


def validation_body(detail) -> dict:
    fields = detail if isinstance(detail, dict) else {api_settings.NON_FIELD_ERRORS_KEY: detail}
    return {**fields, "detail": "Invalid input.", "errors": _flatten(fields)}


def exception_handler(exc, context):
    if isinstance(exc, DomainError):
        set_rollback()  # services are atomic already; this covers ATOMIC_REQUESTS too
        retry = getattr(exc, "retry_after", None)  # a 429 or 503: when to ask again
        headers = {"Retry-After": str(retry)} if retry else None
        return Response(error_body(exc), status=status_of(exc), headers=headers)
    if isinstance(exc, DjangoValidationError):
        # A model's full_clean() in a service: a safety net behind the serializers' own bounds.
        exc = exceptions.ValidationError(as_serializer_error(exc))
    response = drf_exception_handler(exc, context)
    if response is None or response.status_code != status.HTTP_400_BAD_REQUEST:
        return response
    if isinstance(exc, exceptions.ValidationError):
        response.data = validation_body(response.data)
    elif isinstance(response.data, dict) and "errors" not in response.data:
        # A ParseError (malformed JSON) and the like: the same shape, with no field.
        message = str(response.data.get("detail", "Bad request."))
        response.data = {
            "detail": message,
            "errors": [{"rule": None, "field": None, "message": message}],
        }
    return response
