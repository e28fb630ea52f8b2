"""The user guide's pages: open to everyone, signed in or not, like the canoe games."""

from django.http import FileResponse, Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.pwa import keep_offline
from guide import pages


@require_GET
@keep_offline
def index(request):
    return render(
        request,
        "guide/page.html",
        {"page": pages.page_for(pages.INDEX), "pages": pages.guide_pages(), "is_index": True},
    )


@require_GET
@keep_offline
def page(request, slug: str):
    found = pages.page_for(slug)
    if found is None or slug == pages.INDEX:
        raise Http404("No such help page.")
    return render(request, "guide/page.html", {"page": found, "pages": pages.guide_pages()})


@require_GET
@keep_offline
def image(request, name: str):
    path = pages.image_path(name)
    if path is None:
        raise Http404("No such picture.")
    response = FileResponse(path.open("rb"))
    response["Cache-Control"] = "public, max-age=86400"
    return response
