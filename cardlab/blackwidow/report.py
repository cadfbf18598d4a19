"""Black Widow results for the command line: replays and tournaments, as text and JSON.

>>> from cardlab.blackwidow.game import BlackWidowGame
>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=1)
>>> replay_json(game, None)["hands"]
[{'points': [0, 0, 0, 0], 'scores': [0, 0, 0, 0], 'moon': None}]
"""

from __future__ import annotations

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.match import HandStats
from cardlab.i18n import message


def replay_json(game: BlackWidowGame, legal: list[list[list[str]]] | None) -> dict:
    """The `cardlab replay` JSON: per hand points, scores, moon (and legal cards)."""
    hands = []
    for number, hand in enumerate(game.hands):
        if number < len(game.results):
            result = game.results[number]
            entry = {"points": result.points, "scores": result.scores, "moon": result.moon}
        else:
            entry = {"points": hand.points(), "scores": list(game.scores), "moon": None}
        if legal is not None:
            entry["legal"] = legal[number]
        hands.append(entry)
    return {"hands": hands, "over": game.over, "winners": game.winners}


def replay_text(game: BlackWidowGame, lang: str = "en",
                legal: list[list[list[str]]] | None = None) -> str:
    """One line per hand, then who won (or that the game goes on).

    With `legal` (the legal cards before every play), each play gets a line too.
    """
    lines = []
    for number, hand in enumerate(game.hands, start=1):
        if legal is not None:
            lines += [message("blackwidow.report.legal_play", lang, play=count, seat=seat,
                              card=card.code, legal=" ".join(cards))
                      for count, (seat, card, cards) in enumerate(
                          zip(hand.seats, hand.plays, legal[number - 1], strict=True), start=1)]
        if number <= len(game.results):
            result = game.results[number - 1]
            line = message("blackwidow.report.hand", lang, number=number,
                           points=result.points, scores=result.scores)
            if result.moon is not None:
                line += message("blackwidow.report.moon", lang, seat=result.moon)
            lines.append(line)
        else:
            lines.append(message("blackwidow.report.unfinished", lang, number=number,
                                 plays=len(hand.plays)))
    if game.over:
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
                             mean=f"{bot.mean:.2f}", interval=f"{bot.interval:.2f}"))
    return "\n".join(lines)


def tournament_json(stats: dict[str, HandStats]) -> dict:
    """Per bot: hands played, mean points per hand, and the 95% half-width."""
    return {name: {"hands": len(bot.points), "points_per_hand": bot.mean,
                   "interval95": bot.interval} for name, bot in stats.items()}


def knowledge_text(knowledge: BlackWidowKnowledge, lang: str = "en") -> str:
    """Card counting in words: possible deals, the Queen, cards out, voids."""
    view = knowledge.view
    queen = knowledge.queen()
    chances = ", ".join(f"{message('graph.seat', lang, seat=seat)} {p:.0%}"
                        for seat, p in queen.items())
    voids = ", ".join(message("blackwidow.knowledge.void", lang, seat=v.seat,
                              suit=v.suit.label(lang), play=v.play) for v in knowledge.voids)
    counts = ", ".join(f"{suit.symbol} {n}" for suit, n in knowledge.out_per_suit().items())
    return "\n".join([
        message("blackwidow.knowledge.title", lang, seat=view.me, plays=len(view.plays)),
        message("blackwidow.knowledge.worlds", lang, worlds=knowledge.worlds),
        message("blackwidow.knowledge.queen", lang, chances=chances) if queen
        else message("blackwidow.knowledge.queen_seen", lang),
        message("blackwidow.knowledge.out", lang, counts=counts),
        message("blackwidow.knowledge.voids", lang,
                voids=voids or message("blackwidow.knowledge.no_voids", lang)),
    ])
