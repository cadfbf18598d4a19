"""Notes sheets to print for a class: a blank one and a filled one, as A4 HTML pages.

The filled sheet is the engine's own notes picture (`cardlab.fivesons.render.notes`)
of one seat's view of a recorded game; the blank one has the same rows and
columns with empty boxes, for a real game at a real table.

>>> from cardlab.fivesons.rules import FiveSonsRules
>>> page = blank_sheet(FiveSonsRules())
>>> page.count("<tr>"), "@page { size: A4" in page
(23, True)
"""

from __future__ import annotations

import base64
import html

from cardlab.fivesons.graph import fivesons_graph
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.render.notes import notes_svg
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.i18n import Count, message

_STYLE = """
@page { size: A4 portrait; margin: 12mm; }
body { font-family: sans-serif; color: #111; margin: 0; }
h1 { font-size: 16pt; margin: 0 0 4mm; }
p { font-size: 10pt; margin: 0 0 3mm; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #444; font-size: 10pt; height: 8.2mm; padding: 0 2mm; }
th { background: #eee; }
td.red { color: #b00020; }
svg { width: 100%; height: auto; max-height: 250mm; }
"""


def _page(title: str, body: str, lang: str) -> str:
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>"
            f"<body><h1>{html.escape(title)}</h1>{body}</body></html>")


def blank_sheet(rules: FiveSonsRules, lang: str = "en") -> str:
    """An empty notes sheet: a row per card, a column per player and one for the solution."""
    head = "".join(f"<th scope=\"col\">{html.escape(message('lesson.print.player', lang, n=n))}"
                   "</th>" for n in range(1, rules.players + 1))
    head += f"<th scope=\"col\">{html.escape(message('fivesons.notes.solution', lang))}</th>"
    rows = "".join(
        f'<tr><th scope="row" class="{"red" if card.suit.letter in "DH" else ""}">'
        f"{html.escape(card.name(lang))}</th>{'<td></td>' * (rules.players + 1)}</tr>"
        for card in rules.deck)
    intro = html.escape(message("lesson.print.blank_intro", lang))
    card = html.escape(message("fivesons.notes.card", lang))
    table = f'<table><tr><th scope="col">{card}</th>{head}</tr>{rows}</table>'
    return _page(message("lesson.print.blank_title", lang), f"<p>{intro}</p>{table}", lang)


def filled_sheet(log: FiveSonsLog, lang: str = "en") -> str:
    """The notes sheet of `log.me` after all of `log`'s events, as the engine fills it in."""
    picture = notes_svg(fivesons_graph(FiveSonsKnowledge.from_log(log), lang), lang)
    intro = html.escape(message("lesson.print.filled_intro", lang, seat=log.me,
                                events=Count("count.of_events", len(log.events)).label(lang)))
    return _page(message("lesson.print.filled_title", lang), f"<p>{intro}</p>{picture}", lang)


def download_link(page: str, filename: str, label: str) -> str:
    """A link that saves `page` as `filename`, with no server and no network (a data URI).

    >>> download_link("<p>hi</p>", "a.html", "Save").startswith('<a download="a.html"')
    True
    """
    data = base64.b64encode(page.encode("utf-8")).decode("ascii")
    return (f'<a download="{html.escape(filename)}" href="data:text/html;base64,{data}">'
            f"{html.escape(label)}</a>")
