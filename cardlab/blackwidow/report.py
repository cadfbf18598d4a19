"""Black Widow results for the command line: replays and tournaments, as text and JSON.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=1)
>>> replay_json(game, None)["hands"]
[{'points': [0, 0, 0, 0], 'scores': [0, 0, 0, 0], 'moon': None}]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.match import HandStats
from cardlab.blackwidow.rules import MAX_HANDS
from cardlab.i18n import message, number, percent


def replay_json(game: BlackWidowGame, legal: list[list[list[str]]] | None
                ) -> dict[str, Any]:
    """The `cardlab replay` JSON: per hand points, scores, moon (and legal cards)."""
    hands = []
    for index, hand in enumerate(game.hands):
        entry: dict[str, Any]
        if index < len(game.results):
            result = game.results[index]
            entry = {"points": result.points, "scores": result.scores, "moon": result.moon}
        else:
            entry = {"points": hand.points(), "scores": list(game.scores), "moon": None}
        if legal is not None:
            entry["legal"] = legal[index]
        hands.append(entry)
    return {"hands": hands, "over": game.over, "winners": game.winners}


def replay_text(game: BlackWidowGame, lang: str = "en",
                legal: list[list[list[str]]] | None = None) -> str:
    """One line per hand, then who won (or that the game goes on).

    With `legal` (the legal cards before every play), each play gets a line too.
    """
    lines = [message("blackwidow.report.scoring.lower_is_better", lang)]
    for index, hand in enumerate(game.hands):
        if legal is not None:
            lines += [message("blackwidow.report.legal_play", lang, play=count, seat=seat,
                              card=card.code, legal=" ".join(cards))
                      for count, (seat, card, cards) in enumerate(
                          zip(hand.seats, hand.plays, legal[index], strict=True), start=1)]
        if index < len(game.results):
            result = game.results[index]
            line = message("blackwidow.report.hand", lang, number=index + 1,
                           points=result.points, scores=result.scores)
            if result.moon is not None:
                line += message("blackwidow.report.moon", lang, seat=result.moon)
            lines.append(line)
        else:
            lines.append(message("blackwidow.report.unfinished", lang, number=index + 1,
                                 plays=len(hand.plays)))
    if game.over:
        if game.at_limit:
            lines.append(message("blackwidow.report.hand_limit", lang,
                                 limit=number(MAX_HANDS, lang)))
        key = "winners" if len(game.winners) == 1 else "winners_shared"
        lines.append(message(f"blackwidow.report.{key}", lang,
                             seats=", ".join(map(str, game.winners))))
    else:
        lines.append(message("blackwidow.report.going_on", lang))
    return "\n".join(lines)


def tournament_text(stats: dict[str, HandStats], hands: int, lang: str = "en") -> str:
    """Average points per hand of each bot with its 95% interval, best first."""
    lines = [message("blackwidow.report.tournament_header", lang, hands=hands)]
    for name, bot in sorted(stats.items(), key=lambda item: item[1].mean):
        lines.append(message("blackwidow.report.tournament_line", lang, name=name,
                             mean=number(bot.mean, lang, 2),
                             interval=number(bot.interval, lang, 2)))
    return "\n".join(lines)


def tournament_json(stats: dict[str, HandStats]) -> dict[str, Any]:
    """Per bot: hands played, mean points per hand, and the 95% half-width."""
    return {name: {"hands": len(bot.points), "points_per_hand": bot.mean,
                   "interval95": bot.interval} for name, bot in stats.items()}


def knowledge_text(knowledge: BlackWidowKnowledge, lang: str = "en",
                   name: Callable[[int], str] | None = None) -> str:
    """Card counting in words: possible deals, the Queen, cards out, voids.

    With `name` (how the table calls each seat) it is told to the learner at the counting
    seat: "what you can count", the other seats by their names.

    >>> from cardlab.blackwidow.game import BlackWidowGame
    >>> from cardlab.blackwidow.rules import BlackWidowRules
    >>> from cardlab.blackwidow.view import seat_view
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    >>> knowledge = BlackWidowKnowledge.from_view(seat_view(game, 0))
    >>> knowledge_text(knowledge, "de", "Platz {} (Profi)".format).splitlines()[0]
    'Was du nach 0 Karten dieser Runde zählen kannst'
    """
    view = knowledge.view
    queen = knowledge.queen()
    section = "blackwidow.knowledge" if name is None else "blackwidow.knowledge_you"

    def seat_name(seat: int) -> str:
        return message("graph.seat", lang, seat=seat) if name is None else name(seat)

    def void(seat: int, suit: str, play: int) -> str:
        if name is not None and seat == view.me:
            return message(f"{section}.void_you", lang, suit=suit, play=play)
        return message(f"{section}.void", lang, seat=seat, name=seat_name(seat), suit=suit,
                       play=play)

    chances = ", ".join(f"{seat_name(seat)} {percent(p, lang)}" for seat, p in queen.items())
    voids = ", ".join(void(v.seat, v.suit.label(lang), v.play) for v in knowledge.voids)
    counts = ", ".join(f"{suit.symbol} {n}" for suit, n in knowledge.out_per_suit().items())
    return "\n".join([
        message(f"{section}.title", lang, seat=view.me, plays=len(view.plays)),
        message("blackwidow.knowledge.worlds", lang, worlds=number(knowledge.worlds, lang)),
        message("blackwidow.knowledge.queen", lang, chances=chances) if queen
        else message(f"{section}.queen_seen", lang),
        message("blackwidow.knowledge.out", lang, counts=counts),
        message("blackwidow.knowledge.voids", lang,
                voids=voids or message("blackwidow.knowledge.no_voids", lang)),
    ])
