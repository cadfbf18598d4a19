"""Play Five Sons at seat 0 against bots: a thin view over one `cardlab.table.Table`.

The learner asks by choosing a face card and a heart, shows one of two cards
when holding both, and guesses or lets the chance pass; bots play the other
seats through the table's one play loop. The widget presents the
learner's seat's view (`FiveSons.view`: its own hand, every question as it saw
it, who is out or won, the solution once the rules reveal it to that seat) and
the decisions the table waits for; it computes no rule and reads nothing else of
the game.

>>> from cardlab.fivesons.rules import FiveSonsRules
>>> play = FiveSonsWidget(FiveSonsRules(players=3), ["random", "random"], seed=3)
>>> play.decision.kind
<Kind.ASK: 'ask'>
>>> play.choose("QS"); play.choose("3H"); play.question.value
'<p class="cardlab-question">The Queen of Spades has three sons.</p>'
>>> play.ask(); play.log_lines[0]
'You asked: The Queen of Spades has three sons.'

The learner plays in practice (`practice=True`: "Hint" and "Take back", both counted) or
in a game (neither is offered). Until the first move the mode chooser may change it:

>>> play.choose_mode("game"); play.note.status
'The mode is chosen before the first move; it stays the same for this game.'
>>> fresh = FiveSonsWidget(FiveSonsRules(players=3), ["random", "random"], seed=3)
>>> fresh.choose_mode("practice"); [button["id"] for button in fresh.controls.buttons]
['ask', 'guess', 'pass', 'hint', 'take_back', 'play_on']

When the game is over, a summary (`end`) says who won, what was hidden and the help the
learner had, with "New game" and "Save".

Until the learner's first move, the level chooser sets the bots' level (default:
the weakest, `cardlab.levels`):

>>> fresh = FiveSonsWidget(FiveSonsRules(players=3), seed=3)
>>> fresh.level.value, [seat.name for seat in fresh.table.seats[1:]]
('beginner', ['checklist', 'checklist'])
>>> fresh.choose_level("expert"); [seat.name for seat in fresh.table.seats[1:]]
['infogain', 'infogain']
>>> play.choose_level("expert"); play.note.status
"The bots' level is chosen before the first move; it stays the same for this game."

The status line (`controls.status`) always says what the learner is to do; a refusal or
what a choice changed is said beside it, in a status line of its own (`note`).

`FiveSonsWidget.at_table` sits the learner at any seat of a table played from
several screens (a classroom, `cardlab.widgets.classroom_source`): no hint,
no take back, and `others_moved` redraws after moves made elsewhere.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

import ipywidgets as widgets

from cardlab.advice import advice
from cardlab.apps import AppSettings
from cardlab.cards import Card
from cardlab.decisions import Decision, Event
from cardlab.errors import CardlabError, IllegalAction
from cardlab.fivesons.actions import Guess, Kind, NoGuess, Question, Show
from cardlab.fivesons.cards import five_sons_question
from cardlab.fivesons.entry import FiveSons
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.narration import addressed, refusal_to_you
from cardlab.fivesons.players import bot_seat
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.view import FiveSonsView, table_log
from cardlab.fivesons.widgets.end import end_summary
from cardlab.fivesons.widgets.notes import NotesSheet
from cardlab.fivesons.widgets.round import round_picture
from cardlab.fivesons.widgets.stepper import DeductionStepper
from cardlab.games import game as game_entry
from cardlab.i18n import Text, message
from cardlab.levels import default_level, level_bots, level_label, level_of
from cardlab.practice import Mode, Practice
from cardlab.records import dump_record
from cardlab.table import Person, Seat, SeatBot, Table
from cardlab.widgets.cards import CardButton, CardButtons
from cardlab.widgets.classroom_source import LocalSource, SeatSource
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.described_choice import DescribedChoice
from cardlab.widgets.end_screen import NEW_GAME, SAVE, EndScreen, end_buttons
from cardlab.widgets.event_log import EventLog, LogSection, split
from cardlab.widgets.guard import guard
from cardlab.widgets.level_choice import ADDRESS, level_choice
from cardlab.widgets.mode_choice import mode_choice

#: The learner's seat in a game against bots.
LEARNER = 0
#: The bot whose question the hint suggests.
HINT_BOT = "infogain"
#: Events that end a question or a guess: the status line repeats the latest one.
_OUTCOMES = ("show", "nobody", "guess", "over")


class FiveSonsWidget(widgets.VBox):
    """The learner at seat 0 against `bots` (one name per other seat), or at `seat` of a
    table played elsewhere (`source`, whose seats are called `names`)."""

    def __init__(self, rules: FiveSonsRules | None = None,
                 bots: Sequence[str | SeatBot] | None = None, seed: int | None = None,
                 lang: str = "en", problems: Sequence[Text] = (),
                 game: FiveSonsGame | None = None, practice: bool = False, *,
                 source: SeatSource | None = None, seat: int = LEARNER,
                 names: Sequence[str] | None = None, level: str | None = None) -> None:
        self.lang = lang
        self.seed = seed
        self.seat = seat
        #: True at a table played from several screens (`at_table`): no help, no take back.
        self.shared = source is not None
        #: The bots' levels; the chooser is offered against bots only, before the first move.
        self.levels = cast(FiveSons, game_entry("fivesons"))
        self.level: DescribedChoice | None = None
        if source is None:
            game = game or FiveSonsGame.deal(rules or FiveSonsRules(), seed)
            if not bots:
                level = level or default_level(self.levels)
                bots = level_bots(self.levels, level, game.rules.players - 1)
            #: The bots asked for, kept for the chooser's option that brings them back.
            self._given = tuple(bots)
            source = LocalSource(Table(game, self._seats(self._given), practice=practice))
            given = tuple(bot if isinstance(bot, str) else bot.name for bot in bots)
            self.level = level_choice(self.levels, level or level_of(self.levels, given), lang,
                                      given)
        self.source = source
        self._names = names
        self.table = source.table
        self.face: Card | None = None
        self.heart: Card | None = None
        self._seen = 0  # events already shown before the learner's last action
        self.problems = widgets.HTML(_paragraphs([p.text(lang) for p in problems],
                                                 "cardlab-problem"))
        self.seats = widgets.HTML()
        self.hand = CardButtons(label=self._text("hand"), lang=lang, decisions=True)
        self.faces = CardButtons(label=self._text("faces"), lang=lang)
        self.hearts = CardButtons(label=self._text("hearts"), lang=lang)
        self.question = widgets.HTML()
        self.controls = ControlBar(self._buttons(), label=self._text("controls"))
        #: A refusal, or what a choice changed, in a status line of its own beside the prompt.
        self.note = ControlBar([], label=self._text("note_label"))
        self.note.add_class("cardlab-fs-note")
        #: Practice or game, chosen before the first move (not at a shared table).
        self.mode = None if self.shared else mode_choice(
            Mode.PRACTICE if self.table.practice else Mode.GAME, lang)
        self.end = EndScreen(lang, review=lambda: (self.game.to_record(), self.seat),
                             stepper=self.open_stepper)
        self.end.on_click(self._end_pressed)
        self._games = 0     # games started after the first (New game), for their seeds
        #: Practice, after the learner's wrong guess while the bots wait (take back, or play
        #: on): the game before it, which the page shows, so that a guess taken back has not
        #: shown the learner the solution.
        self._before: _Held | None = None
        self.advice = widgets.HTML()
        self.solution = widgets.HTML()
        self.history = EventLog(self._text("log"), lang)
        self.notes = NotesSheet(lambda: self.view, lang)
        self.review = ControlBar([ButtonSpec("review", message("fivesons.app.review", lang),
                                             disabled=True)],
                                 label=message("fivesons.app.after_game", lang))
        self.review.layout.display = "none"
        self.review.on_click(self._review)
        self.stepper: DeductionStepper | None = None
        self.after_game = widgets.VBox()
        self.hand.on_click(self.show)
        self.faces.on_click(self.choose)
        self.hearts.on_click(self.choose)
        self.controls.on_click(self._press)
        if self.level is not None:
            self.level.observe(lambda change: self.choose_level(change["new"]), "value")
        if self.mode is not None:
            self.mode.observe(lambda change: self.choose_mode(change["new"]), "value")
        super().__init__([self.problems, *(self.level.parts if self.level else []),
                          *self._start_controls(), self.seats,
                          _label(message("fivesons.pick.hand", lang)),
                          self.hand, _label(message("fivesons.pick.pick", lang)),
                          self.faces, self.hearts,
                          self.question, self.controls, self.note, self.end, self.advice,
                          self.solution, self.history, self.notes, self.review, self.after_game])
        self.add_class(FOCUS_CLASS)
        self.add_class("cardlab-fivesons")
        guard(self)
        self.source.play_bots()
        self.refresh()

    @classmethod
    def at_table(cls, source: SeatSource, seat: int, names: Sequence[str],
                 lang: str = "en") -> FiveSonsWidget:
        """The learner at `seat` of a table played from several screens (`names`: every seat's).

        >>> from cardlab.table import Person
        >>> game = FiveSonsGame.deal(FiveSonsRules(players=3), 1)
        >>> source = LocalSource(Table(game, [Person()] * 3))
        >>> play = FiveSonsWidget.at_table(source, 1, ["Ann", "Ben (you)", "Cy"])
        >>> play.decision, [button["id"] for button in play.controls.buttons]
        (None, ['ask', 'guess', 'pass'])
        """
        return cls(lang=lang, source=source, seat=seat, names=names)

    @classmethod
    def from_settings(cls, settings: AppSettings) -> FiveSonsWidget:
        """The game an app's address asks for (`cardlab.apps.read_settings`), in its mode."""
        return cls(settings.rules, settings.bots, settings.seed, settings.lang,
                   settings.problems, practice=settings.mode == Mode.PRACTICE,
                   level=settings.level)

    @property
    def game(self) -> FiveSonsGame:
        """The game being played (the engine: never synced to the browser)."""
        return cast(FiveSonsGame, self.table.game)

    @property
    def view(self) -> FiveSonsView:
        """What the learner's seat sees now: all that this widget draws from the game (while
        a wrong practice guess waits, what it saw before the guess)."""
        if self._before is not None:
            return self._before.view
        return self.levels.view(self.game, self.seat)

    @property
    def events(self) -> list[Event[Any]]:
        """Everything that happened, as far as the page tells it (while a wrong practice
        guess waits, what happened before the guess)."""
        events = self.table.events
        return events if self._before is None else events[:self._before.events]

    @property
    def held(self) -> bool:
        """Practice: the learner guessed wrong, and the bots wait until the guess is taken
        back or the learner lets them play on."""
        return self._before is not None

    @property
    def names(self) -> tuple[str, ...]:
        """What each seat is called: the names a shared table gave, else "You" and the bots."""
        if self._names is not None:
            return tuple(self._names)
        levels = {bot: level for level, bot in self.levels.levels.items()}
        return tuple(self._text("seat_you") if seat == LEARNER else
                     self._text("seat_bot", seat=seat, bot=message(f"level.{levels[player.name]}",
                                                                  self.lang)
                                if player.name in levels else player.name)
                     for seat, player in enumerate(self.table.seats))

    @names.setter
    def names(self, names: Sequence[str]) -> None:
        """A shared table renamed its seats (a student's seat went to a bot)."""
        self._names = tuple(names)

    def choose_level(self, level: str) -> None:
        """Sit the bots of `level` at the other seats: only before the first move."""
        if self.level is None:
            return
        if self.table.moves:
            self.level.value = self._playing_level()
            self._say(message("level.fixed", self.lang))
            return
        self.level.value = level
        if level == ADDRESS:
            self.table.seats = self._seats(self._given)
            self.refresh()
            return
        players = self.view.rules.players
        self.table.seats = self._seats(level_bots(self.levels, level, players - 1))
        self.refresh()
        self._say(message("level.chosen", self.lang,
                          level=level_label(self.levels, level, self.lang)))

    @property
    def decision(self) -> Decision[Any, Any] | None:
        """What the learner must decide now (None: nothing, or the game is over)."""
        return next((d for d in self.table.waiting if d.seat == self.seat), None)

    @property
    def log_lines(self) -> list[str]:
        """Every event so far as the learner's seat was told it."""
        return [addressed(event, self.seat).text(self.lang) for event in self.events]

    @property
    def revealed(self) -> tuple[Card, Card] | None:
        """The solution, once the rules show it to the learner (its wrong guess, or the end)."""
        return self.view.solution

    def choose(self, code: str) -> None:
        """Pick (or drop) a face card or a heart for the question or the guess."""
        decision = self.decision
        if decision is None or decision.kind not in (Kind.ASK, Kind.GUESS):
            self._say(self._text("not_choosing"))
            return
        card = Card.parse(code)
        rules = self.view.rules
        if card in rules.faces:
            self.face = None if card == self.face else card
        elif card in rules.hearts:
            self.heart = None if card == self.heart else card
        self.note.status = ""
        self.refresh()

    def ask(self) -> None:
        """Ask the chosen question."""
        if self._pair_missing():
            return
        assert self.face is not None and self.heart is not None
        self._act(Question(self.seat, self.face, self.heart))

    def show(self, code: str) -> None:
        """Show this card of the learner's hand to the asker (holding both cards asked about)."""
        decision = self.decision
        if decision is None or decision.kind != Kind.SHOW:
            self._say(self._text("not_showing"))
            return
        card = Card.parse(code)
        if card not in decision.options:
            self._say(self._text("show_which", first=decision.options[0].name(self.lang),
                                 second=decision.options[1].name(self.lang)))
            return
        self._act(Show(self.seat, card))

    def guess(self) -> None:
        """Name the chosen face and heart as the solution."""
        if self._pair_missing():
            return
        assert self.face is not None and self.heart is not None
        self._act(Guess(self.seat, self.face, self.heart))

    def pass_guess(self) -> None:
        """Let the chance to guess pass."""
        self._act(NoGuess(self.seat))

    @property
    def practice(self) -> Practice:
        """The mode of this game and the help the learner had so far."""
        return Practice(Mode.PRACTICE if self.table.practice else Mode.GAME,
                        self.table.hints, self.table.take_backs)

    def choose_mode(self, mode: str) -> None:
        """Play in practice or as a game: only before the first move or any help."""
        if self.mode is None:
            return
        table = self.table
        if table.moves or table.hints or table.take_backs:
            self.mode.value = str(self.practice.mode)
            self._say(message("mode.fixed", self.lang))
            return
        table.practice = Mode(mode) is Mode.PRACTICE
        self.mode.value = mode
        self.controls.show(self._buttons())
        self.refresh()
        self._say(message(f"mode.chosen_{mode}", self.lang))

    def new_game(self) -> None:
        """Once the game is over: deal a fresh one at the same table (the same rules and bots,
        the mode chosen again before its first move)."""
        view = self.view
        if self.shared or not view.over:
            return
        self._games += 1
        seed = None if self.seed is None else self.seed + 1000 * self._games
        game = self.levels.new_game(view.rules, seed)
        self.source = LocalSource(Table(game, self.table.seats, practice=self.table.practice))
        self.table = self.source.table
        self.face = self.heart = None
        self._seen = 0
        self._before = None
        self.advice.value = ""
        self.note.status = ""
        self.stepper = None
        self.after_game.children = []
        self.end.hide()
        self.source.play_bots()
        self.refresh()

    def save(self) -> None:
        """Once the game is over: a link that saves its full record, with the mode and the
        help used."""
        if not self.view.over:
            return
        record = replace(self.game.to_record(), practice=self.practice)
        self.end.offer(dump_record(record), "fivesons.json")

    def hint(self) -> None:
        """What the infogain bot would decide at the learner's seat, from its view, and why
        (in practice only: not in a game, nor at a shared table)."""
        if self.shared:
            return
        if not self.table.practice:
            self._say(message("mode.practice_only", self.lang))
            return
        try:
            action, why = self.table.hint(self.seat, bot_seat(HINT_BOT, self.seed))
        except IllegalAction as err:
            self._say(refusal_to_you(err, self.seat, self.lang))
            return
        said = advice(why).text(self.lang)
        if isinstance(action, Question):
            hint = self._text("hint_ask", question=five_sons_question(
                action.face, action.heart, self.lang), why=said)
        elif isinstance(action, Guess):
            hint = self._text("hint_guess", face=action.face.name(self.lang),
                              heart=action.heart.name(self.lang), why=said)
        elif isinstance(action, Show):
            hint = self._text("hint_show", card=action.card.name(self.lang), why=said)
        else:
            hint = self._text("hint_pass", why=said)
        self.advice.value = _paragraphs([hint], "cardlab-hint")

    def play_on(self) -> None:
        """Practice, after the learner's wrong guess: let the others play on (no take back
        of that guess once they have)."""
        if not self.held:
            return
        self._before = None
        self.table.fix()        # the solution is shown now: the guess stays
        self.source.play_bots()
        self.refresh()

    def open_stepper(self) -> DeductionStepper:
        """After the game: step through it from the learner's view or the table's (never
        others')."""
        view = self.view
        if not view.over:
            raise IllegalAction("fivesons.app.not_over")
        if self.stepper is None:
            self.stepper = DeductionStepper({self.seat: view, None: table_log(view)}, self.lang,
                                            you=self.seat)
            self.after_game.children = [self.stepper]
        return self.stepper

    def others_moved(self) -> None:
        """Moves made at other screens have reached the table: show them."""
        self.refresh()

    def refresh(self) -> None:
        """Redraw everything from the learner's seat's view."""
        decision = self.decision
        kind = decision.kind if decision else None
        view = self.view
        rules = view.rules
        showing = decision.options if decision is not None and kind == Kind.SHOW else ()
        # The hand is pressed only to show a card: until then its cards are plain pictures,
        # in full colour; when showing, the two cards asked about are the available ones.
        self.hand.show([CardButton(card, disabled=card not in showing, plain=not showing)
                        for card in sorted(view.hand)])
        picking = kind in (Kind.ASK, Kind.GUESS)
        self.faces.show([CardButton(card, disabled=not picking, pressed=card == self.face)
                         for card in rules.faces])
        self.hearts.show([CardButton(card, disabled=not picking, pressed=card == self.heart)
                          for card in rules.hearts])
        self.question.value = self._question_line(kind)
        self.controls.update("ask", disabled=kind != Kind.ASK)
        self.controls.update("guess", disabled=kind != Kind.GUESS)
        self.controls.update("pass", disabled=kind != Kind.GUESS)
        if not self.shared:
            self.controls.update("hint", disabled=kind is None)
            # Offered only when it works: not before a first decision, nor once the result stands.
            self.controls.update("take_back", disabled=not self.table.can_undo)
            self.controls.update("play_on", disabled=not self.held)
        turn = self.table.game.decisions
        self.seats.value = round_picture(view, self.events, turn[0].seat if turn and
                                         not self.held else None, self.names, self.lang)
        self.solution.value = self._solution_html(view)
        self._show_log()
        self.review.layout.display = None if view.over else "none"
        self.review.update("review", disabled=not view.over)
        if self.level is not None:
            self.level.disabled = bool(self.table.moves)
        if self.mode is not None:
            table = self.table
            self.mode.disabled = bool(table.moves or table.hints or table.take_backs)
        self._show_end(view)
        # Last, so that the page shows what the status line says by the time it says it.
        self.controls.status = " ".join(filter(None, [self._news(),
                                                      self._prompt(view, decision)]))

    def undo(self) -> None:
        """Practice mode: take back the learner's last decision and the bots' moves after it."""
        try:
            self.table.undo()
        except IllegalAction as err:
            self._say(refusal_to_you(err, self.seat, self.lang))
            return
        done = "guess" if self.held else "done"     # a waiting guess has no bots' moves after it
        self._before = None
        self._seen = min(self._seen, len(self.table.events))
        self.face = self.heart = None
        self.advice.value = ""
        self.refresh()
        self._say(message(f"fivesons.table.take_back.{done}", self.lang))

    def _buttons(self) -> list[ButtonSpec]:
        """The learner's buttons: hint and take back in practice only."""
        help_ = self.table.practice and not self.shared
        return [ButtonSpec("ask", self._text("ask"), primary=True, decides=True),
                ButtonSpec("guess", self._text("guess"), decides=True),
                ButtonSpec("pass", self._text("pass"), decides=True),
                *([ButtonSpec("hint", self._text("hint"), decides=True),
                   ButtonSpec("take_back", message("fivesons.table.take_back.button", self.lang),
                              decides=True),
                   ButtonSpec("play_on", self._text("play_on"), disabled=True, decides=True)]
                  if help_ else [])]

    def _start_controls(self) -> list[widgets.Widget]:
        """What is chosen at the start of a game, above the table."""
        return self.mode.parts if self.mode is not None else []

    def _show_end(self, view: FiveSonsView) -> None:
        if not view.over:
            self.end.hide()
            return
        won = view.winner == self.seat
        practice = None if self.shared else self.practice
        outcome = ((practice or Practice()).win_line(self.lang) if won else
                   self._text("over_wrong") if self.seat in view.out else "")
        self.end.show(self._text("over"), outcome,
                      end_summary(view, self.names, self.lang, hands=not self.shared),
                      practice, end_buttons(self.lang, new_game=not self.shared,
                                            save=not self.shared, review=True))

    def _end_pressed(self, button: str) -> None:
        if button == NEW_GAME:
            self.new_game()
        elif button == SAVE:
            self.save()
    def _seats(self, bots: Sequence[str | SeatBot]) -> list[Seat]:
        """The learner, then `bots` (names or bots) at the other seats."""
        seed = self.seed
        return [Person(), *(bot_seat(bot, None if seed is None else seed + seat)
                            if isinstance(bot, str) else bot
                            for seat, bot in enumerate(bots, start=1))]

    def _playing_level(self) -> str:
        """The level the bots at the table play at (the chooser's value for it)."""
        names = tuple(player.name for player in self.table.seats[1:])
        return next((level for level in self.levels.levels
                     if names == level_bots(self.levels, level, len(names))), ADDRESS)

    def _review(self, _button: str) -> None:
        self.open_stepper()

    def _press(self, button: str) -> None:
        {"ask": self.ask, "guess": self.guess, "pass": self.pass_guess,
         "hint": self.hint, "take_back": self.undo, "play_on": self.play_on}[button]()

    def _act(self, action: Question | Show | Guess | NoGuess) -> None:
        """Hand the learner's decision to the table, then let the bots play until it waits."""
        seen = len(self.events)
        before = _Held(self.view, seen, action) if isinstance(action, Guess) else None
        try:
            self.source.act(action)
        except CardlabError as err:       # refused, or a shared table's store is gone
            self.refresh()      # a shared table may have caught up with others' moves
            self._say(refusal_to_you(err, self.seat, self.lang))
            return
        self._seen = seen
        self.advice.value = ""
        self.note.status = ""
        if isinstance(action, (Question, Guess)):
            self.face = self.heart = None
        view = self.view
        # In practice a wrong guess waits to be taken back: the bots would play on to the end.
        if (before is not None and self.table.practice and not self.shared
                and self.seat in view.out and not view.over):
            self._before = before
        else:
            self.source.play_bots()
        self.refresh()

    def _pair_missing(self) -> bool:
        if self.face is None or self.heart is None:
            self._say(self._text("choose_pair"))
            return True
        return False

    def _say(self, text: str) -> None:
        """Say `text` beside the prompt, which stays."""
        self.note.status = text

    def _text(self, key: str, **params: object) -> str:
        return message(f"fivesons.table.{key}", self.lang, **params)

    def _news(self) -> str:
        """How the latest question or guess ended, as the learner's seat was told it (nothing
        while a wrong practice guess waits: the prompt says it)."""
        if self.held:
            return ""
        for event in reversed(self.events):
            if event.kind in _OUTCOMES:
                told: str = addressed(event, self.seat).text(self.lang)
                return told
        return ""

    def _prompt(self, view: FiveSonsView, decision: Decision[Any, Any] | None) -> str:
        if view.over:
            return self._text("over") if view.winner != self.seat or self.shared else \
                self.practice.win_line(self.lang)
        if self._before is not None:
            guess = self._before.guess
            return self._text("held", face=guess.face.name(self.lang),
                              heart=guess.heart.name(self.lang))
        if decision is None:
            return self._text("waiting")
        if decision.kind == Kind.ASK:
            return self._text("your_ask")
        if decision.kind == Kind.SHOW:
            asking = view.asking
            assert asking is not None
            return self._text("your_show", asker=asking.seat)
        return self._text("your_guess")

    def _question_line(self, kind: str | None) -> str:
        if kind not in (Kind.ASK, Kind.GUESS):
            return ""
        if self.face is None or self.heart is None:
            return _paragraphs([self._text("choose_pair")], "cardlab-question")
        if kind == Kind.ASK:
            sentence = five_sons_question(self.face, self.heart, self.lang)
        else:
            sentence = self._text("guess_line", face=self.face.name(self.lang),
                                  heart=self.heart.name(self.lang))
        return _paragraphs([sentence], "cardlab-question")

    def _solution_html(self, view: FiveSonsView) -> str:
        solution = view.solution
        if solution is None or view.over:     # at the end, the end screen says it
            return ""
        face, heart = solution
        return _paragraphs([self._text("solution", face=face.name(self.lang),
                                       heart=heart.name(self.lang))], "cardlab-solution")

    def _show_log(self) -> None:
        """The log a question round a section, each summed up by its question."""
        rounds = split(self.events, lambda event: event.kind == "ask")
        lines = [[addressed(event, self.seat).text(self.lang) for event in run] for run in rounds]
        self.history.show([LogSection(message("fivesons.log.question", self.lang, number=number),
                                      tuple(told), told[0])
                           for number, told in enumerate(lines, start=1)],
                          new=min(len(self.events) - self._seen, len(lines[-1]) if lines
                                  else 0))


@dataclass(frozen=True)
class _Held:
    """A wrong practice guess waiting: the learner's view and the number of events before
    it, and the guess."""

    view: FiveSonsView
    events: int
    guess: Guess


def _label(text: str) -> widgets.HTML:
    """A visible caption for the row of cards below it (the row has its own accessible name)."""
    return widgets.HTML(f'<p class="cardlab-label" aria-hidden="true">{html.escape(text)}</p>')


def _paragraphs(lines: Sequence[str], css: str) -> str:
    return "".join(f'<p class="{css}">{html.escape(line)}</p>' for line in lines)
