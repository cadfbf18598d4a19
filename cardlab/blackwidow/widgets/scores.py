"""The Black Widow score sheet: a table of hands and totals, and a chart of running totals.

>>> from cardlab.blackwidow.view import HandResult
>>> results = [HandResult([20, 6, 0, 0], None, [20, 6, 0, 0]),
...            HandResult([0, 0, 26, 0], 2, [46, 32, 0, 26])]
>>> sheet = score_sheet_html(["You", "Seat 1", "Seat 2", "Seat 3"], results)
>>> '<td>46 <small>(+26)</small></td>' in sheet
True
>>> short = score_sheet_html(["You", "Seat 1 (Standard)"], [], short=["You", "Seat 1"])
>>> '<span class="cardlab-bw-short" aria-hidden="true">Seat 1</span>' in short
True
>>> score_chart_svg(["You", "Seat 1", "Seat 2", "Seat 3"], results).startswith("<svg")
True
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from html import escape

from cardlab.blackwidow.view import HandResult
from cardlab.i18n import message
from cardlab.render.palette import seat_colour


def score_sheet_html(names: Sequence[str], results: Sequence[HandResult],
                     lang: str = "en", winners: Sequence[int] = (),
                     short: Sequence[str] = ()) -> str:
    """One row per hand: each seat's total after it and what the hand added.

    With `short` names a column head carries both: the full name, which
    screen readers always read, and the short one, which a narrow screen
    shows instead (play.css, and ``cardlab-narrow-hidden`` in controls.css), so the
    sheet fits a phone.
    """
    if short:
        head = "".join(f'<th scope="col"><span class="cardlab-narrow-hidden">'
                       f'{escape(name)}</span>'
                       f'<span class="cardlab-bw-short" aria-hidden="true">{escape(brief)}'
                       "</span></th>" for name, brief in zip(names, short, strict=True))
    else:
        head = "".join(f'<th scope="col">{escape(name)}</th>' for name in names)
    rows = []
    before = [0] * len(names)
    for number, result in enumerate(results, start=1):
        cells = "".join(f"<td>{total} <small>({total - old:+d})</small></td>"
                        for total, old in zip(result.scores, before, strict=True))
        moon = (" " + escape(message("blackwidow.scores.moon", lang, name=names[result.moon]))
                if result.moon is not None else "")
        hand = escape(message("blackwidow.scores.hand", lang, number=number))
        rows.append(f'<tr><th scope="row">{hand}'
                    f"{moon}</th>{cells}</tr>")
        before = result.scores
    if winners:
        cells = "".join(f"<td>{'★' if seat in winners else ''}</td>"
                        for seat in range(len(names)))
        rows.append(f'<tr class="cardlab-bw-winners"><th scope="row">'
                    f'{escape(message("blackwidow.scores.winners", lang))}</th>{cells}</tr>')
    if not results:
        rows.append(f'<tr><td colspan="{len(names) + 1}">'
                    f'{escape(message("blackwidow.scores.none_yet", lang))}</td></tr>')
    caption = escape(message("blackwidow.scores.caption", lang))
    return (f'<table class="cardlab-bw-scores"><caption>{caption}</caption>'
            f'<thead><tr><th scope="col">{escape(message("blackwidow.scores.hands", lang))}</th>'
            f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def score_chart_svg(names: Sequence[str], results: Sequence[HandResult],
                    lang: str = "en") -> str:
    """Running totals per seat as a small line chart (SVG with a text alternative)."""
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    figure = Figure(figsize=(5.2, 2.4))
    FigureCanvasSVG(figure)
    axes = figure.add_subplot()
    hands = list(range(len(results) + 1))
    markers = "osD^vP"
    for seat, name in enumerate(names):
        totals = [0] + [result.scores[seat] for result in results]
        axes.plot(hands, totals, marker=markers[seat % len(markers)], label=name,
                  color=seat_colour(seat), linewidth=2)
    axes.set_xlabel(message("blackwidow.scores.hands", lang))
    axes.set_ylabel(message("blackwidow.scores.total", lang))
    axes.set_xticks(hands)
    axes.grid(alpha=0.3)
    axes.legend(fontsize=8, loc="upper left", frameon=False)
    figure.tight_layout()
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    svg = out.getvalue()
    svg = svg[svg.index("<svg"):]
    summary = "; ".join(f"{name}: {result}" for name, result in zip(
        names, results[-1].scores if results else [0] * len(names), strict=True))
    label = escape(message("blackwidow.scores.chart", lang, totals=summary), quote=True)
    # Scale with the page, and name the picture for screen readers.
    return re.sub(r'<svg ([^>]*?)width="[^"]*" height="[^"]*"',
                  rf'<svg role="img" aria-label="{label}" '
                  r'style="width:100%;max-width:520px;height:auto" \1', svg, count=1)
