"""The user guide's Markdown files (docs/playing/) as pages of the app.

The same files are read on GitHub and here, so their links are written for the repository:
`ratings.md#my-games` between guide pages, `../images/x.png` for pictures. Rendering rewrites
them for the app: a guide page becomes /help/<slug>/ (README.md, the guide's index, /help/), a
picture of docs/images/ /help/images/<name>, and a link out of the guide (the API's or the
developers' docs) plain text, since the app does not serve those. Tables are wrapped in the
pages' scrolling `.table-wrap`, so a wide one scrolls on a phone instead of the page.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit
from xml.etree.ElementTree import Element

import markdown
from django.conf import settings
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

INDEX = "README"
PICTURE = re.compile(r"^[\w.-]+\.(png|jpe?g|gif|svg|webp)$")


def guide_dir() -> Path:
    return Path(settings.BASE_DIR) / "docs" / "playing"


def images_dir() -> Path:
    return Path(settings.BASE_DIR) / "docs" / "images"


@dataclass(frozen=True)
class Page:
    slug: str
    title: str
    html: SafeString


def url_of(slug: str) -> str:
    return reverse("guide:index") if slug == INDEX else reverse("guide:page", args=[slug])


class AppLinks(Treeprocessor):
    """Repository links to app links, and tables into their scrolling wrapper."""

    def __init__(self, md, source: Path):
        super().__init__(md)
        self.source = source

    def run(self, root: Element) -> None:
        for element in list(root.iter()):
            if element.tag == "a" and "href" in element.attrib:
                self.link(element)
            elif element.tag == "img" and "src" in element.attrib:
                self.picture(element)
        for parent in list(root.iter()):
            for position, child in enumerate(list(parent)):
                if child.tag == "table":
                    wrapper = Element("div", {"class": "table-wrap"})
                    wrapper.tail, child.tail = child.tail, None
                    parent.remove(child)
                    wrapper.append(child)
                    parent.insert(position, wrapper)

    def link(self, element: Element) -> None:
        href = element.get("href")
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or href.startswith(("/", "#")):
            return  # a web address, a path of the app, or a heading of this page
        target = (self.source.parent / parts.path).resolve()
        anchor = f"#{parts.fragment}" if parts.fragment else ""
        if target.parent == guide_dir().resolve() and target.suffix == ".md" and target.exists():
            element.set("href", url_of(target.stem) + anchor)
        else:  # out of the guide: the app does not serve it
            element.tag = "span"
            del element.attrib["href"]

    def picture(self, element: Element) -> None:
        src = element.get("src")
        if urlsplit(src).scheme or src.startswith("/"):
            return
        target = (self.source.parent / src).resolve()
        if target.parent == images_dir().resolve() and image_path(target.name):
            element.set("src", reverse("guide:image", args=[target.name]))


class AppLinksExtension(Extension):
    def __init__(self, source: Path):
        super().__init__()
        self.source = source

    def extendMarkdown(self, md):  # noqa: N802 (Python-Markdown's name)
        # After the inline patterns (priority 20) have made the <a> and <img> elements.
        md.treeprocessors.register(AppLinks(md, self.source), "frontier_app_links", 5)


@lru_cache(maxsize=64)
def _rendered(path: Path, modified: float) -> Page:
    """One file rendered; keyed by its modification time, so an edited file shows at once."""
    md = markdown.Markdown(
        extensions=["tables", "fenced_code", "toc", AppLinksExtension(path)],
        extension_configs={"toc": {"permalink": False}},
    )
    body = md.convert(path.read_text(encoding="utf-8"))
    tokens = getattr(md, "toc_tokens", [])
    title = html.unescape(tokens[0]["name"]) if tokens else path.stem.replace("-", " ")
    return Page(slug=path.stem, title=title, html=mark_safe(body))  # our own files


def page_for(slug: str) -> Page | None:
    """The guide page of this slug (a file name without `.md`), or None."""
    if not re.fullmatch(r"[\w-]+", slug):
        return None
    path = guide_dir() / f"{slug}.md"
    if not path.is_file():
        return None
    return _rendered(path, path.stat().st_mtime)


def guide_pages() -> list[Page]:
    """Every page but the index: in the order the index links them, then any it does not."""
    slugs = sorted(p.stem for p in guide_dir().glob("*.md") if p.stem != INDEX)
    index = (guide_dir() / f"{INDEX}.md").read_text(encoding="utf-8")
    linked = re.findall(r"\]\(([\w-]+)\.md[)#]", index)
    order = {slug: place for place, slug in reversed(list(enumerate(linked)))}
    slugs.sort(key=lambda slug: (order.get(slug, len(order)), slug))
    return [page_for(slug) for slug in slugs]


def image_path(name: str) -> Path | None:
    """A picture of docs/images/ by its file name alone, or None."""
    if not PICTURE.fullmatch(name):
        return None
    path = images_dir() / name
    return path if path.is_file() else None
