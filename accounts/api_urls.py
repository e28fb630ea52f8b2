from django.urls import path

from accounts import api

urlpatterns = [path("inbox/", api.inbox, name="api-inbox")]
