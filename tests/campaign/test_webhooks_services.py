"""A campaign's webhook: each chronicle entry posted once, when its game's last post-game is
committed, to a local receiver here (FRONTIER_WEBHOOK_ALLOW_PRIVATE); retried on 5xx; private,
loopback, link-local and other non-public addresses refused, names resolving to them too, when
saved and again before each post.

People: the demo's alice (organiser) and bob, playing the demo game.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from campaign import services, tasks
from campaign.demo import DEMO_CAMPAIGN, load_demo
from campaign.errors import CampaignError
from campaign.models import GameReport, WebhookPost
from campaign.services import webhooks
from core import outbound
from tests.factories import UserFactory


class Receiver:
    """An HTTP server on this machine that keeps every POST and answers the statuses queued in
    `answers` (204 once they run out), after `delay` seconds."""

    def __init__(self):
        self.posts: list[dict] = []
        self.answers: list[int] = []
        self.delay = 0.0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers["Content-Length"])
                receiver.posts.append(
                    {
                        "path": self.path,
                        "host": self.headers["Host"],
                        "body": json.loads(self.rfile.read(length)),
                    }
                )
                time.sleep(receiver.delay)
                self.send_response(receiver.answers.pop(0) if receiver.answers else 204)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/api/webhooks/1/secret"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver(settings):
    settings.FRONTIER_WEBHOOK_ALLOW_PRIVATE = True
    made = Receiver()
    yield made
    made.close()


@pytest.fixture
def alice(db):
    return UserFactory(username="alice")


def play_the_demo(capture):
    """The demo game, filed and both post-games committed, the tasks sent after each commit."""
    with capture(execute=True):
        campaign = load_demo()
    return campaign, GameReport.objects.get(campaign=campaign)


def test_each_chronicle_entry_is_posted_once_to_the_webhook(
    alice, receiver, django_capture_on_commit_callbacks
):
    services.campaign_create(
        organiser=alice, name=DEMO_CAMPAIGN, is_public=True, webhook_url=receiver.url
    )
    campaign, game = play_the_demo(django_capture_on_commit_callbacks)
    assert len(receiver.posts) == 1
    post = receiver.posts[0]
    assert post["path"] == "/api/webhooks/1/secret"
    body = post["body"]
    assert "Magalakutway (alice) beat The 44th Foot Patrol (bob)." in body["content"]
    assert len(body["content"]) <= 2000
    assert body["allowed_mentions"] == {"parse": []}
    [embed] = body["embeds"]
    assert embed["title"] == "Game 1: Magalakutway v The 44th Foot Patrol"
    assert embed["url"].endswith(f"/games/{game.id}/")
    assert "Swift Otter" in embed["description"]
    assert [f["name"] for f in embed["fields"]][-1:] == ["The league after it"]
    row = WebhookPost.objects.get(campaign=campaign, game=game)
    assert row.state == WebhookPost.State.SENT and row.attempts == 1 and row.body == body
    # Delivered again (a worker lost after posting, a second message), or asked again (a
    # sequence restarted and committed anew): the entry is not posted twice.
    tasks.post_chronicle_entry_task.apply(kwargs={"post_id": row.pk})
    assert webhooks.webhook_queue_entry(game=game) == row
    assert len(receiver.posts) == 1


def test_nothing_is_posted_until_the_games_last_sequence_is_committed(
    battle, receiver, django_capture_on_commit_callbacks
):
    services.campaign_update(campaign=battle.campaign, webhook_url=receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        assert webhooks.webhook_queue_entry(game=battle) is None  # both sequences open
    assert receiver.posts == [] and not WebhookPost.objects.exists()


def test_a_campaign_without_a_webhook_posts_nothing(
    alice, receiver, django_capture_on_commit_callbacks
):
    play_the_demo(django_capture_on_commit_callbacks)
    assert receiver.posts == [] and not WebhookPost.objects.exists()


@pytest.fixture
def queued(alice, receiver, django_capture_on_commit_callbacks, monkeypatch):
    """The demo played with its post queued but not sent (no worker has taken it yet)."""
    services.campaign_create(
        organiser=alice, name=DEMO_CAMPAIGN, is_public=True, webhook_url=receiver.url
    )
    with monkeypatch.context() as patch:
        patch.setattr(webhooks, "send_on_commit", lambda *args, **kwargs: None)
        campaign, game = play_the_demo(django_capture_on_commit_callbacks)
    return WebhookPost.objects.get(campaign=campaign, game=game)


@pytest.fixture
def as_a_worker(settings):
    """The task as a worker runs it, retries and all (apply() runs each retry at once)."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    conf = tasks.post_chronicle_entry_task.app.conf
    propagates, conf.task_eager_propagates = conf.task_eager_propagates, False
    yield
    conf.task_eager_propagates = propagates


def test_a_post_answered_5xx_is_retried_until_it_goes_through(queued, receiver, as_a_worker):
    receiver.answers = [503, 500]
    tasks.post_chronicle_entry_task.apply(kwargs={"post_id": queued.pk})
    assert len(receiver.posts) == 3
    queued.refresh_from_db()
    assert queued.state == WebhookPost.State.SENT and queued.attempts == 3 and queued.error == ""


def test_a_post_that_keeps_failing_is_marked_failed_after_its_retries(
    queued, receiver, as_a_worker
):
    receiver.answers = [502] * 20
    tasks.post_chronicle_entry_task.apply(kwargs={"post_id": queued.pk})
    assert len(receiver.posts) == 1 + webhooks.RETRIES
    queued.refresh_from_db()
    assert queued.state == WebhookPost.State.FAILED and queued.status_code == 502


def test_a_host_that_does_not_answer_in_time_is_tried_again_later(queued, receiver, monkeypatch):
    monkeypatch.setattr(webhooks, "TIMEOUT_SECONDS", 0.2)
    receiver.delay = 1.0
    with pytest.raises(webhooks.WebhookRetry):
        webhooks.webhook_post(post_id=queued.pk, final=False)
    queued.refresh_from_db()
    assert queued.state == WebhookPost.State.QUEUED and "reach" in queued.error


def test_a_post_refused_with_4xx_is_not_retried(queued, receiver):
    receiver.answers = [404]
    tasks.post_chronicle_entry_task.apply(kwargs={"post_id": queued.pk})
    assert len(receiver.posts) == 1
    queued.refresh_from_db()
    assert queued.state == WebhookPost.State.FAILED and queued.status_code == 404


def test_the_post_goes_to_the_address_that_was_checked(queued, receiver, monkeypatch):
    """Pinned: the name is resolved once, checked, and the connection made to that address
    (this name resolves nowhere else: the receiver gets the post, its Host header the name)."""
    looked_up = []

    def resolve(host, port):
        looked_up.append(host)
        return ["127.0.0.1"]

    monkeypatch.setattr(outbound, "resolve", resolve)
    url = f"http://hooks.frontier.invalid:{receiver.port}/hook"
    queued.campaign.webhook_url = url
    queued.campaign.save(update_fields=["webhook_url"])
    webhooks.webhook_post(post_id=queued.pk, final=True)
    assert looked_up == ["hooks.frontier.invalid"]
    assert receiver.posts[0]["host"] == f"hooks.frontier.invalid:{receiver.port}"


# --- refused addresses -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "url, why",
    [
        ("http://discord.example/api/webhooks/1/x", "https://"),
        ("https://127.0.0.1/hook", "loopback"),
        ("https://[::1]/hook", "loopback"),
        ("https://[::ffff:127.0.0.1]/hook", "loopback"),
        ("https://10.1.2.3/hook", "private"),
        ("https://192.168.1.20/hook", "private"),
        ("https://169.254.169.254/latest/meta-data", "link-local"),
        ("https://[fe80::1]/hook", "link-local"),
        ("https://0.0.0.0/hook", "unspecified"),
        ("https://224.0.0.1/hook", "multicast"),
        ("https://240.0.0.1/hook", "reserved"),
        ("https://100.64.0.1/hook", "non-public"),
        ("https://user:pw@discord.example/hook", "user name"),
        ("https:///hook", "no host"),
    ],
)
def test_an_address_that_is_not_public_https_is_refused(db, url, why, monkeypatch):
    monkeypatch.setattr(outbound, "resolve", lambda host, port: [host.strip("[]")])
    with pytest.raises(CampaignError) as refused:
        webhooks.webhook_check_url(url)
    assert why in refused.value.message and refused.value.field == "webhook_url"


@pytest.mark.parametrize(
    "addresses",
    [["10.0.0.7"], ["127.0.0.1"], ["169.254.10.1"], ["93.184.215.14", "192.168.0.9"], ["fd00::5"]],
    ids=["private", "loopback", "link-local", "one-of-several", "unique-local-v6"],
)
def test_a_name_that_resolves_to_a_private_address_is_refused(db, addresses, monkeypatch):
    monkeypatch.setattr(outbound, "resolve", lambda host, port: addresses)
    with pytest.raises(CampaignError, match="public host"):
        webhooks.webhook_check_url("https://hooks.example.org/api/webhooks/1/secret")


def test_a_name_that_resolves_to_public_addresses_is_kept(db, monkeypatch):
    monkeypatch.setattr(outbound, "resolve", lambda host, port: ["93.184.215.14", "2606:2800::1"])
    url = "https://hooks.example.org/api/webhooks/1/secret"
    assert webhooks.webhook_check_url(f"  {url} ") == url


def test_a_name_that_no_longer_resolves_to_a_public_address_gets_no_post(
    queued, receiver, settings, monkeypatch
):
    """Checked again right before each post: DNS changed since the address was saved."""
    settings.FRONTIER_WEBHOOK_ALLOW_PRIVATE = False
    monkeypatch.setattr(outbound, "resolve", lambda host, port: ["93.184.215.14"])
    services.campaign_update(
        campaign=queued.campaign, webhook_url="https://hooks.example.org/api/webhooks/1/x"
    )
    monkeypatch.setattr(outbound, "resolve", lambda host, port: ["127.0.0.1"])
    webhooks.webhook_post(post_id=queued.pk, final=False)
    queued.refresh_from_db()
    assert queued.state == WebhookPost.State.FAILED and "loopback" in queued.error
    assert receiver.posts == []


def test_saving_a_private_address_is_refused_and_nothing_is_kept(campaign, monkeypatch):
    monkeypatch.setattr(outbound, "resolve", lambda host, port: ["10.0.0.7"])
    with pytest.raises(CampaignError):
        services.campaign_update(campaign=campaign, webhook_url="https://intranet.example/hook")
    campaign.refresh_from_db()
    assert campaign.webhook_url == ""


def test_a_long_entry_keeps_within_discords_limits(queued):
    entry = webhooks.chronicle_entry(queued.game)
    long = entry.__class__(
        **{**entry.__dict__, "title": "T" * 400, "statements": entry.statements * 200}
    )
    body = webhooks.entry_message(long, "C" * 3000)
    embed = body["embeds"][0]
    assert len(body["content"]) <= webhooks.CONTENT_MAX
    assert len(embed["title"]) <= webhooks.TITLE_MAX
    assert len(embed["description"]) <= webhooks.DESCRIPTION_MAX
    total = len(embed["title"]) + len(embed["description"]) + len(embed["footer"]["text"])
    total += sum(len(f["name"]) + len(f["value"]) for f in embed["fields"])
    assert total <= webhooks.EMBED_MAX


def test_names_are_shown_as_typed_not_read_as_markdown_or_links():
    assert webhooks._plain("**Rangers** [click](https://x.example) `x`") == (
        "\\*\\*Rangers\\*\\* \\[click\\](https://x.example) \\`x\\`"
    )
