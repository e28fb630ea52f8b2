"""Reads of the canoe games that need care: a module per subject (sessions, ratings)."""
