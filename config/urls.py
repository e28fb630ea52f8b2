from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config import errors

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start-up script as a file (?script), for the CSP.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("campaign.api_urls")),
    path("api/", include("chase.api_urls")),
    re_path(r"^api/", errors.api_not_found),  # unknown /api/ paths answer JSON
    path("play/", include("chase.urls")),
    path("", include("campaign.urls")),
]

handler400 = "config.errors.bad_request"
handler404 = "config.errors.not_found"
