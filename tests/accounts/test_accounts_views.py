"""Accounts people can keep: an e-mail at sign-up, a profile (display name, e-mail, which
e-mails), password change, and password reset by e-mail (Django's own views, the locmem
outbox in tests). Plus the top bar's inbox badge, for players only."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone

from accounts.models import Profile

PASSWORD = "correct horse battery"


def test_sign_up_takes_an_optional_email(client, db):
    response = client.post(
        "/accounts/signup/",
        {"username": "uncas", "email": "uncas@club.example", "password1": "Lake-George-1757",
         "password2": "Lake-George-1757"},
    )  # fmt: skip
    assert response.status_code == 302
    assert get_user_model().objects.get(username="uncas").email == "uncas@club.example"
    response = client.post(
        "/accounts/signup/",
        {"username": "chingach", "password1": "Lake-George-1757", "password2": "Lake-George-1757"},
    )
    assert response.status_code == 302
    assert get_user_model().objects.get(username="chingach").email == ""


def test_the_login_page_links_forgot_your_password(client, db):
    page = client.get("/accounts/login/").content.decode()
    assert '<a href="/accounts/password/reset/">Forgot your password?</a>' in page


def test_the_profile_saves_name_email_and_email_choices(client, mohawk):
    client.force_login(mohawk)
    page = client.get("/accounts/profile/").content.decode()
    assert 'value="confirm_report"' in page and 'value="run_postgame"' in page
    assert 'value="your_turn"' not in page  # canoe turns are never mailed
    response = client.post(
        "/accounts/profile/",
        {
            "display_name": "  Magua ",
            "email": "magua@club.example",
            "email_kinds": ["run_postgame"],
        },
    )
    assert response.status_code == 302
    profile = Profile.objects.get(user=mohawk)
    assert profile.display_name == "Magua"
    assert profile.email_off == ["confirm_report", "dice_changed", "settle_captive"]
    mohawk.refresh_from_db()
    assert mohawk.email == "magua@club.example"
    assert profile.wants_email("run_postgame") and not profile.wants_email("confirm_report")
    assert "Hello Magua" in client.get("/").content.decode()


def test_a_bad_email_is_an_error_in_place_and_changes_nothing(client, mohawk):
    client.force_login(mohawk)
    response = client.post("/accounts/profile/", {"email": "not an address"})
    assert response.status_code == 200
    assert "Enter a valid email address." in response.content.decode()
    mohawk.refresh_from_db()
    assert mohawk.email == "mohawk@club.example"
    assert not Profile.objects.exists()


def test_the_profile_needs_a_login(client, db):
    response = client.get("/accounts/profile/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_password_change(client, mohawk):
    client.force_login(mohawk)
    response = client.post(
        "/accounts/password/change/",
        {"old_password": PASSWORD, "new_password1": "Fort-William-Henry",
         "new_password2": "Fort-William-Henry"},
    )  # fmt: skip
    assert response.status_code == 302
    mohawk.refresh_from_db()
    assert mohawk.check_password("Fort-William-Henry")


def test_password_reset_by_email_from_the_link_in_the_mail(client, mohawk):
    response = client.post("/accounts/password/reset/", {"email": "mohawk@club.example"})
    assert response.status_code == 302
    [message] = mail.outbox
    assert message.to == ["mohawk@club.example"]
    assert message.subject == "Frontier: choose a new password"
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body).group(1)
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "Fort-Carillon-58", "new_password2": "Fort-Carillon-58"},
        follow=True,
    )
    assert "Password set" in done.content.decode()
    mohawk.refresh_from_db()
    assert mohawk.check_password("Fort-Carillon-58")
    assert "This link no longer works" in client.get(link, follow=True).content.decode()


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, mohawk):
    response = client.post("/accounts/password/reset/", {"email": "nobody@club.example"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password/reset/sent/"
    assert mail.outbox == []


def test_the_top_bar_badge_counts_the_inbox_for_a_player(client, mohawk, monkeypatch):
    from accounts import inbox

    client.force_login(mohawk)
    page = client.get("/play/").content.decode()
    assert 'aria-label="Inbox: 0 waiting"' in page
    assert 'class="badge"' not in page
    calls = []

    def one_report(user):
        calls.append(user)
        yield inbox.Item("confirm_report", "A v B", "/games/1/", timezone.now(), "Confirm")

    monkeypatch.setattr(inbox, "SOURCES", [one_report])
    page = client.get("/play/").content.decode()
    assert 'aria-label="Inbox: 1 waiting"' in page
    assert '<span class="badge">1</span>' in page
    home = client.get("/").content.decode()  # the badge and the dashboard share one reading
    assert len(calls) == 2
    assert '<a class="button" href="/games/1/">Confirm</a>' in home


def test_anonymous_pages_show_no_badge_and_ask_nothing_of_the_inbox(client, db, monkeypatch):
    from accounts import inbox

    def refuse(user):
        raise AssertionError("the inbox was read for an anonymous visitor")

    monkeypatch.setattr(inbox, "SOURCES", [refuse])
    page = client.get("/play/").content.decode()
    assert "Inbox" not in page
