"""Readable text for the command line: knowledge, replays and tournaments.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> print(replay_text(FiveSonsGame.deal(FiveSonsRules(), seed=1)))
The game is not over yet: 0 questions so far.
"""

from __future__ import annotations

from cardlab.cards import five_sons_question
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.match import BotStats
from cardlab.fivesons.record import Ask
from cardlab.i18n import message

#: Solutions listed in full before the rest are summed up in one line.
SHOWN_SOLUTIONS = 10


def knowledge_text(knowledge: FiveSonsKnowledge, lang: str = "en") -> str:
    """A summary: possible deals, likeliest solutions, the card table, every certainty."""
    after = len(knowledge.log.events)
    title = (message("report.perspective_public", lang, after=after) if knowledge.me is None
             else message("report.perspective_seat", lang, seat=knowledge.me, after=after))
    lines = [title, message("report.worlds", lang, worlds=knowledge.worlds), "",
             message("report.solutions", lang)]
    pairs = knowledge.solution_pairs()
    for face, heart, n in pairs[:SHOWN_SOLUTIONS]:
        lines.append(message("report.solution_line", lang,
                             sentence=five_sons_question(face, heart, lang),
                             percent=_percent(n / knowledge.worlds), worlds=n))
    if len(pairs) > SHOWN_SOLUTIONS:
        lines.append(message("report.more_solutions", lang, count=len(pairs) - SHOWN_SOLUTIONS))
    lines += ["", message("report.table_header", lang), _table(knowledge)]
    if knowledge.facts:
        lines += ["", message("report.facts", lang)]
        lines += [f"  {fact.card} {'@' if fact.holds else '≠'} {fact.place}: "
                  f"{fact.reason.text(lang)}" for fact in knowledge.facts]
    knowers = [str(seat) for seat in range(knowledge.log.rules.players)
               if knowledge.knows_solution(seat)]
    lines += ["", message("report.knows", lang,
                          seats=", ".join(knowers) or message("report.nobody", lang))]
    return "\n".join(lines)


def _table(knowledge: FiveSonsKnowledge) -> str:
    places = knowledge.places
    header = "      " + "".join(f"{place!s:>10}" for place in places)
    rows = [header]
    for card in knowledge.log.rules.deck:
        if card not in knowledge.counts.at:
            continue
        cells = "".join(f"{_percent(knowledge.probability(card, place)):>10}" for place in places)
        rows.append(f"  {card.code:<4}{cells}")
    return "\n".join(rows)


def _percent(share: float) -> str:
    if share in (0.0, 1.0):
        return f"{share:.0%}"
    return f"{share:.1%}"


def replay_text(game: FiveSonsGame, lang: str = "en") -> str:
    """Who won (or that nobody did, or that the game goes on), and who guessed wrong."""
    questions = sum(isinstance(event, Ask) for event in game.events)
    if game.winner is not None:
        lines = [message("report.replay_winner", lang, seat=game.winner, questions=questions)]
    elif game.over:
        lines = [message("report.replay_no_winner", lang, questions=questions)]
    else:
        lines = [message("report.replay_open", lang, questions=questions)]
    if game.eliminated:
        lines.append(message("report.eliminated", lang,
                             seats=", ".join(map(str, sorted(game.eliminated)))))
    return "\n".join(lines)


def tournament_text(stats: dict[str, BotStats], games: int, lang: str = "en") -> str:
    """One line per bot: wins, win rate, questions per win."""
    lines = [message("report.tournament_header", lang, games=games)]
    for name, bot in sorted(stats.items(), key=lambda item: -item[1].win_rate):
        per_win = bot.questions_per_win
        lines.append(message("report.tournament_line", lang, name=name, wins=bot.wins,
                             games=bot.games, percent=_percent(bot.win_rate),
                             questions="-" if per_win is None else f"{per_win:.1f}"))
    return "\n".join(lines)


def replay_json(game: FiveSonsGame) -> dict:
    """The `cardlab replay` JSON for Five Sons."""
    return {"winner": game.winner, "eliminated": sorted(game.eliminated), "over": game.over}

