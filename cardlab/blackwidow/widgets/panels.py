"""The Black Widow table's pictures and panels, as HTML from one seat's view.

Pure functions: each takes what the seat may see (its `BlackWidowView`, the
events told to it) and how seats are called, and returns the HTML a widget
shows. Every rule (who took a trick, which trick it is) comes from the view.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> from cardlab.blackwidow.view import seat_view
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
>>> last_trick_html(seat_view(game, 0), "Seat {}".format)
'<p class="cardlab-bw-last">No trick has been played yet in this hand.</p>'
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from html import escape

from cardlab.blackwidow.graph import blackwidow_graph
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.render import Place, table_svg
from cardlab.blackwidow.report import knowledge_text
from cardlab.blackwidow.view import BlackWidowView, Phase
from cardlab.cards import Card
from cardlab.i18n import message
from cardlab.render.cards import card_svg, hand_svg
from cardlab.render.graph import graph_html

#: How a seat is called at this table.
Names = Callable[[int], str]


def table_picture(view: BlackWidowView, name: Names, lang: str = "en") -> str:
    """The table from the viewer's seat: the others clockwise, the trick in the middle (the
    last one once the hand is played out), the title saying which pass or trick it is, and
    whether hearts are broken (a line above the picture: drawn on the felt it covered a
    seat's label)."""
    n = view.rules.players
    taken = view.taken()
    turn = view.turn if view.phase is Phase.PLAY else None
    places = [Place(seat, name(seat), view.held_by(seat), taken[seat], seat == turn)
              for seat in ((view.me + i) % n for i in range(n))]
    if view.phase is Phase.PASS:
        direction = view.rules.pass_direction(view.hand_number)
        title = _text("title_passing", lang, number=view.hand_number + 1, direction=message(
            f"blackwidow.event.direction.{direction}", lang))
    else:
        title = _text("title_trick", lang, number=view.hand_number + 1,
                      trick=view.trick_number, tricks=view.rules.hand_size)
    trick = view.trick or ([] if view.phase is Phase.PLAY else list(view.last_trick))
    badge = (f'<p class="cardlab-bw-broken">{escape(_text("hearts_broken", lang))}</p>'
             if view.hearts_broken else "")
    return badge + table_svg(places, trick, title, lang=lang)


def last_trick_html(view: BlackWidowView, name: Names, lang: str = "en") -> str:
    """The last complete trick, each card under its player's name, and who took it."""
    trick, winner = view.last_trick, view.last_trick_winner
    if winner is None:
        return f'<p class="cardlab-bw-last">{escape(_text("no_last_trick", lang))}</p>'
    cards = "".join(f"<figure>{card_svg(card, lang=lang)}<figcaption>"
                    f"{escape(name(seat))}</figcaption></figure>"
                    for seat, card in trick)
    caption = escape(_text("last_trick_yours", lang) if winner == view.me
                     else _text("last_trick_won", lang, name=name(winner)))
    return f'<div class="cardlab-bw-last"><p>{caption}</p><div>{cards}</div></div>'


def counting_html(view: BlackWidowView, name: Names, lang: str = "en") -> str:
    """What the learner at the viewer's seat can count: the knowledge report and its graph,
    told to them ("you"), the other seats as the table calls them."""
    knowledge = BlackWidowKnowledge.from_view(view)
    lines = "".join(f"<p>{escape(line)}</p>"
                    for line in knowledge_text(knowledge, lang, name).splitlines())
    graph = graph_html(blackwidow_graph(knowledge, lang, name), lang=lang)
    return f'<section class="cardlab-bw-counting">{lines}{graph}</section>'


def every_hand_html(hands: Sequence[tuple[str, Sequence[Card]]], lang: str = "en") -> str:
    """The teacher's view: each other seat's name and cards, under its banner."""
    shown = "".join(f"<p>{escape(who)}</p>{hand_svg(cards, lang=lang)}" for who, cards in hands)
    return (f'<section class="cardlab-bw-teacher"><p><strong>'
            f'{escape(_text("teacher_banner", lang))}</strong></p>{shown}</section>')


def download_link(record_json: str, lang: str = "en") -> str:
    """A link that saves `record_json` as ``blackwidow.json``."""
    data = base64.b64encode(record_json.encode()).decode()
    return (f'<a class="cardlab-bw-download" download="blackwidow.json" '
            f'href="data:application/json;base64,{data}">'
            f"{escape(_text('download', lang))}</a>")


def _text(key: str, lang: str, **params: object) -> str:
    return message(f"blackwidow.table.{key}", lang, **params)
