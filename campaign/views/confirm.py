"""The confirmation asked before an irreversible action ("Retire", "Remove player", "Sell the
captive", "Remove figure"): a small dialog.

The button that starts the action is a link to the action's URL with `hx-get`: HTMX fetches
the dialog fragment and static/js/dialog.js opens it as a modal <dialog> (focus on Cancel,
Escape closes it, focus goes back to the button). Without JavaScript the link opens the same
question as a page. Either way the answer is a POST to the same URL.
"""

from __future__ import annotations

from django.shortcuts import render


def confirm(
    request,
    *,
    title: str,
    body: str,
    button: str,
    cancel_url: str,
    hidden: dict | None = None,
    swap_target: str = "",
):
    """Render the question; `hidden` fields travel with the answer (a typed-in die);
    `swap_target`, if given, makes the answer an HTMX post that swaps that element."""
    context = {
        "title": title,
        "body": body,
        "button": button,
        "action": request.path,
        "cancel_url": cancel_url,
        "hidden": sorted((hidden or {}).items()),
        "swap_target": swap_target,
        "modal": bool(request.htmx),
    }
    template = "confirm.html#dialog" if request.htmx else "confirm.html"
    return render(request, template, context)
