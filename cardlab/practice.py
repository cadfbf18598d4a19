"""Practice or game: the two modes a learner plays in, and the help a game had.

In **practice** the learner may ask for hints, take moves back and (where a
game has one) open the teacher's view; each is counted, shown at the end and
written in the game's record. In a **game** none of them is offered. The
counts live in the kernel (`cardlab.table.Table` counts hints and take
backs), never in anything the browser could write.

>>> read_mode("game")
<Mode.GAME: 'game'>
>>> used = Practice(Mode.PRACTICE, hints=2, take_backs=1)
>>> used.to_json(), used.helped
({'mode': 'practice', 'hints': 2, 'take_backs': 1}, True)
>>> used.summary("en")
'Practice: 2 hints, 1 take back.'
>>> Practice.from_json({"teacher_view": True}).teacher_view   # a record from before modes
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardlab.errors import CardlabError
from cardlab.i18n import Count, message


class Mode(StrEnum):
    """How a learner plays: with help that is counted, or without any."""

    PRACTICE = "practice"
    GAME = "game"


def read_mode(value: str) -> Mode:
    """The mode named `value`; anything else raises `CardlabError` naming both modes.

    >>> read_mode("tournament")
    Traceback (most recent call last):
    ...
    cardlab.errors.CardlabError: 'tournament' is not a mode (practice, game)
    """
    try:
        return Mode(value)
    except ValueError:
        raise CardlabError("mode.unknown", value=value,
                           known=", ".join(mode.value for mode in Mode)) from None


@dataclass(frozen=True)
class Practice:
    """The mode a game was played in and the help the learner had (a record's ``practice``).

    `mode` is None for a game not played by a learner in an app (bots, an older record).
    """

    mode: Mode | None = None
    hints: int = 0
    take_backs: int = 0
    #: How often every hand was shown face up (a game's teacher's view).
    teacher_views: int = 0

    @property
    def teacher_view(self) -> bool:
        """True if the teacher's view was open at some time."""
        return self.teacher_views > 0

    @property
    def helped(self) -> bool:
        """True if the learner had any help: a win then is a practice win, not a plain one."""
        return bool(self.hints or self.take_backs or self.teacher_views)

    @classmethod
    def from_json(cls, data: Any) -> Practice:
        """Read a record's ``practice`` object (the schema has checked its shape)."""
        views = data.get("teacher_views", 1 if data.get("teacher_view") else 0)
        mode = data.get("mode")
        return cls(None if mode is None else Mode(mode), data.get("hints", 0),
                   data.get("take_backs", 0), views)

    def to_json(self) -> dict[str, Any]:
        """The mode and the help used, as cardlab/1 JSON data ({} if nothing is known)."""
        data: dict[str, Any] = {}
        if self.mode is not None:
            data["mode"] = str(self.mode)
        if self.mode is Mode.PRACTICE or self.hints or self.take_backs:
            data |= {"hints": self.hints, "take_backs": self.take_backs}
        if self.teacher_views:
            data["teacher_view"] = True
            if self.mode is not None:       # an older record has the flag alone
                data["teacher_views"] = self.teacher_views
        return data

    def summary(self, lang: str = "en") -> str:
        """One sentence on the mode and the help used, for the end of a game.

        >>> Practice(Mode.GAME).summary("de")
        'Partie: ohne Hilfe gespielt.'
        >>> Practice(Mode.PRACTICE, teacher_views=1).summary()
        "Practice: 0 hints, 0 take backs, the teacher's view opened 1 time."
        """
        if self.mode is Mode.GAME:
            return message("mode.summary_game", lang)
        return message("mode.summary_practice", lang, help=self.help_text(lang))

    def help_text(self, lang: str = "en") -> str:
        """The help used, counted: "2 hints, 1 take back"."""
        parts = [Count("count.hints", self.hints).label(lang),
                 Count("count.take_backs", self.take_backs).label(lang)]
        if self.teacher_views:
            parts.append(message("mode.teacher_views", lang, times=Count(
                "count.times", self.teacher_views).label(lang)))
        return ", ".join(parts)

    def win_line(self, lang: str = "en", shared: bool = False) -> str:
        """How the learner's win is announced: a plain win only in a game, or in practice
        without any help; `shared` when others won as well.

        >>> Practice(Mode.PRACTICE, take_backs=1).win_line()
        'You won with help (0 hints, 1 take back): a practice win, not a win in a game.'
        >>> Practice(Mode.GAME).win_line(shared=True)
        'You share the win!'
        """
        part = "_shared" if shared else ""
        if self.mode is not Mode.PRACTICE:
            return message(f"mode.won_game{part}", lang)
        if not self.helped:
            return message(f"mode.won_practice{part}", lang)
        return message(f"mode.won_helped{part}", lang, help=self.help_text(lang))

    def added(self, other: Practice) -> Practice:
        """This game's help after a loaded record's (`other`): the counts add up, and a game
        that was practice stays practice.

        >>> Practice(Mode.GAME, hints=0).added(Practice(Mode.PRACTICE, hints=2)).to_json()
        {'mode': 'practice', 'hints': 2, 'take_backs': 0}
        """
        mode = Mode.PRACTICE if Mode.PRACTICE in (self.mode, other.mode) else self.mode
        return Practice(mode, self.hints + other.hints, self.take_backs + other.take_backs,
                        self.teacher_views + other.teacher_views)
