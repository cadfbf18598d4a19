"""Readable text for the command line: knowledge, replays and tournaments.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> print(replay_text(FiveSonsGame.deal(FiveSonsRules(), seed=1)))
The game is not over yet: 0 questions so far.
"""

from __future__ import annotations

from typing import Any

from cardlab.deal_counting import SOLUTION, Location
from cardlab.fivesons.cards import five_sons_question
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.match import BotStats
from cardlab.fivesons.record import Ask, GuessSeen
from cardlab.fivesons.rules import MAX_EVENTS
from cardlab.i18n import Count, message, number, percent

#: Solutions listed in full before the rest are summed up in one line.
SHOWN_SOLUTIONS = 10


def knowledge_text(knowledge: FiveSonsKnowledge, lang: str = "en") -> str:
    """A summary: possible deals, likeliest solutions, the card table, every certainty."""
    after = Count("count.of_events", len(knowledge.log.events)).label(lang)
    title = (message("fivesons.report.perspective_public", lang, after=after)
             if knowledge.me is None else
             message("fivesons.report.perspective_seat", lang, seat=knowledge.me, after=after))
    lines = [title,
             message("fivesons.report.worlds", lang, worlds=number(knowledge.worlds, lang)), "",
             message("fivesons.report.solutions", lang)]
    pairs = knowledge.solution_pairs()
    for face, heart, n in pairs[:SHOWN_SOLUTIONS]:
        lines.append(message("fivesons.report.solution_line", lang,
                             sentence=five_sons_question(face, heart, lang),
                             percent=percent(n / knowledge.worlds, lang),
                             worlds=Count("count.deals", n).label(lang)))
    if len(pairs) > SHOWN_SOLUTIONS:
        lines.append(message("fivesons.report.more_solutions", lang,
                             count=len(pairs) - SHOWN_SOLUTIONS))
    lines += ["", message("fivesons.report.table_header", lang), _table(knowledge, lang)]
    if knowledge.facts:
        lines += ["", message("fivesons.report.facts", lang)]
        lines += [message("fivesons.report.knowing.fact_holds" if fact.holds
                          else "fivesons.report.knowing.fact_lacks", lang, card=fact.card,
                          place=_place(fact.place, lang), why=fact.reason.text(lang))
                  for fact in knowledge.facts]
    return "\n".join([*lines, "", *_knowing_lines(knowledge, lang)])


def knows_solution(knowledge: FiveSonsKnowledge) -> dict[int, bool | None]:
    """Per seat: knows the solution (True), does not (False), or this view cannot tell (None).

    A seat that guessed right knows it, whatever else the view can tell.
    """
    right = _guessed_right(knowledge)
    return {seat: True if seat in right else knowledge.knows_solution(seat)
            for seat in range(knowledge.log.rules.players)}


def _guessed_right(knowledge: FiveSonsKnowledge) -> set[int]:
    return {event.seat for event in knowledge.log.events
            if isinstance(event, GuessSeen) and event.correct}


def _knowing_lines(knowledge: FiveSonsKnowledge, lang: str) -> list[str]:
    """Who knows the solution, who does not, and of whom this view cannot tell."""
    right = _guessed_right(knowledge)
    known = knows_solution(knowledge)
    knowers = [message("fivesons.report.knowing.guessed_right", lang, seat=seat) if seat in right
               else str(seat) for seat, knows in known.items() if knows]
    lines = [message("fivesons.report.knows", lang,
                     seats=", ".join(knowers) or message("fivesons.report.nobody", lang))]
    for key, value in (("fivesons.report.knowing.does_not_know", False),
                       ("fivesons.report.knowing.cannot_tell", None)):
        seats = [str(seat) for seat, knows in known.items() if knows is value]
        if seats:
            lines.append(message(key, lang, seats=", ".join(seats)))
    return lines


def _place(place: Location, lang: str) -> str:
    if place == SOLUTION:
        return message("fivesons.place.solution", lang)
    return message("place.seat", lang, seat=place)


def _table(knowledge: FiveSonsKnowledge, lang: str) -> str:
    places = knowledge.places
    names = [message("graph.solution", lang) if place == SOLUTION else str(place)
             for place in places]
    rows = ["      " + "".join(f"{name:>10}" for name in names)]
    for card in knowledge.log.rules.deck:
        if card not in knowledge.counts.at:
            continue
        cells = "".join(f"{percent(knowledge.probability(card, place), lang):>10}"
                        for place in places)
        rows.append(f"  {card.code:<4}{cells}")
    return "\n".join(rows)


def replay_text(game: FiveSonsGame, lang: str = "en") -> str:
    """Who won (or that nobody did, or that the game goes on), and who guessed wrong."""
    questions = sum(isinstance(event, Ask) for event in game.events)
    if game.winner is not None:
        lines = [message("fivesons.report.replay_winner", lang, seat=game.winner,
                         questions=questions)]
    elif game.at_limit:
        lines = [message("fivesons.report.replay_limit", lang, questions=questions,
                         limit=number(MAX_EVENTS, lang))]
    elif game.over:
        lines = [message("fivesons.report.replay_no_winner", lang, questions=questions)]
    else:
        lines = [message("fivesons.report.replay_open", lang, questions=questions)]
    if game.eliminated:
        lines.append(message("fivesons.report.eliminated", lang,
                             seats=", ".join(map(str, sorted(game.eliminated)))))
    return "\n".join(lines)


def tournament_text(stats: dict[str, BotStats], games: int, lang: str = "en") -> str:
    """One line per bot: wins, win rate, questions per win."""
    lines = [message("fivesons.report.tournament_header", lang, games=games)]
    for name, bot in sorted(stats.items(), key=lambda item: -item[1].win_rate):
        per_win = bot.questions_per_win
        lines.append(message("fivesons.report.tournament_line", lang, name=name, wins=bot.wins,
                             games=bot.games, percent=percent(bot.win_rate, lang),
                             questions="-" if per_win is None else number(per_win, lang, 1)))
    return "\n".join(lines)


def replay_json(game: FiveSonsGame) -> dict[str, Any]:
    """The `cardlab replay` JSON for Five Sons."""
    return {"winner": game.winner, "eliminated": sorted(game.eliminated), "over": game.over}

