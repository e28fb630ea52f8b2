from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts import views as account_views
from campaign import streams as campaign_streams
from chase import streams as chase_streams
from chase.views import ratings as rating_views
from core import health, http_errors, pwa

# Swagger UI from drf-spectacular-sidecar. The split view serves its start-up script as a file
# (?script), so no inline script is needed; Swagger UI does insert a <style> element of its
# own, so this page alone allows inline style elements (still nothing from another origin).
api_docs = csp_update({"style-src-elem": ["'self'", "'unsafe-inline'"]})(
    SpectacularSwaggerSplitView.as_view(url_name="api-schema")
)

urlpatterns = [
    # Django tries these in order, a Python call or two each: the canoe games' API comes first,
    # since a seat's view and a move are most of a club night's requests (issue 35: their
    # path went through 60 patterns, 191 calls, before it was found). No path of it is another
    # pattern's (tests/test_urls.py).
    path("api/", include("chase.api.urls")),
    path("healthz", health.healthz, name="healthz"),  # what a monitor polls (core.health)
    # The pages' live streams (Server-Sent Events): a club's proxy sends /events/ (and
    # /api/sessions/<id>/events/) to the event process (docs/club-server/README.md).
    path("events/inbox/", account_views.inbox_events, name="events-inbox"),
    path("events/play/", chase_streams.lobby_events, name="events-lobby"),
    path("events/play/<int:session_id>/", chase_streams.table_events, name="events-table"),
    path("events/battles/<int:battle_id>/", campaign_streams.battle_events, name="events-battle"),
    path(
        "events/postgames/<int:postgame_id>/",
        campaign_streams.postgame_events,
        name="events-postgame",
    ),
    # The installable app (core.pwa): the service worker must be served from the root.
    path("sw.js", pwa.service_worker, name="service-worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline, name="offline"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_docs, name="api-docs"),
    path("api/", include("accounts.api_urls")),
    path("api/", include("campaign.api.urls")),
    path("api/", include("core.api_urls")),
    re_path(r"^api/", http_errors.api_not_found),  # unknown /api/ paths answer JSON
    path("play/", include("chase.urls")),
    path("help/", include("guide.urls")),
    path("players/<str:username>/", rating_views.player, name="player"),
    path("", include("accounts.urls")),
    path("", include("campaign.urls")),
]

handler400 = "core.http_errors.bad_request"
handler404 = "core.http_errors.not_found"
handler500 = "core.http_errors.server_error"
