"""Password-reset requests are limited per e-mail address (silently) and per network (openly)."""

from __future__ import annotations

from django.core import mail

from tests.factories import UserFactory

RESET = "/accounts/password/reset/"


def ask(client, email="mohawk@club.example", address="203.0.113.7"):
    return client.post(RESET, {"email": email}, REMOTE_ADDR=address)


def test_one_address_gets_at_most_the_hourly_mails_and_the_same_answer_after(
    client, mohawk, settings
):
    settings.PASSWORD_RESET_PER_EMAIL = 3
    answers = [ask(client, address=f"203.0.113.{n}") for n in range(5)]
    assert [a.status_code for a in answers] == [302] * 5
    assert {a["Location"] for a in answers} == {"/accounts/password/reset/sent/"}
    assert len(mail.outbox) == 3
    # The count is per address, whatever its case or spaces.
    ask(client, email="  MOHAWK@club.example ", address="203.0.113.99")
    assert len(mail.outbox) == 3
    other = UserFactory(username="uncas", email="uncas@club.example")
    ask(client, email=other.email, address="203.0.113.100")
    assert [m.to for m in mail.outbox[3:]] == [["uncas@club.example"]]


def test_one_network_is_told_to_wait_and_sends_nothing_more(client, mohawk, settings):
    settings.PASSWORD_RESET_PER_ADDRESS = 2
    settings.PASSWORD_RESET_PER_EMAIL = 100
    assert [ask(client).status_code for _ in range(2)] == [302, 302]
    refused = ask(client)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "Too many password-reset requests from your network" in refused.content.decode()
    assert len(mail.outbox) == 2
    # Another network is not held up by the first.
    assert ask(client, address="198.51.100.4").status_code == 302
    assert len(mail.outbox) == 3


def test_an_unknown_address_counts_too_and_still_gets_the_usual_answer(client, db, settings):
    settings.PASSWORD_RESET_PER_ADDRESS = 1
    assert ask(client, email="nobody@club.example")["Location"] == "/accounts/password/reset/sent/"
    assert ask(client, email="nobody@club.example").status_code == 429
    assert mail.outbox == []
