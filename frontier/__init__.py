"""Frontier's release number: shown by /healthz and the pages' footer, recorded by each worker's
heartbeat (core.heartbeat: /healthz names a worker left on an older release). Kept equal to
pyproject.toml's `version`; CHANGELOG.md says what each release asks of the operator."""

__version__ = "0.2.0"
