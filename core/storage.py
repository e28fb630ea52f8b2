"""The static files' storage of a server (DEBUG off): whitenoise's, with each file's URL worked
out once per process. A page names a dozen static files; the manifest that maps each to its
hashed name is read once at start-up and does not change while the server runs."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name, force=False):
        if force:
            return super().url(name, force)
        found = self._urls.get(name)
        if found is None:
            found = self._urls[name] = super().url(name)
        return found
