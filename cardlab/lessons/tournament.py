"""Lesson 6, a small bot tournament that runs when the learner asks for it.

The games take seconds each, so the lesson page appears at once and the
tournament starts from a button, with a progress bar and a status line;
the table of wins follows when the last game is over.

>>> from cardlab.fivesons.rules import FiveSonsRules
>>> box = TournamentBox(FiveSonsRules(players=3), ["infogain", "logician", "logician"], 1, seed=3)
>>> box.controls.buttons[0]["label"]
'Play 1 game(s)'
>>> stats = box.play()
>>> box.controls.status, sum(s.games for s in stats.values())
('Games played: 1 of 1. The table is below.', 3)
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from cardlab.fivesons.match import BotStats, tournament
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.i18n import message
from cardlab.lessons.exercises import percent
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar

#: The table's look: a caption over its left edge, cells with room, numbers to the right.
_TABLE_STYLE = (".cardlab-tournament{border-collapse:collapse;margin:0.5em 0}"
                ".cardlab-tournament caption{text-align:left;font-weight:bold;"
                "padding-bottom:0.3em}"
                ".cardlab-tournament th,.cardlab-tournament td{padding:0.2em 0.8em;"
                "border-bottom:1px solid #ccc;text-align:right}"
                ".cardlab-tournament th:first-child,.cardlab-tournament td:first-child"
                "{text-align:left}")


def stats_table(stats: dict[str, BotStats], lang: str = "en") -> str:
    """The tournament's results as an HTML table: games played, wins and win rate per bot.

    >>> print(stats_table({"infogain": BotStats(games=6, wins=3)}, "de"))  # doctest: +ELLIPSIS
    <style>...<td>infogain</td><td>6</td><td>3</td><td>50 %</td></tr></tbody></table>
    """
    heads = "".join(f'<th scope="col">{html.escape(message(f"lesson.tournament.{key}", lang))}'
                    "</th>" for key in ("bot", "games", "wins", "rate"))
    rows = "".join(f"<tr><td>{html.escape(name)}</td><td>{s.games}</td><td>{s.wins}</td>"
                   f"<td>{percent(s.win_rate, lang)}</td></tr>" for name, s in stats.items())
    caption = html.escape(message("lesson.tournament.caption", lang))
    return (f"<style>{_TABLE_STYLE}</style>"
            f'<table class="cardlab-tournament"><caption>{caption}</caption>'
            f"<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>")


class TournamentBox(widgets.VBox):
    """A "Play the games" button, a progress bar, a status line and, at the end, the table."""

    def __init__(self, rules: FiveSonsRules, names: Sequence[str], games: int,
                 seed: int | None = None, lang: str = "en") -> None:
        self.rules = rules
        self.names = list(names)
        self.games = games
        self.seed = seed
        self.lang = lang
        self.controls = ControlBar(
            [ButtonSpec("play", message("lesson.tournament.play", lang, games=games),
                        primary=True)],
            label=message("lesson.tournament.label", lang),
            status=message("lesson.tournament.ready", lang, games=games))
        self.controls.on_click(self._pressed)
        self.bar = widgets.IntProgress(value=0, min=0, max=games,
                                       description=message("lesson.tournament.progress", lang),
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto", max_width="100%"))
        self.table = widgets.HTML()
        super().__init__([self.controls, self.bar, self.table])
        self.add_class(FOCUS_CLASS)

    def _pressed(self, _button: str) -> None:
        self.play()

    def _played(self, done: int) -> None:
        self.bar.value = done
        self.controls.status = message("lesson.tournament.played", self.lang, done=done,
                                       games=self.games)

    def play(self) -> dict[str, BotStats]:
        """Play the games (the button is unavailable meanwhile) and show the table."""
        self.controls.update("play", disabled=True)
        self.table.value = ""
        self._played(0)
        try:
            stats = tournament(self.rules, self.names, self.games, seed=self.seed,
                               progress=self._played)
        finally:
            self.controls.update("play", disabled=False)
        self.table.value = stats_table(stats, self.lang)
        self.controls.status = message("lesson.tournament.done", self.lang, games=self.games)
        return stats
