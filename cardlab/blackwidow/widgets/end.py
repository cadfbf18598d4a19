"""What the end of a Black Widow hand or game shows: each seat's points and totals.

>>> from cardlab.blackwidow.game import HandResult
>>> body = hand_summary(["You", "Seat 1", "Seat 2"], HandResult([20, 6, 0], None, [20, 6, 0]))
>>> '<th scope="row">You</th><td>20</td><td>20</td>' in body
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from cardlab.blackwidow.game import HandResult
from cardlab.i18n import message


def hand_summary(names: Sequence[str], result: HandResult, lang: str = "en") -> str:
    """The last hand's points and the totals after it, one row per seat (lower is better)."""
    moon = (f"<p>{escape(message('blackwidow.scores.moon', lang, name=names[result.moon]))}</p>"
            if result.moon is not None else "")
    rows = "".join(f'<tr><th scope="row">{escape(name)}</th><td>{points}</td><td>{total}</td>'
                   "</tr>" for name, points, total in zip(names, result.points, result.scores,
                                                           strict=True))
    head = "".join(f'<th scope="col">{escape(message(f"blackwidow.end.{key}", lang))}</th>'
                   for key in ("seat", "points", "total"))
    caption = escape(message("blackwidow.end.caption", lang))
    return (f'{moon}<table class="cardlab-bw-end"><caption>{caption}'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
