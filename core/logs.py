"""Log lines an operator can read and search: time, level, process and the request's id.

Every line of every process (gunicorn's workers, the Celery workers, beat) is one line of
`key=value` pairs, the message last and quoted (docs/club-server/README.md#logs):

    time=2026-11-26T20:15:03.412+0000 level=WARNING process=4242 request=5f0c… \
logger=core.queue msg="Broker unreachable (…): running chase.win_odds inline."

`RequestIdMiddleware` gives each request an id: the `X-Request-ID` a proxy sent, if it looks
like one, else a new one; it is answered in the `X-Request-ID` header, so gunicorn's access log
(config/gunicorn.py) prints it too. In a worker, a task's lines carry its task id instead.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import time
import uuid

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")

# An incoming id is kept only if it is short and plain (letters, digits, - _ . :), so a client
# cannot write a line break or a fake `key=value` into the log.
SANE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,63}")
HEADER = "X-Request-ID"


def new_id() -> str:
    return uuid.uuid4().hex


def incoming_id(value: str | None) -> str:
    """The id to log a request under: the one the client or proxy sent if sane, else a new one."""
    if value and SANE_ID.fullmatch(value):
        return value
    return new_id()


class RequestIdMiddleware:
    """First in MIDDLEWARE: every later line of the request carries its id."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.request_id = incoming_id(request.headers.get(HEADER))
        # Kept until the response is closed (request_finished, below): Django logs a 4xx or 5xx
        # answer ("Not Found: /x") after the middleware has returned.
        request_id.set(request.request_id)
        response = self.get_response(request)
        response[HEADER] = request.request_id
        return response


def on_request_finished(**kwargs) -> None:
    """Django's `request_finished` (connected in core.apps): lines between requests have none."""
    request_id.set("-")


class RequestIdFilter(logging.Filter):
    """Adds `request_id` to every record (`-` outside a request or a task)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


class KeyValueFormatter(logging.Formatter):
    """One line per record: time (ISO 8601, the process's time zone), level, process, request
    id, logger and the message, quoted as JSON quotes a string (a line break in a message stays
    `\\n`). A traceback follows on its own lines, as Python prints it."""

    def formatTime(self, record, datefmt=None):  # noqa: N802 - logging's name
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(record.created))
        zone = time.strftime("%z", time.localtime(record.created))
        return f"{stamp}.{int(record.msecs):03d}{zone}"

    def format(self, record: logging.LogRecord) -> str:
        line = (
            f"time={self.formatTime(record)} level={record.levelname} process={record.process} "
            f"request={getattr(record, 'request_id', '-')} logger={record.name} "
            f"msg={json.dumps(record.getMessage(), ensure_ascii=False)}"
        )
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        if record.stack_info:
            line += "\n" + self.formatStack(record.stack_info)
        return line


# A task's lines carry its task id (Celery's task_prerun/task_postrun, connected in
# config/celery.py). A task run in-process inside a request (`make run`) keeps the request's id.
_task_tokens: dict[str, contextvars.Token] = {}


def on_task_prerun(task_id=None, **kwargs) -> None:
    if task_id and request_id.get() == "-":
        _task_tokens[task_id] = request_id.set(f"task:{task_id}")


def on_task_postrun(task_id=None, **kwargs) -> None:
    token = _task_tokens.pop(task_id, None)
    if token is not None:
        request_id.reset(token)


def on_celery_logging(logger=None, **kwargs) -> None:
    """Celery's `after_setup_logger` and `after_setup_task_logger` (config/celery.py): the
    handlers a worker or beat set up (its console, its --logfile) write these lines too."""
    for handler in getattr(logger, "handlers", []):
        handler.setFormatter(KeyValueFormatter())
        if not any(isinstance(f, RequestIdFilter) for f in handler.filters):
            handler.addFilter(RequestIdFilter())
