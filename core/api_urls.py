from django.urls import path

from core import job_api

urlpatterns = [
    path("jobs/<int:job_id>/", job_api.job_detail, name="api-job"),
]
