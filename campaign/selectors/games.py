"""Reads for game reports and post-game sequences, and who may do what with them.

The access helpers follow campaign.access (which is about campaigns and warbands): a stranger
gets a 404 for a private campaign's games, a member who may read but not act gets a 403.
A sequence is read by replaying its answers with the rules (campaign.rules.postgame): nothing
about the sequence is stored but the sheet, the report and the answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from campaign.access import is_member
from campaign.models import (
    Campaign,
    EquipmentPiece,
    Figure,
    GameFigure,
    GameReport,
    PostGame,
    Warband,
)
from campaign.rules import postgame as rules
from campaign.rules.factions import FACTIONS, SPECIALISTS, STATUS_NAMES, item_name
from campaign.rules.postgame.run import STEPS
from campaign.rules.skills import SKILL_LIST_NAMES

COMMITTED = "committed"
STEP_NAMES = {
    "injuries": "Injuries",
    "experience": "Experience",
    "advancement": "Advancement",
    "income": "Income",
    "trading": "Trading",
    "ready": "Ready",
    COMMITTED: "Committed",
}
PUBLIC_STEPS = (*STEPS, COMMITTED)


# --- access ------------------------------------------------------------------------------------


def _visible(campaign: Campaign, user) -> bool:
    return campaign.is_public or is_member(campaign, user)


def is_organiser(campaign: Campaign, user) -> bool:
    return user.is_authenticated and campaign.organiser_id == user.id


def owners(game: GameReport) -> set[int]:
    return {game.warband_a.owner_id, game.warband_b.owner_id}


def may_confirm(game: GameReport, user) -> bool:
    """The organiser, or a player of the game other than the one who filed it."""
    if is_organiser(game.campaign, user):
        return True
    return user.is_authenticated and user.id in owners(game) and user.id != game.filed_by_id


def may_edit(game: GameReport, user) -> bool:
    """The filer or the organiser, while the report waits for confirmation."""
    return is_organiser(game.campaign, user) or (
        user.is_authenticated and user.id == game.filed_by_id
    )


def may_withdraw(game: GameReport, user) -> bool:
    """Pending: either player or the organiser (the opponent withdrawing it is a refusal).
    Confirmed: the organiser only (the services check that no sequence is committed)."""
    if is_organiser(game.campaign, user):
        return True
    pending = game.status == GameReport.Status.PENDING
    return pending and user.is_authenticated and user.id in owners(game)


def may_drive(postgame: PostGame, user) -> bool:
    """Only the warband's owner and the organiser drive its sequence."""
    return user.is_authenticated and user.id in (
        postgame.warband.owner_id,
        postgame.warband.campaign.organiser_id,
    )


def games_queryset() -> QuerySet[GameReport]:
    return GameReport.objects.select_related(
        "campaign", "warband_a__owner", "warband_b__owner", "winner", "filed_by", "confirmed_by"
    ).prefetch_related(
        Prefetch("figures", queryset=GameFigure.objects.select_related("figure")),
        Prefetch("postgames", queryset=PostGame.objects.select_related("warband")),
    )


def game_for(
    user, game_id: int, *, confirm: bool = False, edit: bool = False, withdraw: bool = False
) -> GameReport:
    game = get_object_or_404(games_queryset(), pk=game_id)
    if not _visible(game.campaign, user):
        raise Http404("No such game.")
    if confirm and not may_confirm(game, user):
        raise PermissionDenied("Only the opponent or the organiser may confirm this report.")
    if edit and not may_edit(game, user):
        raise PermissionDenied("Only the player who filed it or the organiser may edit it.")
    if withdraw and not may_withdraw(game, user):
        raise PermissionDenied("You may not withdraw this report.")
    return game


def postgame_for(user, postgame_id: int, *, drive: bool = False) -> PostGame:
    queryset = PostGame.objects.select_related(
        "warband__campaign", "warband__owner", "game__warband_a", "game__warband_b",
        "committed_by",
    )  # fmt: skip
    postgame = get_object_or_404(queryset, pk=postgame_id)
    if not _visible(postgame.warband.campaign, user):
        raise Http404("No such post-game sequence.")
    if drive and not may_drive(postgame, user):
        raise PermissionDenied("Only the warband's owner or the organiser may drive its sequence.")
    return postgame


def figure_for_captive(user, figure_id: int) -> Figure:
    figure = get_object_or_404(
        Figure.objects.select_related("warband__campaign", "warband__owner"), pk=figure_id
    )
    if not _visible(figure.warband.campaign, user):
        raise Http404("No such figure.")
    return figure


# --- the sheet the rules work on ---------------------------------------------------------------


def _pieces(figure: Figure | None, pieces) -> list[rules.Piece]:
    """A specialist's printed kit (C21) is stored at price 0; it is told apart from bought
    pieces by that price and the kit list, as the rules need it (it cannot be sold or moved)."""
    kit = list(SPECIALISTS[figure.specialist].equipment) if figure and figure.specialist else []
    result = []
    for piece in pieces:
        is_kit = piece.price == 0 and piece.key in kit
        if is_kit:
            kit.remove(piece.key)
        result.append(rules.Piece(piece.key, piece.price, kit=is_kit))
    return result


def warband_sheet(warband: Warband) -> rules.WarbandSheet:
    """The warband as the rules see it (sheet.py), from its rows: every figure, gone ones
    included, the pieces where they are with the prices paid, storage, treasury, games."""
    figures = list(
        warband.figures.prefetch_related(
            Prefetch("equipment", queryset=EquipmentPiece.objects.order_by("id"))
        )
    )
    held_by = {f.id: captor_of(f) for f in figures if f.state == Figure.State.CAPTURED}
    sheets = [
        rules.FigureSheet(
            id=f.id, name=f.name, profile=f.profile, status=f.status, reputation=f.reputation,
            experience_start=f.experience_start, experience=f.experience,
            increases=dict(f.increases), skills=list(f.skills), injuries=list(f.injuries),
            equipment=_pieces(f, f.equipment.all()), specialist=f.specialist or None,
            state=f.state, held_by=held_by[f.id].name if held_by.get(f.id) else None,
            rolls_since_gain=f.advancement_rolls,
            reputation_gained_as=f.reputation_gained_as or None,
            bonus_ended=f.advancement_bonus_ended,
        )
        for f in figures
    ]  # fmt: skip
    storage = warband.equipment.filter(figure__isnull=True).order_by("id")
    return rules.WarbandSheet(
        id=warband.id, name=warband.name, faction=warband.faction, treasury=warband.treasury,
        figures=sheets, storage=_pieces(None, storage), games_played=warband.games_played,
    )  # fmt: skip


# --- captives (C16) ----------------------------------------------------------------------------


def captor_of(figure: Figure) -> Warband | None:
    """The warband holding a captured figure: the opponent of the game whose committed
    sequence captured it (the commit records its new captives in `result["captives"]`)."""
    if figure.state != Figure.State.CAPTURED:
        return None
    committed = (
        PostGame.objects.filter(warband_id=figure.warband_id, status=PostGame.Status.COMMITTED)
        .select_related("game__warband_a__owner", "game__warband_b__owner")
        .order_by("-committed_at", "-id")
    )
    for postgame in committed:
        if figure.id in (postgame.result or {}).get("captives", []):
            game = postgame.game
            return game.warband_b if game.warband_a_id == figure.warband_id else game.warband_a
    return None


@dataclass(frozen=True)
class Captive:
    figure: Figure
    captor: Warband | None


def captives_of(warband: Warband) -> list[Captive]:
    """This warband's figures held by an enemy, to ransom (C16)."""
    figures = warband.figures.filter(state=Figure.State.CAPTURED).select_related("warband")
    return [Captive(f, captor_of(f)) for f in figures]


def captives_held_by(warband: Warband) -> list[Captive]:
    """Enemy figures this warband holds, to sell if not ransomed (C16)."""
    figures = (
        Figure.objects.filter(warband__campaign_id=warband.campaign_id, state="captured")
        .exclude(warband=warband)
        .select_related("warband__owner")
    )
    held = [Captive(f, captor_of(f)) for f in figures]
    return [c for c in held if c.captor and c.captor.id == warband.id]


# --- lists for pages ---------------------------------------------------------------------------


def campaign_games(campaign: Campaign) -> list[GameReport]:
    return list(games_queryset().filter(campaign=campaign).order_by("-played_on", "-id"))


def warband_games(warband: Warband) -> list[GameReport]:
    return list(
        games_queryset()
        .filter(Q(warband_a=warband) | Q(warband_b=warband))
        .order_by("-played_on", "-id")
    )


def open_postgames(warband: Warband) -> list[PostGame]:
    return list(
        warband.postgames.filter(status=PostGame.Status.OPEN).select_related(
            "game__warband_a", "game__warband_b"
        )
    )


def game_sides(game: GameReport) -> list[dict]:
    """Each warband of a game with its figure lines and its sequence, for the game page."""
    lines = list(game.figures.all())
    postgames = {p.warband_id: p for p in game.postgames.all()}
    sides = []
    for warband, rating in ((game.warband_a, game.rating_a_before),
                            (game.warband_b, game.rating_b_before)):  # fmt: skip
        postgame = postgames.get(warband.id)
        sides.append({
            "warband": warband,
            "rating_before": rating,
            "lines": [line for line in lines if line.figure.warband_id == warband.id],
            "postgame": postgame,
            "step": postgame_step(postgame) if postgame else None,
            "won": game.winner_id == warband.id,
        })  # fmt: skip
    return sides


# --- a sequence as the API and the page show it ------------------------------------------------


def replay(postgame: PostGame) -> rules.PostGame:
    return rules.PostGame.from_dicts(postgame.sheet, postgame.report, postgame.answers)


def postgame_step(postgame: PostGame) -> str:
    if postgame.status == PostGame.Status.COMMITTED:
        return COMMITTED
    return replay(postgame).step


def postgame_state(postgame: PostGame, sequence: rules.PostGame | None = None) -> dict:
    """{id, warband, step, prompt, log, preview} and a few more: what GET returns.

    After commit the step is "committed", the prompt null and the preview what was applied
    (recruits with their new ids)."""
    sequence = sequence or replay(postgame)
    committed = postgame.status == PostGame.Status.COMMITTED
    return {
        "id": postgame.id,
        "warband": postgame.warband_id,
        "step": COMMITTED if committed else sequence.step,
        "prompt": None if committed else sequence.prompt,
        "log": sequence.log,
        "preview": postgame.result if committed else sequence.preview,
        "game": postgame.game_id,
        "status": postgame.status,
        "position": len(postgame.answers),
        "manual_dice": postgame.warband.campaign.manual_dice,
        "committed_at": postgame.committed_at,
    }


# --- words for the page ------------------------------------------------------------------------

PURPOSES = {
    "injury": "Injury roll for {name} (C13)",
    "injury_count": "How many injuries {name} takes (C15)",
    "arm_wound": "Arm wound for {name}: 1 arm amputated, 2-6 misses the next game (C14)",
    "snake_oil": "Snake oil for {name}: 1 misses the next game, 2-5 no effect, 6 miracle cure",
    "nimble": "Nimble for {name}: 4+ turns the result into Full recovery (C17)",
    "advance": "Advancement roll for {name} (C10)",
    "skill": "Skill roll for {name}",
    "income": "Income for {name} (C18)",
    "captive_sale": "Sale of a captive: D6 × 5 (C16)",
    "doctor": "Your healer heals one model: it skips its injury roll (C17)",
    "nimble_use": "{name} may use Nimble (C17)",
    "attribute": "Choose the attribute {name} raises (C10)",
    "skill_list": "Choose the skill list {name} rolls on",
    "crack_shot": "Crack shot: re-roll {name}'s injury? (C17)",
}
OPTION_WORDS = {
    "none": "Nobody",
    "yes": "Yes",
    "no": "No",
    "reroll": "Re-roll",
    "keep": "Keep",
    "melee": "Melee +1",
    "shooting": "Shooting +1",
    "morale": "Morale +1",
    **{key: f"{name} list" for key, name in SKILL_LIST_NAMES.items()},
}
DICE_INPUTS = {"D6": ["Die"], "2D6": ["First die", "Second die"], "D66": ["Tens", "Units"]}


def prompt_view(prompt: dict | None, sheet: rules.WarbandSheet) -> dict | None:
    """A prompt in words: what it is for, the dice inputs or the choice buttons."""
    if prompt is None:
        return None
    names = {f.id: f.name for f in sheet.figures}
    name = names.get(prompt.get("figure"), "the warband")
    text = PURPOSES.get(prompt["purpose"], prompt["purpose"]).format(name=name)
    if prompt["purpose"] == "income" and prompt.get("figure") is None:
        text = "Income for the game (C18)"
    view = {**prompt, "text": text}
    if prompt["kind"] == "roll":
        view["inputs"] = DICE_INPUTS[prompt["dice"]]
    else:
        view["choices"] = [
            (key, names.get(int(key), key) if key.isdigit() else OPTION_WORDS.get(key, key))
            for key in prompt["options"]
        ]
    return view


def log_view(log: list[dict]) -> list[dict]:
    """Log entries with who rolled and how, in words."""
    shown = []
    for entry in log:
        how = ""
        if "faces" in entry:
            how = "typed in" if entry.get("typed") else "app's dice"
        shown.append({**entry, "how": how})
    return shown


@dataclass(frozen=True)
class TradeOptions:
    items: list[tuple[str, str]]  # key, "Musket (£10)"
    holders: list[tuple[str, str]]  # figure id or "storage", name
    figures: list[tuple[str, str]]
    pieces: list[tuple[str, str]]  # "holder|key|price", words (kit excluded)
    carried: list[tuple[str, str]]  # the pieces on figures only (for "store")
    profiles: list[tuple[str, str]]
    specialists: list[tuple[str, str]]


def trade_options(sheet: rules.WarbandSheet, currency: str) -> TradeOptions:
    """What the trading forms offer, from the sheet as it stands in the sequence (C20, C21)."""
    faction = FACTIONS[sheet.faction]
    present = [f for f in sheet.roster if f.state != "captured"]
    figures = [(str(f.id), f.name) for f in present]
    carried = [
        (f"{f.id}|{p.key}|{p.price}", f"{f.name}'s {item_name(p.key)} (paid {currency}{p.price})")
        for f in present
        for p in f.equipment
        if not p.kit
    ]
    stored = [
        (f"storage|{p.key}|{p.price}", f"{item_name(p.key)} in storage (paid {currency}{p.price})")
        for p in sheet.storage
    ]
    return TradeOptions(
        items=[(i.key, f"{i.name} ({currency}{i.price})") for i in faction.equipment],
        holders=[*figures, ("storage", "Storage")],
        figures=figures,
        pieces=carried + stored,
        carried=carried,
        profiles=[
            (p.key, f"{p.name} ({STATUS_NAMES[p.status]}, {currency}{p.cost})")
            for p in faction.profiles
        ],
        specialists=[
            (s.key, f"{s.name} ({currency}{s.hire}, retainer {currency}{s.retainer})")
            for s in SPECIALISTS.values()
        ],
    )
