"""Forms of the canoe games' pages: a module per subject (sessions)."""
