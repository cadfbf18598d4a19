"""The set-up of a Black Widow game before dealing: players, the bots, every rule option.

The form only collects choices; `BlackWidowRules` checks them, and a bad
choice (an uneven deck, "across" with five players) comes back as a
`CardlabError` whose message the widget shows.

>>> form = SetupForm(BlackWidowRules(players=4), ("heuristic",) * 3)
>>> form.players.value = 3
>>> [seat.value for seat in form.bots], form.pass_cycle.value
(['heuristic', 'heuristic'], 'left, right, hold')
>>> form.moon.value = "choose"; rules, bots = form.read(); rules.moon, bots
(<MoonRule.CHOOSE: 'choose'>, ('heuristic', 'heuristic'))

The level chooser sets every seat's bot at once (`cardlab.levels`):

>>> form.level.value, form.level.options[0][1]
('standard', 'beginner')
>>> form.level.value = "expert"; form.read()[1]
('montecarlo', 'montecarlo')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import ipywidgets as widgets

from cardlab.blackwidow.bots import BOTS
from cardlab.blackwidow.rules import (
    MAX_END_ABOVE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    BlackWidowRules,
    ExactHundred,
    MoonRule,
    default_pass_cycle,
    default_removed,
)
from cardlab.cards import codes
from cardlab.games import Leveled, game
from cardlab.i18n import message
from cardlab.levels import bot_label, level_of
from cardlab.practice import Mode
from cardlab.widgets.controls import FOCUS_CLASS
from cardlab.widgets.level_choice import ADDRESS, level_choice
from cardlab.widgets.mode_choice import mode_choice

_WIDE = {"description_width": "initial"}
_ROW = widgets.Layout(flex_flow="row wrap", align_items="center")


class SetupForm(widgets.VBox):
    """Players, one bot per other seat, and every Black Widow rule option."""

    def __init__(self, rules: BlackWidowRules, bots: Sequence[str], lang: str = "en",
                 level: str | None = None, mode: str = Mode.PRACTICE) -> None:
        self.lang = lang
        self.levels = cast(Leveled, game("blackwidow"))
        #: The bots asked for seat by seat, for the level chooser's option that keeps them.
        self.given = tuple(bots)
        self.level = level_choice(self.levels, level or level_of(self.levels, self.given), lang,
                                  self.given)
        self.players = widgets.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
                                        value=rules.players, style=_WIDE,
                                        description=self._text("players"))
        #: Practice (hints, take back, teacher's view: counted) or game (none of them).
        self.mode = mode_choice(mode, lang)
        self.bots: list[widgets.Dropdown] = []
        self.bot_row = widgets.HBox(layout=_ROW)
        self.pass_cycle = widgets.Text(style=_WIDE, description=self._text("pass_cycle"))
        self.removed = widgets.Text(style=_WIDE, description=self._text("removed"))
        self.moon = widgets.Dropdown(
            options=[(self._text(f"moon_{rule}"), str(rule)) for rule in MoonRule],
            value=str(rules.moon), style=_WIDE, description=self._text("moon"))
        self.exact_hundred = widgets.Dropdown(
            options=[(self._text(f"exact_{rule}"), str(rule)) for rule in ExactHundred],
            value=str(rules.exact_hundred), style=_WIDE, description=self._text("exact"))
        self.end_above = widgets.BoundedIntText(value=rules.end_above, min=1, max=MAX_END_ABOVE,
                                                style=_WIDE,
                                                description=self._text("end_above"))
        self.queen_breaks_hearts = widgets.Checkbox(
            value=rules.queen_breaks_hearts, indent=False, description=self._text("queen"))
        self.first_trick_points = widgets.Checkbox(
            value=rules.first_trick_points, indent=False, description=self._text("first"))
        self.jack_of_diamonds = widgets.Checkbox(
            value=rules.jack_of_diamonds, indent=False, description=self._text("jack"))
        self._seat_bots(rules.players, bots)
        self._fill_defaults(rules)
        self.players.observe(self._players_changed, "value")
        self.level.observe(self._level_changed, "value")
        super().__init__([
            *self.level.parts,
            widgets.HBox([self.players, self.mode], layout=_ROW),
            self.mode.note,
            self.bot_row,
            widgets.HBox([self.pass_cycle, self.removed], layout=_ROW),
            widgets.HBox([self.moon, self.exact_hundred, self.end_above], layout=_ROW),
            widgets.HBox([self.queen_breaks_hearts, self.first_trick_points,
                          self.jack_of_diamonds], layout=_ROW),
        ])
        self.add_class(FOCUS_CLASS)
        self.add_class("cardlab-bw-setup")

    def read(self) -> tuple[BlackWidowRules, tuple[str, ...]]:
        """The rules and the bots chosen; a bad option raises `CardlabError` with the reason."""
        options: dict[str, Any] = {
            "players": self.players.value,
            "pass_cycle": [part.strip() for part in self.pass_cycle.value.split(",")
                           if part.strip()],
            "removed": self.removed.value.split(),
            "moon": self.moon.value, "exact_hundred": self.exact_hundred.value,
            "end_above": self.end_above.value,
            "queen_breaks_hearts": self.queen_breaks_hearts.value,
            "first_trick_points": self.first_trick_points.value,
            "jack_of_diamonds": self.jack_of_diamonds.value,
        }
        return BlackWidowRules.from_json(options), tuple(seat.value for seat in self.bots)

    def _text(self, key: str, **params: object) -> str:
        return message(f"blackwidow.setup.{key}", self.lang, **params)

    def _seat_bots(self, players: int, names: Sequence[str]) -> None:
        chosen = list(names) + [names[-1] if names else "heuristic"] * players
        options = [(bot_label(self.levels, bot, self.lang), bot) for bot in BOTS]
        self.bots = [widgets.Dropdown(options=options, value=chosen[seat - 1], style=_WIDE,
                                      description=self._text("bot", seat=seat))
                     for seat in range(1, players)]
        self.bot_row.children = self.bots

    def _fill_defaults(self, rules: BlackWidowRules) -> None:
        self.pass_cycle.value = ", ".join(map(str, rules.pass_cycle))
        self.removed.value = " ".join(codes(rules.removed))

    def _level_changed(self, change: dict[str, Any]) -> None:
        for seat, choice in enumerate(self.bots):
            choice.value = (self.levels.levels[change["new"]] if change["new"] != ADDRESS
                            else self.given[min(seat, len(self.given) - 1)])

    def _players_changed(self, change: dict[str, Any]) -> None:
        players = change["new"]
        self._seat_bots(players, [seat.value for seat in self.bots])
        self.pass_cycle.value = ", ".join(map(str, default_pass_cycle(players)))
        self.removed.value = " ".join(codes(default_removed(players)))
