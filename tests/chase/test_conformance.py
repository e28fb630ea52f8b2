"""The conformance suite: what every registered canoe game must be, checked for each kind the
registry (`chase.games.kinds()`) holds, so that a game is checked the day it is registered with
no list to update. The toy game of `toy_game.py`, registered here only (through the registry,
as a fifth game would be), runs through every test too: the proof that the suite picks a new
game up.

For each game:
- its options table: every default valid, every choice accepted, a value out of range refused
  naming the option (its path), and the lobby's form and the API agreeing on the defaults;
- 200 seeded games with random legal actions and 200 with the computer at every seat (or as
  many of them as fit in 50,000 actions, for a game whose random play wanders: random
  Moosehead trips average some 2,300 actions, so about 20 of them) end within the bound the
  engine states (`max_actions`: worked out from the board for the Moosehead trip), on the
  shortest options (every whole number at its least), and no position reached leaves the seats
  with no legal action while the game goes on;
- replay from the logged chance gives the same states (the engine's, and the service's
  `session_replay` of a game played through it), and `apply` never changes the state it is
  given; `playout` equals stepping through `apply`;
- hidden information and odds: `determinize` never changes what the asking seat sees (the
  seat's `seat_view` is the same whichever way the hidden parts are dealt), the odds share out
  among the sides the game declares (`odds_sides`), and the odds endpoint and page answer 200
  from the start and from the middle of a game;
- the computer's levels (`chase.engines.levels`): a game with easy, normal or hard at each seat
  in turn (the others normal) ends within the bound; the hard computer's choice never changes
  with what its seat may not see (two positions the seat cannot tell apart, told apart by a
  fresh deal of their hidden parts, give the same choice and the same means from one seed);
- what the ratings and the balance lab read: a finished game is rated by the finishing order
  the game declares (`finishing_order`), and a lab run plays it and counts each winner in the
  groups the game declares (`lab_groups`, `lab_group`) and its length in its `length`.

Measured on this machine (2 cores): see docs/development/adding-a-game.md.
"""

from __future__ import annotations

import pytest

from chase import games
from chase.engines import lab as lab_rules
from chase.engines.base import OptionsError
from chase.engines.chance import RandomChance, ScriptedChance
from chase.engines.levels import LEVELS, Search, computer_move, hard_search
from chase.engines.odds import win_odds
from chase.forms.sessions import OptionsForm
from chase.games import game_for, get_engine, kinds
from chase.models import GameSession, RatedPlace, Rating
from chase.services import lab
from chase.services import sessions as services
from chase.services.ratings import ratings_rebuild
from tests.chase import toy_game
from tests.chase.conftest import play_randomly
from tests.chase.ratings_helpers import finish
from tests.factories import UserFactory

GAMES = 200  # seeded games per player kind and per game ...
ACTIONS = 50_000  # ... or as many of them as fit in this many actions (the seeds stay fixed)
REPLAYED = 10  # games replayed from their log, per game (half on the shortest options)
TOY = toy_game.GAME.kind
KINDS = [*kinds(), TOY]  # the registry's kinds; the toy game joins through the fixture below


@pytest.fixture(params=KINDS)
def kind(request, monkeypatch):
    """Each registered kind; for the toy game, the registry with it registered as a fifth."""
    if request.param == TOY:
        registered = dict(games.registry())
        monkeypatch.setattr(games, "registry", lambda: {**registered, TOY: toy_game.GAME})
    return request.param


def shortest(engine) -> dict:
    """The shortest game the options allow: every whole number in the lobby at its least."""
    return engine.clean_options(
        {o.name: o.min for o in engine.options if o.kind == "int" and o.lobby}
    )


def play(engine, options, seed, pick):
    """A seeded game with `pick` ("random_action" or "computer_action") at every seat: each
    state reached, checking that someone can act while the game goes on."""
    chance = RandomChance(seed)
    state = engine.new_game(options, chance).state
    bound = engine.max_actions(options)
    states = [state]
    while engine.status(state) == "playing":
        role = engine.seat_to_act(state)
        assert role is not None, f"seed {seed}: nobody can act, yet the game goes on"
        action = getattr(engine, pick)(state, role, chance)
        state = engine.apply(state, role, action, chance).state
        states.append(state)
        assert len(states) - 1 <= bound, f"seed {seed}: not over after {bound} actions"
    return states


# --- the options table ---------------------------------------------------------------------------


def test_the_game_states_an_options_table_and_a_bound(kind):
    engine = get_engine(kind)
    defaults = engine.clean_options({})

    assert [o.name for o in engine.options] == list(defaults)
    assert engine.max_actions(defaults) and engine.max_actions(shortest(engine))


def test_every_default_of_the_table_is_valid(kind):
    engine = get_engine(kind)
    defaults = engine.clean_options({})

    for name, value in defaults.items():
        assert engine.clean_options({name: value})[name] == value, name
    assert engine.clean_options(defaults) == defaults  # cleaning twice changes nothing


def test_every_choice_of_the_table_is_accepted(kind):
    engine = get_engine(kind)
    for option in engine.options:
        if option.kind == "choice":
            for value in option.values():
                assert engine.clean_options({option.name: value})[option.name] == value
        elif option.kind == "list" and option.item is not None and option.item.kind == "choice":
            # Each choice in the place of the default's first entry (a list may have rules of
            # its own over its entries, as the weather dial's Calm: M3).
            default = engine.clean_options({})[option.name]
            for value in option.item.values():
                chosen = [value, *default[1:]] if default else [value] * max(option.min or 1, 1)
                assert engine.clean_options({option.name: chosen})[option.name] == chosen


def _out_of_range(option):
    """Values the option must refuse, by its kind."""
    if option.kind == "int":
        return [option.min - 1, option.max + 1, "3", True]
    if option.kind == "bool":
        return ["yes", 1]
    if option.kind == "choice":
        return ["no such thing", 3.5]
    if option.kind == "text":
        return ["", 7]
    bad = [7]
    if option.max is not None and not option.per_seat:
        bad.append(
            [option.item.values()[0] if option.item.kind == "choice" else 1] * (option.max + 1)
        )
    return bad


def test_a_value_out_of_range_is_refused_naming_the_option(kind):
    engine = get_engine(kind)
    for option in engine.options:
        for value in _out_of_range(option):
            with pytest.raises(OptionsError) as refused:
                engine.clean_options({option.name: value})
            assert refused.value.field.startswith(option.name), (option.name, value)
            assert option.name in str(refused.value), (option.name, value)


def test_an_unknown_option_is_refused_naming_it(kind):
    with pytest.raises(OptionsError, match="paddles"):
        get_engine(kind).clean_options({"paddles": 2})


@pytest.mark.django_db
def test_the_lobby_form_and_the_api_agree_on_the_options(kind, api):
    engine = get_engine(kind)
    form = OptionsForm(kind=kind)
    data = {}
    for name, field in form.fields.items():
        initial = form.initial.get(name, field.initial)
        if initial not in (None, False, ""):
            data[f"{kind}-{name}"] = initial
        placeholder = field.widget.attrs.get("placeholder")
        if placeholder:
            data[f"{kind}-{name}"] = placeholder  # a seat's name as the lobby shows it
    posted = OptionsForm(data, kind=kind)

    assert posted.is_valid(), posted.errors
    assert engine.clean_options(posted.options()) == engine.clean_options({})
    lobby = {o.name for o in engine.options if o.lobby}
    drawn = {name.split("-")[0] for name in form.fields}
    assert lobby <= drawn  # every lobby option of the table has its field(s)
    described = next(g for g in api.get("/api/rules/canoe-games/").json() if g["kind"] == kind)
    assert [o["name"] for o in described["options"]] == [o.name for o in engine.options]


# --- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("pick", ["random_action", "computer_action"], ids=["random", "computer"])
def test_seeded_games_end_within_the_stated_bound(kind, pick):
    engine = get_engine(kind)
    options = shortest(engine)
    actions = 0
    for seed in range(GAMES):
        states = play(engine, options, seed, pick)
        assert engine.status(states[-1]) == "finished"
        actions += len(states) - 1
        if actions >= ACTIONS:
            break
    assert seed >= 10, f"only {seed + 1} games fit in {ACTIONS} actions"


def _mixed(engine, state, role, chance):
    """The computer at every other seat (in the order of `roles`) and random play at the rest,
    as the games' own property tests mixed them."""
    if engine.roles(state["options"]).index(role) % 2:
        return engine.computer_action(state, role, chance)
    return engine.random_action(state, role, chance)


def test_replay_from_the_log_gives_the_same_states(kind):
    """Each game of the replay is logged as the app logs it (the setup's outcomes, then each
    action with the outcomes of its own chance) and played back from that log alone, on the
    shortest options and on the defaults, random and computer seats mixed; `apply` never
    changes the state it is given."""
    engine = get_engine(kind)
    for seed in range(REPLAYED):
        options = shortest(engine) if seed % 2 == 0 else engine.clean_options({})
        chance = RandomChance(seed)
        outcome = engine.new_game(options, chance)
        log = [(None, None, list(chance.outcomes), outcome.state)]
        state = outcome.state
        while engine.status(state) == "playing" and len(log) <= engine.max_actions(options):
            role = engine.seat_to_act(state)
            action = _mixed(engine, state, role, RandomChance(seed + len(log)))
            chance = RandomChance(seed * 7919 + len(log))
            frozen = repr(state)
            state = engine.apply(state, role, action, chance).state
            assert repr(log[-1][3]) == frozen, f"seed {seed}: apply changed its input"
            log.append((role, action, list(chance.outcomes), state))
        assert engine.status(state) == "finished", f"seed {seed}"
        replayed = None
        for role, action, outcomes, expected in log:
            script = ScriptedChance(outcomes)
            if role is None:
                replayed = engine.new_game(options, script).state
            else:
                replayed = engine.apply(replayed, role, action, script).state
            assert script.remaining == 0
            assert replayed == expected


def test_playout_equals_stepping_through_apply(kind):
    engine = get_engine(kind)
    options = shortest(engine)
    for seed in range(10):
        start = engine.new_game(options, RandomChance(seed)).state
        for _ in range(seed * 3):  # from the start, and from further into the game
            if engine.status(start) != "playing":
                break
            role = engine.seat_to_act(start)
            start = engine.apply(
                start,
                role,
                engine.computer_action(start, role, RandomChance(seed)),
                RandomChance(seed),
            ).state
        frozen = repr(start)
        stepped = start
        chance = RandomChance(seed + 100, record=False)
        while engine.status(stepped) == "playing":
            role = engine.seat_to_act(stepped)
            action = engine.computer_action(stepped, role, chance)
            stepped = engine.apply(stepped, role, action, chance).state

        assert engine.playout(start, RandomChance(seed + 100, record=False)) == stepped
        assert repr(start) == frozen  # the playout changed nothing it was given


# --- hidden information and odds -----------------------------------------------------------------


def _positions(engine, seed):
    """The start of a game and a position from its middle."""
    options = engine.clean_options({})
    chance = RandomChance(seed)
    state = engine.new_game(options, chance).state
    positions = [state]
    for _ in range(12):
        if engine.status(state) != "playing":
            break
        role = engine.seat_to_act(state)
        state = engine.apply(state, role, engine.computer_action(state, role, chance), chance).state
    if engine.status(state) == "playing":
        positions.append(state)
    return options, positions


def test_determinize_never_changes_what_the_asking_seat_sees(kind):
    engine = get_engine(kind)
    assert engine.odds, f"{kind} has no determinize: 'What are my chances?' cannot answer"
    for seed in range(10):
        options, positions = _positions(engine, seed)
        for state in positions:
            for role in [*engine.roles(options), None]:
                dealt = engine.determinize(state, role, RandomChance(seed + 1))
                assert engine.seat_view(dealt, role) == engine.seat_view(state, role), role
                assert engine.legal_actions(dealt, role or "") == engine.legal_actions(
                    state, role or ""
                )


@pytest.mark.django_db
def test_the_odds_endpoint_answers_from_the_start_and_mid_game(kind, api, settings):
    settings.CHASE_ODDS_PLAYOUTS = 20
    engine = get_engine(kind)
    session = services.session_create(kind=kind, mode="hotseat", options={})
    tokens = {s.role: s.token for s in session.seats.all()}
    for moves in (0, 6):
        for _ in range(moves):
            session = GameSession.objects.get(pk=session.pk)
            state = session.state
            if engine.status(state) != "playing":
                break
            role = engine.seat_to_act(state)
            action = engine.computer_action(state, role, RandomChance(moves))
            services.session_act(
                session_id=session.pk, token=tokens[role], version=session.version, action=action
            )
        session = GameSession.objects.get(pk=session.pk)
        role = engine.seat_to_act(session.state) or engine.roles(session.options)[0]
        response = api.get(f"/api/sessions/{session.pk}/odds/", {"seat": tokens[role]})

        assert response.status_code == 200, (moves, response.content[:300])
        assert response.json()["playouts"] == 20


def test_the_odds_share_out_among_the_sides_the_game_declares(kind):
    engine = get_engine(kind)
    options, positions = _positions(engine, 3)
    sides = engine.odds_sides(options)
    assert sides and len(set(sides)) == len(sides)
    for state in positions:
        for role in [engine.seat_to_act(state), None]:
            odds = win_odds(engine, state, role, sides=sides, playouts=8, seed=1)
            assert list(odds.win) == sides
            assert sum(odds.win.values()) <= 1.0001  # a playout nobody won counts for no side


@pytest.mark.django_db
def test_the_odds_page_answers_from_the_start(kind, client, settings):
    settings.CHASE_ODDS_PLAYOUTS = 8
    created = client.post("/play/new/", {"kind": kind, "mode": "solo"})
    assert created.status_code == 302
    session = GameSession.objects.latest("pk")
    role = next(s.role for s in session.seats.all() if not s.is_computer)

    response = client.get(f"/play/{session.pk}/odds/?role={role}")

    assert response.status_code == 200, response.content[:300]
    assert 'class="odds-percent"' in response.content.decode()


# --- the computer's levels -----------------------------------------------------------------------


def _choices(engine, seed: int, count: int):
    """Up to `count` positions of a computer game (default options) where the seat to act has
    more than one legal action, spread over the game, with that seat."""
    chance = RandomChance(seed)
    state = engine.new_game({}, chance).state
    found = []
    while engine.status(state) == "playing":
        role = engine.seat_to_act(state)
        if len(engine.legal_actions(state, role)) > 1:
            found.append((state, role))
        state = engine.apply(state, role, engine.computer_action(state, role, chance), chance).state
    return found[:: max(1, len(found) // count)][:count]


TINY = Search(playouts=6, seconds=None)  # a hard move's budget here: what is checked is the rules


@pytest.mark.parametrize("level", LEVELS)
def test_a_game_ends_with_each_level_at_each_seat(kind, level):
    engine = get_engine(kind)
    options = shortest(engine)
    for number, seat in enumerate(engine.roles(options)):
        chance = RandomChance(number)
        state = engine.new_game(options, chance).state
        for _ in range(engine.max_actions(options)):
            if engine.status(state) != "playing":
                break
            role = engine.seat_to_act(state)
            if role == seat:
                action = computer_move(engine, state, role, chance, level, search=TINY)
            else:
                action = engine.computer_action(state, role, chance)
            state = engine.apply(state, role, action, chance).state  # the legality check too
        assert engine.status(state) == "finished", (seat, level)


def test_the_hard_computer_never_sees_what_its_seat_may_not(kind):
    """Each position and seat with a choice: the same position with its hidden parts dealt
    afresh (`determinize`, which the seat cannot tell from it: see above) gives the same
    search, to the means, from the same seed; and the positions compared do differ where a
    game hides anything."""
    engine = get_engine(kind)
    searched = differed = 0
    for seed in range(3):
        for state, role in _choices(engine, seed, 3):
            other = engine.determinize(state, role, RandomChance(seed + 50))
            differed += other != state
            search = Search(playouts=24, seconds=None)
            found = hard_search(engine, state, role, RandomChance(seed), search)
            again = hard_search(engine, other, role, RandomChance(seed), search)
            assert found.action == again.action, (seed, role)
            assert found.means == again.means, (seed, role)
            searched += bool(found.means)
    assert searched, "no position with a choice was searched"
    assert differed or kind == TOY, "no two positions differed in what the seat may not see"


# --- what the ratings and the balance lab read ---------------------------------------------------


@pytest.mark.django_db
def test_a_played_game_replays_from_its_log_through_the_service(kind, seeded):
    rng = seeded(7)
    session = services.session_create(kind=kind, mode="solo", options=shortest(get_engine(kind)))
    session = play_randomly(session, rng, steps=30)

    steps = services.session_replay(session)

    assert len(steps) == session.log.count() > 1
    assert steps[-1].state == session.state


@pytest.mark.django_db
def test_a_finished_game_is_rated_by_the_order_the_game_declares(kind):
    engine = get_engine(kind)
    session = services.session_create(kind=kind, mode="multi", options=shortest(engine))
    players = {}
    for number, seat in enumerate(session.seats.order_by("pk")):
        players[seat.role] = UserFactory(username=f"paddler{number}")
        services.seat_take(seat=seat, user=players[seat.role])
    session.refresh_from_db()
    final = engine.playout(session.state, RandomChance(2, record=False))
    finish(session, final, engine.winner(final))
    order = engine.finishing_order(session.options, final)

    assert ratings_rebuild(kind=kind) == 1

    placed = {role: rank for rank, roles in order for role in roles}
    assert placed and set(placed) <= set(engine.roles(session.options))
    rated = {r.user_id: r for r in Rating.objects.filter(kind=kind)}
    assert set(rated) == {players[role].pk for role in placed}
    for place in RatedPlace.objects.filter(kind=kind):
        assert {placed[role] for role in place.roles} == {place.rank}
    if engine.winner(final) in placed:  # a seat won: it placed first
        assert placed[engine.winner(final)] == 0
    if engine.winner(final) is not None:  # a game won is no draw: the winners won it
        assert len(set(placed.values())) > 1
        winners = [players[role].pk for role, rank in placed.items() if rank == 0]
        assert all(rated[w].wins == 1 for w in winners)


@pytest.mark.django_db
def test_a_lab_run_plays_the_game_and_counts_its_groups_and_length(kind, client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    engine = get_engine(kind)
    run = lab.lab_start(kind=kind, options=shortest(engine), games=4, seed=3)
    result = lab.lab_result(run)

    assert result is not None and result["games"] == 4
    assert list(result["wins"]) == [*engine.lab_groups(run.options), lab_rules.NONE]
    assert run.tallies["games"] == sum(run.tallies["wins"].values()) == 4
    assert result["mean_length"] > 0 and result["length_unit"] == engine.length[1]
    client.force_login(UserFactory(username="club"))
    shown = client.get(f"/play/lab/progress/?a={run.pk}")
    assert shown.status_code == 286, shown.content[:300]  # finished: the polling stops


def test_the_toy_game_is_only_registered_through_the_suite():
    assert TOY not in kinds()  # the fixture registers it for each test above, and nowhere else
    assert game_for("pelts")  # the registry itself is untouched
