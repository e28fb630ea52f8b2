"""The campaign pages' live streams (Server-Sent Events, core.streams): the battle sheet's
`/events/battles/<id>/` and the post-game's `/events/postgames/<id>/`.

Who may open one is who may read the page (campaign.access); an event carries only a version,
and the page fetches what it shows as it always did, so a stream tells nothing the page would
not.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET

from campaign import access
from campaign.models import Battle
from campaign.services.battles import battle_channel
from campaign.services.postgame import postgame_channel
from core.streams import PageFeed, inbox_channels, last_event_id, stream_response


@require_GET
def battle_events(request, battle_id: int):
    """The battle sheet's stream: its version each time a player changes the sheet."""
    try:
        access.battle_for(request.user, battle_id)
    except Http404:
        return HttpResponse("No such battle.", status=404)

    def version() -> int | None:
        return Battle.objects.filter(pk=battle_id).values_list("version", flat=True).first()

    channels = [battle_channel(battle_id), *inbox_channels(request)]
    return stream_response(request, PageFeed(channels, last_event_id(request), version))


@require_GET
def postgame_events(request, postgame_id: int):
    """The post-game's stream, for whoever watches it while its driver answers."""
    try:
        access.postgame_for(request.user, postgame_id)
    except (Http404, PermissionDenied):
        return HttpResponse("No such post-game.", status=404)
    channels = [postgame_channel(postgame_id), *inbox_channels(request)]
    return stream_response(request, PageFeed(channels, last_event_id(request)))
