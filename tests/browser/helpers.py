"""What the browser tests share besides fixtures: signing a person in."""

from __future__ import annotations

from playwright.sync_api import expect

PASSWORD = "correct horse battery"  # tests.factories.UserFactory


def log_in(page, username: str) -> None:
    """Sign in through the login form, as a person would; waits for the top bar to say so."""
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator(".topbar")).to_contain_text(f"Log out {username}")
