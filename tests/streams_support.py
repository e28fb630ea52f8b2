"""Reading a Server-Sent Events answer in a test, as runserver serves it (a generator in the
request's thread, fed by this process's hub: core.events, core.streams)."""

from __future__ import annotations

import json

from django.core.signals import request_finished
from django.db import close_old_connections


class Stream:
    """An open stream, read one event at a time (keep-alive comments counted apart)."""

    def __init__(self, response):
        assert response.status_code == 200, response.content
        assert response["Content-Type"] == "text/event-stream"
        self.chunks = iter(response.streaming_content)
        self.response = response
        self.keep_alives = 0

    def next_event(self, patience: int = 3) -> dict | None:
        """The next event as {id, event, data}, or None after `patience` keep-alives."""
        for chunk in self.chunks:
            text = chunk.decode()
            if text.startswith(": keep-alive"):
                self.keep_alives += 1
                if self.keep_alives >= patience:
                    self.keep_alives = 0
                    return None
                continue
            if text.startswith("retry:"):
                continue
            fields = dict(line.split(": ", 1) for line in text.strip().splitlines())
            return {
                "id": int(fields["id"]) if "id" in fields else None,
                "event": fields["event"],
                "data": json.loads(fields["data"]),
            }
        return None

    def close(self):
        """The reader goes away: the answer is closed as a server closes it (without closing
        the test's own database connection, as Django's test client does)."""
        self.response._iterator.close()  # the test client's wrapper, if it started
        request_finished.disconnect(close_old_connections)
        try:
            self.response.close()
        finally:
            request_finished.connect(close_old_connections)
