"""The calculator panel of the battle sheet: shooting, melee, morale, rally, the last wound,
the initiative, a figure's corrections and the end of the game (C23, C24).

GET `calc/<kind>/` opens the panel with the figures preselected (the row tapped, the first enemy
standing, the side's losses modifier...) and shows the modifiers in words, the number needed and
the chance; changing the situation asks again. POST `do/<kind>/` rolls (the app's dice, or the
faces typed in when the campaign allows it, C12), applies the result to the sheet and answers
with the panel (the result and the next step) and the fresh sheet.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaign import access
from campaign.errors import RulesError
from campaign.forms.battles import (
    DRAW,
    EndForm,
    FigureForm,
    InitiativeForm,
    LastWoundForm,
    MeleeForm,
    MoraleForm,
    ShootingForm,
)
from campaign.models import Battle
from campaign.rules import table as rules
from campaign.rules.table.last_wound import chances as last_wound_chances
from campaign.rules.table.morale import RESULT_WORDS
from campaign.selectors import battles as selectors
from campaign.services import battle_rolls as rolls
from campaign.services import battles as services
from campaign.views.battles import render_sheet, sheet_context, sheet_write
from core.domain_errors import form_error
from core.pwa import answer_unseen, keep_offline

FORMS = {
    "shooting": ShootingForm,
    "melee": MeleeForm,
    "morale": MoraleForm,
    "rally": MoraleForm,
    "last_wound": LastWoundForm,
    "initiative": InitiativeForm,
    "figure": FigureForm,
}
TITLES = {
    "shooting": "Shooting",
    "melee": "Melee",
    "morale": "Morale test",
    "rally": "Rally",
    "last_wound": "Last wound",
    "initiative": "Initiative",
    "figure": "Correct a figure",
    "end": "End the game",
}
RULES = {"shooting": "C23", "melee": "C23", "morale": "C24", "rally": "C24", "last_wound": "C23"}


class Table:
    """The sheet's rows by figure id, and helpers to preselect figures."""

    def __init__(self, battle: Battle):
        self.battle = battle
        self.sides = selectors.battle_sheet(battle)
        self.rows = {row.figure.id: row for side in self.sides for row in side.rows}

    def side_of(self, figure_id):
        row = self.rows.get(figure_id)
        return next((s for s in self.sides if row in s.rows), None) if row else None

    def enemies(self, figure_id) -> list:
        side = self.side_of(figure_id)
        return [r for s in self.sides if s is not side for r in s.standing] if side else []

    def choices(self, *, standing: bool = True, wounded: bool = False) -> list:
        """Figure choices grouped by warband."""
        groups = []
        for side in self.sides:
            rows = [r for r in side.rows if r.line.took_part]
            if standing:
                rows = [r for r in rows if r.line.standing or (wounded and r.line.state == "down")]
            groups.append((side.warband.name, [(r.figure.id, r.figure.name) for r in rows]))
        return groups

    def first(self, rows, default=None):
        return rows[0].figure.id if rows else default


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _defaults(kind: str, table: Table, query) -> dict:
    """What the panel opens with: the figure tapped, the first enemy standing, the situation the
    sheet knows (a side's losses modifier, a check due)."""
    standing = [r for s in table.sides for r in s.standing]
    if kind == "shooting":
        shooter = _int(query.get("shooter")) or table.first([r for r in standing if r.shoots])
        return {
            "shooter": shooter,
            "target": table.first(table.enemies(shooter)),
            "range": "short",
            "volley": 1,
        }
    if kind == "melee":
        attacker = _int(query.get("attacker")) or table.first(standing)
        return {"attacker": attacker, "defender": table.first(table.enemies(attacker))}
    if kind in ("morale", "rally"):
        figure = _int(query.get("figure")) or table.first(standing)
        side = table.side_of(figure)
        key = side.loss_key if side and kind == "morale" else None
        return {"figure": figure, "modifiers": [key] if key else []}
    if kind == "last_wound":
        due = [r for s in table.sides for r in s.rows if r.line.last_wound_due]
        return {"figure": _int(query.get("figure")) or table.first(due or standing)}
    if kind == "figure":
        row = table.rows.get(_int(query.get("figure")))
        if row is None:
            return {}
        line = row.line
        return {
            "figure": row.figure.id,
            "took_part": line.took_part,
            "state": line.state,
            "wounds_taken": line.wounds_taken,
            "wounds_inflicted": line.wounds_inflicted,
            "scalps": line.scalps,
            "put_down_by": line.put_down_by_id or "",
        }
    return {}


def _bound(kind: str, table: Table, source, first_open: bool):
    """The panel's form, bound to what was sent (and, on opening, the defaults under it)."""
    data = source
    if first_open:
        data = QueryDict(mutable=True)
        for key, value in _defaults(kind, table, source).items():
            if isinstance(value, list):
                data.setlist(key, value)
            elif value is True:
                data[key] = "on"
            elif value is not None and value is not False:  # a tally of 0 is a value
                data[key] = str(value)
        for key in source:
            data.setlist(key, source.getlist(key))
    if kind == "end":
        return EndForm(data, battle=table.battle)
    wounded = kind in ("last_wound", "figure")
    figures = table.choices(standing=kind != "figure", wounded=wounded)
    return FORMS[kind](data, figures=figures)


def _preview(kind: str, table: Table, form) -> tuple[object | None, list[str]]:
    """The calculation without the dice: modifiers, needed, chance (or what is wrong)."""
    if not form.is_valid():
        return None, [form_error(form).message]
    data, rows = form.cleaned_data, table.rows
    who = lambda key: rows[data[key]].combatant if data.get(key) in rows else None  # noqa: E731
    try:
        if kind == "shooting":
            return rules.shooting(
                who("shooter"),
                target=who("target"),
                weapon=data["weapon"] or None,
                at_range=data["range"],
                cover=data["cover"],
                volley=data["volley"] or 1,
            ), []
        if kind == "melee":
            return rules.melee(
                who("attacker"),
                who("defender"),
                attacker_factors=data["attacker_factors"],
                defender_factors=data["defender_factors"],
            ), []
        if kind == "morale":
            return rules.morale_test(who("figure"), data["modifiers"]), []
        if kind == "rally":
            return rules.rally_test(who("figure"), data["modifiers"]), []
    except rules.TableError as error:
        return None, [error.message]
    return None, []


def _dice_labels(kind: str, table: Table, calc) -> list[str]:
    battle = table.battle
    if kind == "shooting":
        return ["Die 1", "Die 2"]
    if kind == "melee":
        return ["Attacker", "Attacker", "Defender", "Defender"]
    if kind == "morale":
        brave = calc is not None and calc.brave and not calc.ignored
        return ["Die 1", "Die 2"] + (["Brave re-roll", "Brave re-roll"] if brave else [])
    if kind == "rally":
        return ["Die 1", "Die 2"]
    if kind == "last_wound":
        return ["D6"]
    if kind == "initiative":
        return [battle.warband_a.name, battle.warband_b.name]
    return []


def _calc_context(request, table: Table, kind: str, form, result=None, problems=None) -> dict:
    calc, preview_problems = _preview(kind, table, form)
    battle = table.battle
    typed = list(form.data.getlist("dice")) if hasattr(form.data, "getlist") else []
    context = {
        "battle": battle,
        "kind": kind,
        "title": TITLES[kind],
        "rule": RULES.get(kind),
        "form": form,
        "calc": calc,
        "problems": problems or preview_problems,
        "result": result,
        "manual_dice": battle.campaign.manual_dice,
        "dice": list(zip(_dice_labels(kind, table, calc), typed + [""] * 4, strict=False)),
        "can_play": access.may_play(battle, request.user) and battle.is_on,
        "morale_words": RESULT_WORDS,
    }
    if kind == "shooting" and form.is_valid():
        shooter = table.rows.get(form.cleaned_data["shooter"])
        context["weapons"] = rules.shooting_weapons(shooter.combatant.kit) if shooter else []
        context["regulars"] = bool(shooter and shooter.combatant.faction == "regulars")
    if kind == "melee" and calc is not None:
        context["sides_melee"] = [calc.attacker, calc.defender]
        context["melee_notes"] = calc.notes(result.roll if result else None)
    if kind == "morale" and result is not None:
        context["result_note"] = RESULT_WORDS[result.roll.result]
    if kind == "last_wound":
        context["chances"] = last_wound_chances()
    if kind == "figure" and form.is_valid():
        row = table.rows.get(form.cleaned_data["figure"])
        context["row"] = row
        if row:
            context["enemies"] = [r for s in table.sides if row not in s.rows for r in s.rows]
    if kind == "end":
        context["sides"] = table.sides
    return context


def _panel(request, context: dict, status: int = 200, sheet: str = "") -> HttpResponse:
    html = render_to_string("campaign/battle.html#calc", {"c": context}, request=request)
    return HttpResponse(html + sheet, status=status)


@require_GET
@keep_offline(fragments=True)
def battle_calc(request, battle_id: int, kind: str):
    if kind not in TITLES:
        raise Http404("No such calculator.")
    battle = access.battle_for(request.user, battle_id)
    table = Table(battle)
    if kind == "end" and "winner" not in request.GET:
        suggested = services.suggested_winner(battle)
        query = request.GET.copy()
        query["winner"] = str(suggested) if suggested else DRAW
        form = _bound(kind, table, query, first_open=False)
    else:
        form = _bound(kind, table, request.GET, first_open="refresh" not in request.GET)
    context = _calc_context(request, table, kind, form)
    if request.htmx:
        return _panel(request, context)
    page = sheet_context(request, battle) | {"calc": context}
    return render(request, "campaign/battle.html", page)


def _act(kind: str, battle: Battle, actor, data: dict):
    """Roll and apply one calculator's result through the services."""
    common = {"battle": battle, "actor": actor}
    if kind == "shooting":
        return rolls.battle_shoot(
            **common,
            shooter=data["shooter"],
            target=data["target"],
            weapon=data["weapon"] or None,
            at_range=data["range"],
            cover=data["cover"],
            volley=data["volley"] or 1,
            dice=data["dice"],
        )
    if kind == "melee":
        return rolls.battle_melee(
            **common,
            attacker=data["attacker"],
            defender=data["defender"],
            attacker_factors=data["attacker_factors"],
            defender_factors=data["defender_factors"],
            dice=data["dice"],
        )
    if kind in ("morale", "rally"):
        return rolls.battle_morale(
            **common,
            figure=data["figure"],
            modifiers=data["modifiers"],
            dice=data["dice"],
            rally=kind == "rally",
            check=data.get("check"),
        )
    if kind == "last_wound":
        return rolls.battle_last_wound(**common, figure=data["figure"], dice=data["dice"])
    if kind == "initiative":
        services.battle_initiative(**common, dice=data["dice"])
        return battle.log.order_by("-id").first()
    if kind == "figure":
        services.battle_set_figure(
            **common,
            figure=data["figure"],
            state=data["state"],
            wounds_taken=data["wounds_taken"],
            wounds_inflicted=data["wounds_inflicted"],
            scalps=data["scalps"] or 0,
            took_part=data["took_part"],
            put_down_by=data["put_down_by"],
        )
        return None
    raise Http404("No such calculator.")


@login_required
@require_POST
@sheet_write()
def battle_do(request, battle_id: int, kind: str):
    if kind not in TITLES:
        raise Http404("No such calculator.")
    battle = access.battle_for(request.user, battle_id, play=True)
    table = Table(battle)
    form = _bound(kind, table, request.POST, first_open=False)
    result, problems = None, []
    if not form.is_valid():
        problems = [form_error(form).message]
    else:
        try:
            if kind == "end":
                report = services.battle_file(
                    battle=battle, actor=request.user, winner=form.winner_id()
                )
                messages.success(request, "The report is filed from the battle sheet.")
                if request.htmx:
                    return HttpResponseClientRedirect(reverse("game", args=[report.id]))
                return redirect("game", report.id)
            result = _act(kind, battle, request.user, form.cleaned_data)
        except RulesError as error:
            problems = [error.message]
    if not request.htmx:
        if problems:
            messages.error(request, " ".join(problems))
        elif result is not None:
            messages.info(request, getattr(result, "words", getattr(result, "text", "")))
        return redirect("battle", battle.id)
    if answer_unseen(request) and not problems:  # an outbox's queued write, drawn by the next
        return HttpResponse(status=204)
    battle = access.battle_for(request.user, battle_id)
    table = Table(battle)
    if kind == "figure" and not problems:  # saved: the fresh sheet, and the panel emptied
        return HttpResponse(render_sheet(request, battle, oob=True))
    form = _bound(kind, table, request.POST, first_open=False)
    context = _calc_context(request, table, kind, form, result=result, problems=problems)
    context["follow"] = _follow_up(kind, result)
    status = 400 if problems else 200
    return _panel(request, context, status, render_sheet(request, battle, oob=True))


def _follow_up(kind: str, result) -> dict | None:
    """The next tap after a roll: the last wound of the figure just wounded (C23)."""
    if result is None or kind not in ("shooting", "melee"):
        return None
    thrown = result.roll
    victim = None
    if kind == "shooting" and thrown is not None and thrown.hit and result.calc.target:
        victim = result.calc.target
    if kind == "melee" and thrown.result == "defender_wounds":
        victim = result.calc.defender.figure
    if kind == "melee" and thrown.result == "attacker_wounds":
        victim = result.calc.attacker.figure
    if victim is None:
        return None
    return {"figure": victim.id, "name": victim.name}
