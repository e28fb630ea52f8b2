"""The campaign book drawn as an A4 PDF with reportlab, from plain data (campaign.selectors.book):
a cover, the league table, each warband's roster cards, the chronicle and a chart of each
warband's team rating over the games. Knows no model and reads nothing: the same contents give
the same pages.

reportlab's platypus flows the text and the tables over as many pages as they need (a long
league table repeats its header); its graphics package draws the chart as vector lines. Every
string from the campaign is escaped before it reaches a Paragraph, whose text is markup.
The fonts are the Bitstream Vera faces that ship inside reportlab, embedded (subsets): a name
in any Latin script prints, and the text can be searched and copied from the PDF.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from xml.sax.saxutils import escape

import reportlab
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import Flowable

from campaign.selectors.book import BookContents, Card, ChronicleItem, RatingLine, WarbandPages

# The section headings: the PDF's outline (bookmarks) lists them, and the tests look for them.
LEAGUE, ROSTERS, CHRONICLE, RATINGS = (
    "League table",
    "Roster cards",
    "Chronicle",
    "Ratings over the games",
)
# Okabe-Ito, as the league page's charts (campaign.selectors.league.PALETTE): lines told apart
# with the common colour-vision deficiencies, and on a black-and-white printer by their marks.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C6D31")
LINES_PER_CHART = len(PALETTE)
INK, MUTED, RULE = (
    colors.HexColor("#1f2a1f"),
    colors.HexColor("#555555"),
    colors.HexColor("#999999"),
)
MARGIN = 18 * mm

FONT, BOLD, ITALIC = "BookSans", "BookSans-Bold", "BookSans-Italic"


def _register_fonts() -> None:
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    folder = Path(reportlab.__file__).parent / "fonts"
    for name, file in ((FONT, "Vera.ttf"), (BOLD, "VeraBd.ttf"), (ITALIC, "VeraIt.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName=FONT, fontSize=9.5, leading=12.5, textColor=INK)
    return {
        "body": base,
        "muted": ParagraphStyle("muted", parent=base, textColor=MUTED),
        "small-muted": ParagraphStyle(
            "small-muted", parent=base, fontSize=8, leading=10, textColor=MUTED, spaceBefore=2
        ),  # fmt: skip
        "h1": ParagraphStyle(
            "h1", parent=base, fontName=BOLD, fontSize=20, leading=24, spaceAfter=8
        ),  # fmt: skip
        "h2": ParagraphStyle(
            "h2", parent=base, fontName=BOLD, fontSize=14, leading=18, spaceBefore=6, spaceAfter=4
        ),  # fmt: skip
        "h3": ParagraphStyle(
            "h3", parent=base, fontName=BOLD, fontSize=11, leading=14, spaceBefore=8, spaceAfter=2
        ),  # fmt: skip
        "title": ParagraphStyle(
            "title", parent=base, fontName=BOLD, fontSize=30, leading=36, alignment=TA_CENTER
        ),  # fmt: skip
        "subtitle": ParagraphStyle(
            "subtitle", parent=base, fontSize=13, leading=18, alignment=TA_CENTER, textColor=MUTED
        ),  # fmt: skip
        "cell": ParagraphStyle("cell", parent=base, fontSize=8, leading=9.6),
        "cell-label": ParagraphStyle(
            "cell-label", parent=base, fontName=BOLD, fontSize=7.5, leading=9.6
        ),  # fmt: skip
    }


# Signs the Vera faces lack, drawn from the PDF's standard Symbol font instead (the chronicle
# writes "reputation 3 → 4").
SYMBOLS = "→←↑↓≤≥≠∞"


def _text(value) -> str:
    """Campaign text made safe for a Paragraph (its markup), line breaks kept."""
    text = escape(str(value)).replace("\n", "<br/>")
    for sign in SYMBOLS:
        text = text.replace(sign, f'<font name="Symbol">{sign}</font>')
    return text


def _day(value: date | None) -> str:
    return f"{value.day} {value:%B %Y}" if value else ""


class Heading(Paragraph):
    """A section heading that puts itself in the PDF's outline (the reader's bookmarks)."""

    def __init__(self, text: str, style, level: int = 0):
        super().__init__(_text(text), style)
        self.outline_text, self.outline_level = text, level

    def draw(self):
        key = f"h{id(self)}"
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(self.outline_text, key, level=self.outline_level)
        super().draw()


class _Document(BaseDocTemplate):
    def __init__(self, buffer, contents: BookContents):
        super().__init__(
            buffer,
            pagesize=A4,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN,
            title=f"{contents.name}: the campaign book",
            author="Frontier",
            subject=f"{contents.games} games",
        )
        frame = Frame(MARGIN, MARGIN, A4[0] - 2 * MARGIN, A4[1] - 2 * MARGIN, id="body")
        footer = _footer(contents.name)
        self.addPageTemplates(
            [
                PageTemplate(id="cover", frames=[frame]),
                PageTemplate(id="page", frames=[frame], onPage=footer),
            ]  # fmt: skip
        )


def _footer(name: str) -> Callable:
    def draw(canvas, doc):
        canvas.saveState()
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(MUTED)
        canvas.drawString(MARGIN, MARGIN / 2, name)
        canvas.drawRightString(A4[0] - MARGIN, MARGIN / 2, f"Page {doc.page}")
        canvas.restoreState()

    return draw


def _cover(contents: BookContents, s) -> list[Flowable]:
    if contents.first_game:
        played = f"{contents.games} game{'s' if contents.games != 1 else ''} played, "
        if contents.first_game == contents.last_game:
            played += f"on {_day(contents.first_game)}"
        else:
            played += f"{_day(contents.first_game)} to {_day(contents.last_game)}"
    else:
        played = "No game played yet"
    season = f"Begun {_day(contents.begun)}"
    if contents.closed:
        season += f", closed {_day(contents.closed)}"
    return [
        Spacer(1, 70 * mm),
        Paragraph(_text(contents.name), s["title"]),
        Spacer(1, 8 * mm),
        Paragraph("The campaign book", s["subtitle"]),
        Spacer(1, 20 * mm),
        Paragraph(_text(played), s["subtitle"]),
        Paragraph(_text(season), s["subtitle"]),
        Paragraph(_text(f"Organised by {contents.organiser}"), s["subtitle"]),
        Spacer(1, 30 * mm),
        Paragraph(
            _text(
                f"{len(contents.warbands)} warband{'s' if len(contents.warbands) != 1 else ''}: "
                + ", ".join(w.name for w in contents.warbands)
            ),
            s["muted"],
        ),
        NextPageTemplate("page"),
        PageBreak(),
    ]


def _grid(extra: list[tuple] = ()) -> TableStyle:
    return TableStyle(
        [
            ("FONTNAME", (0, 0), (-1, -1), FONT),
            ("FONTSIZE", (0, 0), (-1, -1), 8.5),
            ("TEXTCOLOR", (0, 0), (-1, -1), INK),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
            *extra,
        ]
    )


def _league(contents: BookContents, s) -> list[Flowable]:
    out: list[Flowable] = [Heading(LEAGUE, s["h1"])]
    if not contents.league:
        return [*out, Paragraph("No warband has been founded yet.", s["muted"]), PageBreak()]
    header = ["", "Warband", "Player", "Played", "Won", "Drawn", "Lost", "Rating", "Ranking"]
    rows = [
        [
            str(r.position),
            Paragraph(_text(r.warband), s["cell"]),
            Paragraph(_text(r.player), s["cell"]),
            r.played,
            r.won,
            r.drawn,
            r.lost,
            r.rating,
            r.ranking or "–",
        ]
        for r in contents.league
    ]
    widths = [8 * mm, 52 * mm, 36 * mm, 13 * mm, 11 * mm, 12 * mm, 11 * mm, 14 * mm, 16 * mm]
    table = Table([header, *rows], colWidths=widths, repeatRows=1)
    table.setStyle(
        _grid(
            [
                ("FONTNAME", (0, 0), (-1, 0), BOLD),
                ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
            ]
        )
    )
    note = (
        "Won, drawn and lost count confirmed games. The team rating is the warband's worth on "
        "the table; the ranking is its player's Glicko-2 ranking in this campaign."
    )
    return [*out, table, Spacer(1, 4 * mm), Paragraph(note, s["muted"]), PageBreak()]


def _card_table(card: Card, warband: WarbandPages, s, width: float) -> Table:
    rows = [
        [Paragraph("Unit", s["cell-label"]), Paragraph(_text(warband.name), s["cell"])],
        [Paragraph("Name", s["cell-label"]), Paragraph(f"<b>{_text(card.name)}</b>", s["cell"])],
    ]
    rows += [
        [Paragraph(_text(line.label), s["cell-label"]), Paragraph(_text(line.value), s["cell"])]
        for line in card.lines
    ]
    table = Table(rows, colWidths=[24 * mm, width - 24 * mm])
    table.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.8, INK),
                ("LINEBELOW", (0, 0), (-1, -2), 0.25, RULE),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ]
        )
    )
    return table


def _warband(warband: WarbandPages, s, first: bool) -> list[Flowable]:
    out: list[Flowable] = []
    if first:
        out.append(Heading(ROSTERS, s["h1"]))
    details = (
        f"{warband.faction} · {warband.player} · team rating {warband.rating} · "
        f"treasury {warband.treasury} · {warband.games} game{'s' if warband.games != 1 else ''}"
    )
    if warband.retired:
        details += " · retired"
    out += [Heading(warband.name, s["h2"], level=1), Paragraph(_text(details), s["muted"])]
    out.append(Spacer(1, 3 * mm))
    if not warband.cards:
        out.append(Paragraph("No figure on the roster.", s["muted"]))
    width = (A4[0] - 2 * MARGIN - 6 * mm) / 2
    pairs = [warband.cards[i : i + 2] for i in range(0, len(warband.cards), 2)]
    for pair in pairs:
        cells = [_card_table(card, warband, s, width) for card in pair]
        if len(cells) == 1:
            cells.append("")
        row = Table([cells], colWidths=[width + 3 * mm, width + 3 * mm])
        row.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                 ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                 ("BOTTOMPADDING", (0, 0), (-1, -1), 5)]))  # fmt: skip
        out.append(row)
    if warband.former:
        out.append(Paragraph(_text("Former members: " + ", ".join(warband.former)), s["muted"]))
    out.append(PageBreak())
    return out


def _entry(item: ChronicleItem, s) -> list[Flowable]:
    head = [Heading(item.title, s["h3"], level=1)]
    facts = []
    if item.date:
        facts.append(_day(item.date))
    facts += [f"{side.warband} ({side.player}): {side.result}" for side in item.sides]
    if facts:
        head.append(Paragraph(_text(" · ".join(facts)), s["muted"]))
    body: list[Flowable] = [Paragraph(_text(text), s["body"]) for text in item.statements]
    if item.pivotal:
        body.append(Paragraph(f"<i>Turning points: {_text(item.pivotal)}</i>", s["body"]))
    if item.league:
        body.append(Paragraph(_text(item.league), s["small-muted"]))
    body += [Paragraph(_text(line), s["body"]) for line in item.player_lines]
    # The heading never ends a page alone: it keeps its first lines with it.
    return [KeepTogether(head + body[:1]), *body[1:], Spacer(1, 2 * mm)]


def _chronicle(contents: BookContents, s) -> list[Flowable]:
    out: list[Flowable] = [Heading(CHRONICLE, s["h1"])]
    if not contents.chronicle:
        out.append(Paragraph("No game has been played to its end yet.", s["muted"]))
    for item in contents.chronicle:
        out += _entry(item, s)
    out.append(PageBreak())
    return out


def _chart(lines: list[RatingLine], games: int, width: float) -> Drawing:
    height = 110 * mm
    drawing = Drawing(width, height)
    plot = LinePlot()
    plot.x, plot.y = 14 * mm, 38 * mm
    plot.width, plot.height = width - 20 * mm, height - 44 * mm
    plot.data = [[(float(x), float(y)) for x, y in line.points] for line in lines]
    values = [y for line in lines for _, y in line.points]
    low, high = min(values), max(values)
    pad = max(5, (high - low) // 10)
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = max(0, low - pad), high + pad
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 1, max(games, 2)
    step = 1 if games <= 12 else 2 if games <= 24 else 5
    plot.xValueAxis.valueSteps = [float(n) for n in range(1, games + 1) if n == 1 or n % step == 0]
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName, axis.labels.fontSize = FONT, 7
    plot.yValueAxis.visibleGrid, plot.yValueAxis.gridStrokeColor = True, colors.HexColor("#dddddd")
    markers = ("FilledCircle", "FilledSquare", "FilledDiamond", "FilledTriangle", "Circle",
               "Square", "Diamond", "Triangle")  # fmt: skip
    for index in range(len(lines)):
        line = plot.lines[index]
        line.strokeColor = colors.HexColor(PALETTE[index % len(PALETTE)])
        line.strokeWidth = 1.4
        line.symbol = makeMarker(markers[index % len(markers)], size=3.5)
        line.symbol.fillColor = line.symbol.strokeColor = line.strokeColor
    drawing.add(plot)
    drawing.add(
        String(
            plot.x + plot.width / 2,
            plot.y - 9 * mm,
            "Game",
            fontName=FONT,
            fontSize=7.5,
            textAnchor="middle",
        )  # fmt: skip
    )
    drawing.add(
        String(
            plot.x,
            plot.y + plot.height + 3 * mm,
            "Team rating",
            fontName=FONT,
            fontSize=7.5,
            textAnchor="middle",
        )  # fmt: skip
    )
    legend = Legend()
    legend.x, legend.y = plot.x, 18 * mm
    legend.fontName, legend.fontSize = FONT, 7.5
    # Two columns of up to four names: a warband's name may be long.
    legend.alignment, legend.columnMaximum = "right", 4
    legend.dx = legend.dy = 6
    legend.deltax, legend.dxTextSpace = (width - 20 * mm) / 2, 4
    legend.colorNamePairs = [
        (colors.HexColor(PALETTE[i % len(PALETTE)]), f"{line.warband} ({line.points[-1][1]})")
        for i, line in enumerate(lines)
    ]
    drawing.add(legend)
    return drawing


def _ratings(contents: BookContents, s) -> list[Flowable]:
    out: list[Flowable] = [Heading(RATINGS, s["h1"])]
    lines = [line for line in contents.ratings if line.points]
    if not lines or not contents.games:
        return [*out, Paragraph("No rating has been recorded after a game yet.", s["muted"])]
    out.append(
        Paragraph(
            "Each warband's team rating after each of the campaign's confirmed games, in the "
            "order they were played (its last rating in brackets).",
            s["muted"],
        )
    )
    width = A4[0] - 2 * MARGIN
    for start in range(0, len(lines), LINES_PER_CHART):
        out += [Spacer(1, 4 * mm), _chart(lines[start : start + LINES_PER_CHART], contents.games,
                                          width)]  # fmt: skip
    return out


@dataclass(frozen=True)
class PrintedBook:
    pdf: bytes
    pages: int


def book_pdf(contents: BookContents) -> PrintedBook:
    """The book's PDF, and how many pages it has."""
    _register_fonts()
    s = _styles()
    story: list[Flowable] = _cover(contents, s) + _league(contents, s)
    for index, warband in enumerate(contents.warbands):
        story += _warband(warband, s, first=index == 0)
    if not contents.warbands:
        story += [Heading(ROSTERS, s["h1"]), Paragraph("No warband yet.", s["muted"]), PageBreak()]
    story += _chronicle(contents, s)
    story += _ratings(contents, s)
    buffer = io.BytesIO()
    document = _Document(buffer, contents)
    document.build(story)
    return PrintedBook(pdf=buffer.getvalue(), pages=document.page)
