"""The user guide in the app: /help/ lists the pages, /help/<slug>/ shows one."""

from django.urls import path

from guide import views

app_name = "guide"
urlpatterns = [
    path("", views.index, name="index"),
    path("images/<str:name>", views.image, name="image"),
    path("<slug:slug>/", views.page, name="page"),
]
