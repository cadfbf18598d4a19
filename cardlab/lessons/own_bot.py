"""Lesson 11: your own bot. Watch it play, pit it against the built-in bots, and read
what went wrong in words that name the line.

The learner's function goes through `cardlab.blackwidow.own_bot` or
`cardlab.fivesons.own_bot` (each game's template of what the function decides); the
table is the game's own play widget, every seat a bot, seen from the learner's seat.

>>> def lowest_card(view, legal):
...     return min(legal, key=lambda card: card.rank)
>>> watch = watch_blackwidow(lowest_card, seed=3)
>>> watch.table.game.over, watch.problems.value
(True, '<p>No problems: your bot made every decision itself.</p>')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import cast

import ipywidgets as widgets

from cardlab.blackwidow import own_bot as blackwidow_bot
from cardlab.blackwidow.bots import BOTS as BLACKWIDOW_BOTS
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.match import HandStats
from cardlab.blackwidow.players import bot_seat as blackwidow_seat
from cardlab.blackwidow.rules import BlackWidowRules, PassDirection
from cardlab.blackwidow.view import BlackWidowView, seat_view
from cardlab.blackwidow.widgets.play import BlackWidowWidget
from cardlab.cards import Card
from cardlab.classroom.bot_runs import BotLine
from cardlab.fivesons import own_bot as fivesons_bot
from cardlab.fivesons.bots import BOTS as FIVESONS_BOTS
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.play import FiveSonsWidget
from cardlab.i18n import Number, Text, message
from cardlab.lessons.classroom_link import report_bot_run
from cardlab.lessons.exercises import BLANK, Blank, Verdict, check_number
from cardlab.lessons.tournament import TournamentBox, intervals
from cardlab.own_bot import LIMIT, Choose, FunctionBot, Problem
from cardlab.table import SeatBot, Table
from cardlab.widgets.classroom_source import LocalSource

#: At most this many problems are listed; the rest are counted.
SHOWN_PROBLEMS = 5


def bot_name(function: Choose, taken: Collection[str]) -> str:
    """The name the learner's bot goes by: its function's, unless a built-in bot has it.

    >>> def random(view, legal): ...
    >>> bot_name(random, ["random", "lowest"]), bot_name(lambda v, l: 0, [])
    ('random (yours)', 'yours')
    """
    name = getattr(function, "__name__", "<lambda>")
    if name == "<lambda>":
        return "yours"
    return f"{name} (yours)" if name in taken else name


def problems_html(problems: Sequence[Problem], lang: str = "en") -> str:
    """The problems as paragraphs (the first `SHOWN_PROBLEMS`, then how many more).

    >>> problems_html([])
    '<p>No problems: your bot made every decision itself.</p>'
    """
    if not problems:
        return f"<p>{html.escape(message('lesson.own_bot.no_problems', lang))}</p>"
    lines = [message("lesson.own_bot.problems", lang, count=len(problems))]
    lines += [problem.text(lang) for problem in problems[:SHOWN_PROBLEMS]]
    if len(problems) > SHOWN_PROBLEMS:
        lines.append(message("lesson.own_bot.more", lang, count=len(problems) - SHOWN_PROBLEMS))
    return "".join(f'<p class="cardlab-problem">{html.escape(line)}</p>' for line in lines)


class Watch(widgets.VBox):
    """A game with the learner's bot at seat 0: what went wrong, then the game's table."""

    def __init__(self, bot: FunctionBot, table: Table, widget: widgets.Widget,
                 lang: str) -> None:
        self.bot = bot
        self.table = table
        self.widget = widget
        self.problems = widgets.HTML(problems_html(bot.problems, lang))
        super().__init__([self.problems, widget])


def _names(bot: FunctionBot, others: Sequence[str], lang: str) -> list[str]:
    return [message("lesson.own_bot.seat", lang, seat=seat, bot=name)
            for seat, name in enumerate([bot.name, *others])]


def watch_blackwidow(function: Choose, others: Sequence[str] = ("lowest",) * 3,
                     seed: int = 1, lang: str = "en", limit: float = LIMIT) -> Watch:
    """One hand of Black Widow (a game that ends after it: `end_above=1`, no passing) with
    `function` at seat 0 and the bots `others`, shown in the play widget from seat 0."""
    bot = blackwidow_bot.own_bot(function, seed, limit=limit,
                                 name=bot_name(function, BLACKWIDOW_BOTS))
    rules = BlackWidowRules(players=len(others) + 1, end_above=1,
                            pass_cycle=(PassDirection.HOLD,))
    table = Table(BlackWidowGame.new(rules, seed),
                  [bot, *blackwidow_bot.make_bots(others, len(others), seed)])
    widget = BlackWidowWidget.at_table(LocalSource(table), 0, _names(bot, others, lang), lang)
    return Watch(bot, table, widget, lang)


def watch_fivesons(function: Choose, others: Sequence[str] = ("checklist",) * 2,
                   seed: int = 1, lang: str = "en", limit: float = LIMIT) -> Watch:
    """A game of Five Sons with `function` at seat 0 and the bots `others`, shown in the play
    widget from seat 0."""
    bot = fivesons_bot.own_bot(function, seed, limit=limit,
                               name=bot_name(function, FIVESONS_BOTS))
    table = Table(FiveSonsGame.deal(FiveSonsRules(players=len(others) + 1), seed),
                  [bot, *fivesons_bot.make_bots(others, len(others), seed)])
    widget = FiveSonsWidget(source=LocalSource(table), seat=0,
                            names=_names(bot, others, lang), lang=lang)
    return Watch(bot, table, widget, lang)


class OwnTournament(widgets.VBox):
    """A tournament (lesson 9's box) with the learner's bot in the line-up, and its problems.

    `lineup` names the bots, the learner's as `bot.name`; each hand seats the same bot.
    """

    def __init__(self, bot: FunctionBot, rules: BlackWidowRules | FiveSonsRules,
                 lineup: Sequence[str], rounds: int, seed: int, lang: str,
                 builtin: Callable[[str, int], SeatBot]) -> None:
        self.bot = bot
        self.names = list(lineup)

        def seat(name: str, bot_seed: int) -> SeatBot:
            return bot if name == bot.name else builtin(name, bot_seed)

        self.box = TournamentBox(rules, self.names, rounds, seed, lang, seat=seat)
        self.problems = widgets.HTML()
        self.lang = lang
        self.box.controls.on_click(lambda _button: self._finished())
        super().__init__([self.box, self.problems])

    def play(self) -> None:
        """Play the tournament (as the button does), show the problems and, in a lesson
        opened with a student's classroom link, send the results to the teacher."""
        self.box.play()
        self._finished()

    def _finished(self) -> None:
        self.problems.value = problems_html(self.bot.problems, self.lang)
        if isinstance(self.box.rules, BlackWidowRules) and self.box.stats is not None:
            report_bot_run(self.box.seed, *result_lines(
                cast(Mapping[str, HandStats], self.box.stats), self.names, self.bot.name))

    @property
    def stats(self) -> object:
        """The results of the last run (None until played)."""
        return self.box.stats


def result_lines(stats: Mapping[str, HandStats], names: Sequence[str],
                 own: str) -> tuple[BotLine, list[BotLine]]:
    """The numbers a tournament reports to the teacher: the learner's bot `own` (its name
    left out) and each opponent, in the line-up's order: hands, mean, 95% interval.

    >>> mine, others = result_lines({"mine": HandStats([4, 8]), "random": HandStats([9, 5])},
    ...                             ["mine", "random"], "mine")
    >>> mine.bot, mine.hands, mine.mean, [line.bot for line in others]
    ('', 2, 6.0, ['random'])
    """
    found = intervals(stats, names)
    lines = {name: BotLine.of(name, found[name].hands, found[name].mean, found[name].half)
             for name in dict.fromkeys(names)}
    return (replace(lines.pop(own), bot=""), list(lines.values()))


def blackwidow_tournament(function: Choose, others: Sequence[str] = ("lowest", "heuristic",
                                                                    "random"),
                          hands: int = 8, seed: int = 1, lang: str = "en",
                          limit: float = LIMIT) -> OwnTournament:
    """`hands` hands of Black Widow (passing on), `function` against the bots `others`."""
    bot = blackwidow_bot.own_bot(function, seed, limit=limit,
                                 name=bot_name(function, BLACKWIDOW_BOTS))
    return OwnTournament(bot, BlackWidowRules(players=len(others) + 1), [bot.name, *others],
                         hands, seed, lang, blackwidow_seat)


def check_line(answer: object, problem: Problem, first_line: int) -> Verdict:
    """The line of the learner's code that a problem names.

    The line the function starts on (`first_line`, its ``def``) is a known mistake.
    """
    verdict = check_number(answer, problem.line,
                           [(first_line, Text("lesson.own_bot.def_line", line=first_line))],
                           Text("lesson.own_bot.line_hint"))
    return verdict.but(reasons=(*verdict.reasons,
                                Text("lesson.own_bot.line_why", line=problem.line,
                                     code=problem.code, detail=problem.detail)))


def situation(seed: int, seat: int = 0) -> BlackWidowView:
    """`seat`'s view the first time it is to play into a trick with three legal cards or more,
    four `lowest` bots playing a hand (no passing) dealt from `seed`.

    >>> view = situation(5)
    >>> len(view.legal()) >= 3 and len(view.trick) > 0
    True
    """
    rules = BlackWidowRules(pass_cycle=(PassDirection.HOLD,))
    game = BlackWidowGame.new(rules, seed)

    def ready() -> bool:
        view = seat_view(game, seat)
        return game.turn == seat and bool(view.trick) and len(view.legal()) >= 3

    Table(game, blackwidow_bot.make_bots(["lowest"] * 4, 4, seed)).run(stop=ready)
    return seat_view(game, seat)


def check_bot_card(answer: str | Blank, function: Choose, view: BlackWidowView) -> Verdict:
    """Which card `function` plays from `view` (its answer is the truth, whatever it is).

    >>> from cardlab.blackwidow.view import seat_view
    >>> game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), seed=3)
    >>> check_bot_card("2C", lambda view, legal: legal[0], seat_view(game, game.turn)).correct
    True
    """
    truth = function(view, list(view.legal()))
    hint = (Text("lesson.own_bot.card_hint"),)
    if isinstance(answer, Blank):
        return Verdict(False, solution=truth.code, hint=hint)
    reasons = (Text("lesson.own_bot.card_why", card=truth, count=len(view.legal())),)
    if answer == truth.code:
        return Verdict(True, reasons, solution=truth.code)
    return Verdict(False, reasons, (Text("lesson.own_bot.card_not", card=Card.parse(answer)),),
                   hint, truth.code)


def _tenth(value: float) -> Fraction:
    """`value` to one decimal, as the tournament's table shows it."""
    return Fraction(f"{value:.1f}")


def check_upper_end(answer: str | Blank, stats: Mapping[str, HandStats] | None,
                    names: Sequence[str], bot: str) -> Verdict:
    """The upper end of `bot`'s 95% interval of points per hand, as the table shows it (one
    decimal). `stats` is None while the tournament has not been played.

    >>> stats = {"mine": HandStats([4, 8, 6, 10]), "other": HandStats([9, 5, 7, 5])}
    >>> check_upper_end("11.1", stats, ["mine", "other"], "mine").correct
    True
    >>> check_upper_end("7", stats, ["mine", "other"], "mine").mistake[0].text()
    'That is the mean, the middle of the interval: the question asks for its upper end.'
    """
    hint = Text("lesson.own_bot.end_hint", bot=bot)
    if stats is None:
        first = (Text("lesson.playing.play_first"),)
        return Verdict(False, first, first, (hint,), BLANK)
    interval = intervals(stats, names)[bot]
    verdict = check_number(answer, _tenth(interval.high),
                           [(_tenth(interval.mean), Text("lesson.own_bot.mean_not_end")),
                            (_tenth(interval.low), Text("lesson.own_bot.lower_not_upper"))],
                           hint)
    return verdict.but(reasons=(*verdict.reasons, Text(
        "lesson.playing.interval", bot=bot, mean=Number(interval.mean, 1),
        low=Number(interval.low, 1), high=Number(interval.high, 1))))
