"""A learner's own bot: a plain function seated at a table, with a guard around it.

The learner writes ``choose(view, legal)``: given what its seat sees and the legal
choices, it returns one of them. A game says which of its decisions the function
takes and how (an `Asking`); `FunctionBot` seats the function through it and a
fallback bot (the beginner's) takes every other decision, and every decision the
function gets wrong:

- it raises: the message names the error and the line of the learner's code that
  raised it (the traceback's last frame in the function's file, a notebook cell);
- it returns something that is not one of `legal`: the message names the line of
  the ``return`` that gave it;
- it takes longer than `limit` seconds: the message names the line it was at, and
  it is stopped (a pure-Python loop stops at once; a blocking call, such as a long
  ``sleep``, when it returns; until then the fallback takes every decision).

The game goes on either way. The function is called in a thread of its own, with
the view and a fresh list of the legal choices only: neither its arguments nor the
frames above it hold the game. (This keeps honest code honest; it is not a sandbox:
code in the learner's own kernel can import anything.)

>>> class Picks:                       # a game whose one decision is to pick a number
...     def ask(self, game, decision):
...         return Asked(view=f"seat {decision.seat}'s view", legal=list(decision.options))
...     def action(self, decision, choice):
...         return choice
>>> class First:
...     name = "first"
...     def decide(self, game, decision):
...         return decision.options[0], Text("own_bot.reason")
>>> def broken(view, legal):
...     return legal[len(legal)]
>>> bot = FunctionBot(broken, Picks(), First())
>>> bot.decide(None, Decision(seat=0, kind="pick", options=(7, 8, 9)))[0]
7
>>> bot.problems[0].line, bot.problems[0].code, bot.problems[0].detail
(2, 'return legal[len(legal)]', 'IndexError: list index out of range')
"""

from __future__ import annotations

import ctypes
import linecache
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import CodeType, FrameType, TracebackType
from typing import Any, Protocol

from cardlab.decisions import Decision
from cardlab.i18n import Number, Text
from cardlab.table import SeatBot

#: Seconds a learner's function may take for one decision.
LIMIT = 1.0
#: The longest piece of the learner's code or answer a message quotes.
QUOTE = 80

#: The learner's function: the seat's view and the legal choices in, one choice out.
Choose = Callable[[Any, list[Any]], Any]


@dataclass(frozen=True)
class Asked:
    """What a learner's function is given for one decision: the seat's view, the choices."""

    view: Any
    legal: list[Any]


class Asking(Protocol):
    """How a game puts its decisions to a learner's function."""

    def ask(self, game: Any, decision: Decision[Any, Any]) -> Asked | None:
        """The view and legal choices for `decision` (None: the fallback bot takes it)."""
        ...

    def action(self, decision: Decision[Any, Any], choice: Any) -> Any:
        """The game's action for `choice`, one of the legal choices."""
        ...


@dataclass(frozen=True)
class Problem:
    """Something wrong with one decision of the learner's function, and what was done.

    `kind` is "raised", "illegal", "slow" or "busy" (still running from an earlier
    decision); `line` and `code` are where in the learner's code, `detail` the error
    or the answer given, `fallback` the bot that decided instead.
    """

    kind: str
    line: int
    code: str
    detail: str
    fallback: str
    limit: float = LIMIT

    def text(self, lang: str = "en") -> str:
        """The message for the learner, in `lang`."""
        return Text(f"own_bot.{self.kind}", line=self.line, code=self.code, detail=self.detail,
                    limit=Number(self.limit, 1)).text(lang) + " " + Text(
            "own_bot.fallback", bot=self.fallback).text(lang)


class _Stopped(BaseException):
    """Raised inside a learner's function that ran out of time, to end its thread."""


def _quote(text: str) -> str:
    """`text` on one line, cut to `QUOTE` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= QUOTE else flat[:QUOTE - 1] + "…"


@dataclass
class _Call:
    """One call of the learner's function, run in its own thread."""

    function: Choose
    view: Any
    legal: list[Any]
    answer: Any = None
    error: BaseException | None = None
    returned_at: int | None = None

    def run(self) -> None:
        code = getattr(self.function, "__code__", None)

        def profile(frame: FrameType, event: str, _arg: object) -> None:
            if event == "return" and frame.f_code is code:
                self.returned_at = frame.f_lineno

        sys.setprofile(profile)
        try:
            self.answer = self.function(self.view, self.legal)
        except _Stopped:
            pass
        except BaseException as err:  # the learner's code may raise anything, even SystemExit
            self.error = err
        finally:
            sys.setprofile(None)


class FunctionBot:
    """A learner's function at a table: it takes the decisions `asking` puts to it, and
    `fallback` takes the others and every one the function gets wrong.

    Each problem is kept in `problems` and told to `told` (when given) as it happens.
    """

    def __init__(self, function: Choose, asking: Asking, fallback: SeatBot, *,
                 name: str = "yours", limit: float = LIMIT,
                 told: Callable[[Problem], None] | None = None) -> None:
        self.function = function
        self.asking = asking
        self.fallback = fallback
        self.name = name
        self.limit = limit
        self.told = told
        self.problems: list[Problem] = []
        self._running: threading.Thread | None = None

    def decide(self, game: Any, decision: Decision[Any, Any]) -> tuple[Any, Text]:
        """The function's choice for `decision` if it gives a legal one in time, else the
        fallback's; and why."""
        asked = self.asking.ask(game, decision)
        if asked is not None:
            choice = self._choice(asked)
            if not isinstance(choice, Problem):
                return self.asking.action(decision, choice), Text("own_bot.reason")
            self.problems.append(choice)
            if self.told is not None:
                self.told(choice)
        return self.fallback.decide(game, decision)

    def _choice(self, asked: Asked) -> Any:
        """One of `asked.legal` from the learner's function, or the `Problem` with it."""
        if self._running is not None and self._running.is_alive():
            return self._problem("busy", self._line_in(self._running), "")
        call = _Call(self.function, asked.view, list(asked.legal))
        thread = threading.Thread(target=call.run, name="cardlab-own-bot", daemon=True)
        thread.start()
        thread.join(self.limit)
        if thread.is_alive():
            line = self._line_in(thread)
            self._running = thread
            _stop(thread)
            thread.join(self.limit)  # a loop ends at once: let it, before the game goes on
            return self._problem("slow", line, "")
        if call.error is not None:
            error = call.error
            return self._problem("raised", self._line_of(error.__traceback__),
                                 _quote(f"{type(error).__name__}: {error}"))
        if not _among(call.answer, asked.legal):
            return self._problem("illegal", call.returned_at or self._first_line,
                                 _quote(_shown(call.answer)))
        return call.answer

    def _problem(self, kind: str, line: int, detail: str) -> Problem:
        return Problem(kind, line, _quote(linecache.getline(self._file, line)), detail,
                       self.fallback.name, self.limit)

    @property
    def _code(self) -> CodeType | None:
        code = getattr(self.function, "__code__", None)
        return code if isinstance(code, CodeType) else None

    @property
    def _file(self) -> str:
        return self._code.co_filename if self._code else ""

    @property
    def _first_line(self) -> int:
        return self._code.co_firstlineno if self._code else 0

    def _line_of(self, trace: TracebackType | None) -> int:
        """The line of the traceback's last frame in the learner's file (the cell)."""
        line = self._first_line
        while trace is not None:
            if trace.tb_frame.f_code.co_filename == self._file:
                line = trace.tb_lineno
            trace = trace.tb_next
        return line

    def _line_in(self, thread: threading.Thread) -> int:
        """The line of the learner's code `thread` is running now (innermost frame)."""
        frame = sys._current_frames().get(thread.ident or 0)
        while frame is not None:
            if frame.f_code.co_filename == self._file:
                return frame.f_lineno
            frame = frame.f_back
        return self._first_line


def _among(answer: Any, legal: Sequence[Any]) -> bool:
    """True if `answer` is one of `legal` (an answer that cannot even be compared is not)."""
    try:
        return any(bool(answer == choice) for choice in legal)
    except Exception:  # a learner's object's __eq__ may raise anything
        return False


def _shown(answer: Any) -> str:
    """The learner's answer as a message shows it (its repr, or its type if that fails)."""
    try:
        return repr(answer)
    except Exception:  # a learner's object's __repr__ may raise anything
        return f"<{type(answer).__name__}>"


def _stop(thread: threading.Thread) -> None:
    """Raise `_Stopped` in `thread` at its next Python instruction."""
    if thread.ident is not None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident),
                                                   ctypes.py_object(_Stopped))
