"""What the end of a Five Sons game shows: who won, the solution, who held what.

Drawn only once the game is over, when the rules reveal everything to every seat.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> from cardlab.fivesons.view import seat_view
>>> game = FiveSonsGame.deal(FiveSonsRules(players=3), 1)
>>> end_summary(seat_view(game, 0), ["You", "Ben", "Cy"])
''
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from cardlab.fivesons.view import FiveSonsView
from cardlab.i18n import message


def end_summary(view: FiveSonsView, names: Sequence[str], lang: str = "en",
                hands: bool = True) -> str:
    """The summary of a finished game, from one seat's view, as HTML ('' while it is not
    over); the winner is named unless it is the view's seat (whose win the end screen
    announces itself). `hands`: who held what too (not at a classroom table, where the
    teacher decides when every hand is shown)."""
    if not view.over or view.solution is None or view.hands is None:
        return ""
    face, heart = view.solution
    lines = [message("fivesons.table.solution", lang, face=face.name(lang), heart=heart.name(lang))]
    if view.winner is None:
        lines.insert(0, message("fivesons.end.nobody", lang))
    elif view.winner != view.me:
        lines.insert(0, message("fivesons.end.winner", lang, name=names[view.winner]))
    said = "".join(f"<p>{escape(line)}</p>" for line in lines)
    if not hands:
        return said
    rows = "".join(f'<tr><th scope="row">{escape(names[place])}</th>'
                   f"<td>{escape(', '.join(card.name(lang) for card in hand))}</td></tr>"
                   for place, hand in enumerate(view.hands))
    return (said
            + f'<table class="cardlab-fs-hands"><caption>{_end("hands", lang)}'
            f'</caption><thead><tr><th scope="col">{_end("seat", lang)}</th>'
            f'<th scope="col">{_end("cards", lang)}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>")


def _end(key: str, lang: str) -> str:
    return escape(message(f"fivesons.end.{key}", lang))
