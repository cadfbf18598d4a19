"""A small bot tournament that runs when the learner asks for it (lessons 6 and 9).

The games take seconds each, so the lesson page appears at once and the
tournament starts from a button, with a progress bar and a status line in
words; the results follow when the last game is over. One box serves both
games: Five Sons games end in a table of wins (lesson 6), Black Widow hands
in a table and a chart of points per hand with 95% intervals (lesson 9).

>>> from cardlab.fivesons.rules import FiveSonsRules
>>> box = TournamentBox(FiveSonsRules(players=3), ["infogain", "logician", "logician"], 1, seed=3)
>>> box.controls.buttons[0]["label"], box.stats
('Play 1 game', None)
>>> stats = box.play()
>>> box.controls.status, sum(s.games for s in stats.values())
('Games played: 1 of 1. The table is below.', 3)
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as widgets

from cardlab.blackwidow.match import HandStats
from cardlab.blackwidow.match import tournament as blackwidow_tournament
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.fivesons.match import BotStats
from cardlab.fivesons.match import tournament as fivesons_tournament
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.i18n import Count, Number, message
from cardlab.lessons.charts import Chart, means_with_intervals
from cardlab.lessons.exercises import percent
from cardlab.lessons.playing import Interval, per_hand
from cardlab.table import SeatBot
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import guard

#: The table's look: a caption over its left edge, cells with room, numbers to the right,
#: lines as close as in the text around it (the output area's own line height is larger).
_TABLE_STYLE = (".cardlab-tournament{border-collapse:collapse;margin:0.5em 0;line-height:1.3}"
                ".cardlab-tournament caption{text-align:left;font-weight:bold;"
                "padding-bottom:0.3em}"
                ".cardlab-tournament th,.cardlab-tournament td{padding:0.2em 0.8em;"
                "border-bottom:1px solid #ccc;text-align:right}"
                ".cardlab-tournament th:first-child,.cardlab-tournament td:first-child"
                "{text-align:left}")

Stats = dict[str, BotStats] | dict[str, HandStats]


def _table(caption: str, heads: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """An HTML table with its style, a caption, column heads and one row per bot."""
    head = "".join(f'<th scope="col">{html.escape(text)}</th>' for text in heads)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row)
                   + "</tr>" for row in rows)
    return (f"<style>{_TABLE_STYLE}</style>"
            f'<table class="cardlab-tournament"><caption>{html.escape(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def stats_table(stats: Mapping[str, BotStats], lang: str = "en") -> str:
    """A Five Sons tournament's results as an HTML table: games played, wins and win rate.

    >>> print(stats_table({"infogain": BotStats(games=6, wins=3)}, "de"))  # doctest: +ELLIPSIS
    <style>...<td>infogain</td><td>6</td><td>3</td><td>50 %</td></tr></tbody></table>
    """
    return _table(message("lesson.tournament.caption", lang),
                  [message(f"lesson.tournament.{key}", lang)
                   for key in ("bot", "games", "wins", "rate")],
                  [(name, s.games, s.wins, percent(s.win_rate, lang))
                   for name, s in stats.items()])


def _range(mean: float, interval: float, lang: str) -> dict[str, str]:
    """A mean and the ends of its 95% interval, one decimal, as `lang` writes them."""
    return {"mean": Number(mean, 1).label(lang), "low": Number(mean - interval, 1).label(lang),
            "high": Number(mean + interval, 1).label(lang)}


def intervals(stats: Mapping[str, HandStats], names: Sequence[str]) -> dict[str, Interval]:
    """Each bot's points per hand with its 95% t interval, one value per hand (a bot on
    several seats counts each hand once, its seats averaged: `per_hand`).

    >>> intervals({"random": HandStats([10, 14, 12])}, ["random"])["random"].hands
    3
    """
    return {name: Interval.of(points) for name, points in per_hand(stats, names).items()}


def points_table(stats: Mapping[str, HandStats], names: Sequence[str], lang: str = "en") -> str:
    """A Black Widow tournament's results as an HTML table: hands, points per hand, interval.

    >>> print(points_table({"random": HandStats([10, 14, 12])}, ["random"], "de"))
    ... # doctest: +ELLIPSIS
    <style>...<td>random</td><td>3</td><td>12,0</td><td>7,0 bis 17,0</td></tr></tbody></table>
    """
    ranges = {name: _range(s.mean, s.half, lang) for name, s in intervals(stats, names).items()}
    return _table(message("lesson.tournament.hands_caption", lang),
                  [message(f"lesson.tournament.{key}", lang)
                   for key in ("bot", "hands", "mean", "interval")],
                  [(name, len(s.points) // names.count(name), ranges[name]["mean"],
                    message("lesson.tournament.from_to", lang, **ranges[name]))
                   for name, s in stats.items()])


def intervals_chart(means: Mapping[str, tuple[float, float]], hands: int,
                    lang: str = "en") -> Chart:
    """A bar per bot: points per hand after `hands` hands, with the 95% interval.

    `means` gives each bot's (mean, half-width of the interval); the chart's text
    alternative says every number.

    >>> intervals_chart({"random": (12.0, 2.3)}, 3).description
    'Points per hand after 3 hands, with 95% intervals: random 12.0 (from 9.7 to 14.3).'
    """
    bots = "; ".join(message("lesson.tournament.chart_bot", lang, bot=name,
                             **_range(mean, interval, lang))
                     for name, (mean, interval) in means.items())
    return means_with_intervals(means, message("lesson.tournament.chart", lang, games=hands,
                                               bots=bots),
                                ylabel=message("lesson.tournament.chart_axis", lang), lang=lang)


class TournamentBox(widgets.VBox):
    """A "Play" button, a progress bar, a status line and, at the end, the results.

    `rules` says which game: `FiveSonsRules` plays `rounds` games and shows the wins,
    `BlackWidowRules` plays `rounds` hands and shows points per hand with intervals.
    The results of the last run are in `stats` (None until the button is pressed).
    `seat(name, seed)`, when given, seats each bot (a learner's own bot among them).
    """

    def __init__(self, rules: FiveSonsRules | BlackWidowRules, names: Sequence[str],
                 rounds: int, seed: int | None = None, lang: str = "en",
                 seat: Callable[[str, int], SeatBot] | None = None) -> None:
        self.rules = rules
        self.seat = seat
        self.names = list(names)
        self.rounds = rounds
        self.seed = seed
        self.lang = lang
        self.stats: Stats | None = None
        #: Black Widow's messages speak of hands, Five Sons' of games.
        self._kind = "hands_" if isinstance(rules, BlackWidowRules) else ""
        self.controls = ControlBar(
            [ButtonSpec("play", self._message("play"), primary=True)],
            label=message("lesson.tournament.label", lang), status=self._message("ready"))
        self.controls.on_click(self._pressed)
        self.bar = widgets.IntProgress(value=0, min=0, max=rounds,
                                       description=self._message("progress"),
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto", max_width="100%"))
        self.table = widgets.HTML()
        super().__init__([self.controls, self.bar, self.table])
        self.add_class(FOCUS_CLASS)
        guard(self)

    def _message(self, key: str, **params: object) -> str:
        """The message `key` for this box's game, in its language."""
        count = Count(f"count.{'hands' if self._kind else 'games'}", self.rounds)
        return message(f"lesson.tournament.{self._kind}{key}", self.lang, games=self.rounds,
                       count=count.label(self.lang), **params)

    def _pressed(self, _button: str) -> None:
        self.play()

    def _played(self, done: int) -> None:
        self.bar.value = done
        self.controls.status = self._message("played", done=done)

    def play(self) -> Stats:
        """Play the games (the button is unavailable meanwhile) and show the results."""
        self.controls.update("play", disabled=True)
        self.table.value = ""
        self.stats = None
        self._played(0)
        seating = {} if self.seat is None else {"seat": self.seat}
        try:
            if isinstance(self.rules, BlackWidowRules):
                hands = blackwidow_tournament(self.rules, self.names, self.rounds,
                                              seed=self.seed, progress=self._played, **seating)
                chart = intervals_chart({name: (s.mean, s.half) for name, s
                                         in intervals(hands, self.names).items()},
                                        self.rounds, self.lang)
                results = points_table(hands, self.names, self.lang) + chart._repr_html_()
                stats: Stats = hands
            else:
                games = fivesons_tournament(self.rules, self.names, self.rounds,
                                            seed=self.seed, progress=self._played, **seating)
                results, stats = stats_table(games, self.lang), games
        finally:
            self.controls.update("play", disabled=False)
        self.table.value = results
        self.stats = stats
        self.controls.status = self._message("done")
        return stats
