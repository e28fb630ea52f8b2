"""What the browser tests share besides fixtures: signing a person in, waiting for htmx."""

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


def htmx_ready(page) -> None:
    """The page's htmx has wired it up. htmx is a deferred script that starts at
    DOMContentLoaded, and a click that opens a page returns once the new page starts loading:
    a change made before htmx listens is lost (the campaign chase's form kept the rowers of two
    canoes after one was chosen, when a busy machine loaded the script late)."""
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
