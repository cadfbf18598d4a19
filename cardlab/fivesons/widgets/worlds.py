"""The possible worlds explorer: a small Five Sons game's Kripke model, redrawn at each event.

A game of a small deck (2 face cards, 3 hearts, 3 players unless the
address asks for another deck) is played by bots; the learner steps through
its events, or adds questions of their own (the events after the current
step are then dropped: a new branch). After each step the model is drawn
again: every world labelled with its deal, the chosen seat's links between
every two worlds it cannot tell apart, and what is true about knowing the
solution, in words and in K-notation (``K₀ solution``, ``K₁ K₀ solution``).

A deck with more deals than `MAX_WORLDS` (the worlds before any question,
the first picture) is refused before anything is dealt, with both numbers.
The address takes `lang`, `seed`, `players` and `rules`; with either of the
last two the explorer uses the deck they describe (from the standard
defaults), and any other parameter is named on the page.

Everything here is the model of a game the learner only watches: every deal,
the real one ringed, is the point of the picture; no seat's secrets are kept.

>>> explorer = WorldsExplorer.from_query("seed=2")
>>> explorer.after, len(explorer.model.worlds)
(0, 36)
>>> explorer.statement_lines()[0]
('¬K₀ solution', 'Seat 0 does not know the solution.')
>>> WorldsExplorer.from_query("players=3").refusal  # doctest: +ELLIPSIS
'This deck has 15,962,918,400 possible deals...'
>>> WorldsExplorer.from_query("players=4").refusal  # doctest: +ELLIPSIS
'This deck has 1,407,929,402,880 possible deals...'
"""

from __future__ import annotations

import html
from dataclasses import replace

import ipywidgets as widgets

from cardlab.apps import AppSettings, read_settings
from cardlab.cards import Card
from cardlab.errors import CardlabError
from cardlab.fivesons.cards import five_sons_question
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.match import play_game
from cardlab.fivesons.render.worlds import k_statements, seat_links_legend, seat_links_svg
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.worlds_story import tell
from cardlab.fivesons.worlds import MAX_WORLDS, TINY_RULES, PossibleWorlds, deal_count
from cardlab.i18n import Count, message, number
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import guard

#: The deck the explorer uses when the address leaves the rules at their defaults.
SMALL = TINY_RULES
#: The example game's seed when the address gives none: the same game for everyone.
EXAMPLE_SEED = 1
#: The bot every seat of the example game plays.
BOT = "logician"
_LABEL = {"description_width": "initial"}
#: What the address may ask for (the explorer's bots are its own).
PARAMETERS = ("lang", "seed", "players", "rules")
#: The picture's smallest width in pixels: narrower screens scroll it sideways.
MIN_WIDTH = 520
#: Below this page width (a phone) the picture's solutions stand in bands of a few columns,
#: drawn to fit `PHONE_WIDTH` px at their natural size, instead of in one wide row.
NARROW_PAGE, PHONE_WIDTH = 600, 340
_RESPONSIVE_STYLE = (
    "<style>.cardlab-worlds-narrow { display: none; } "
    f"@media (max-width: {NARROW_PAGE}px) {{ .cardlab-worlds-wide {{ display: none; }} "
    ".cardlab-worlds-narrow { display: block; } }</style>")
_CELL = "text-align:left;padding:2px 12px 2px 0"


class WorldsExplorer(widgets.VBox):
    """Back and next through a small game, a question form, the seat chooser and the model."""

    def __init__(self, rules: FiveSonsRules | None = None, seed: int | None = None,
                 lang: str = "en", problems: str = "") -> None:
        self.lang = lang
        self.rules = rules = rules or SMALL
        self.problems = widgets.HTML(problems)
        self.refusal = ""
        self.after = 0
        deals = deal_count(rules)
        if deals > MAX_WORLDS:  # the first picture lists every deal
            self.refusal = self._text("too_big", deals=number(deals, lang),
                                      limit=number(MAX_WORLDS, lang))
            super().__init__([self.problems, widgets.HTML(
                f'<p role="status" class="cardlab-refusal">{html.escape(self.refusal)}</p>')])
            return
        self.game = play_game(rules, [BOT] * rules.players,
                              EXAMPLE_SEED if seed is None else seed)
        self.model = PossibleWorlds.from_game(self.game, 0)
        self.seat = widgets.Dropdown(
            options=[(message("fivesons.worlds_app.seat_option", lang, seat=seat), seat)
                     for seat in range(rules.players)],
            value=0, description=self._text("seat"), style=_LABEL)
        self.face = widgets.Dropdown(options=[(card.name(lang), card.code) for card in
                                              rules.faces], description=self._text("face"),
                                     style=_LABEL)
        self.heart = widgets.Dropdown(options=[(card.name(lang), card.code) for card in
                                               rules.hearts], description=self._text("heart"),
                                      style=_LABEL)
        self.asker = widgets.HTML()
        #: Back and Next, just above the picture they change (a phone need not scroll down
        #: to them past the statements), with where the game is.
        self.controls = ControlBar([ButtonSpec("back", self._text("back")),
                                    ButtonSpec("next", self._text("next"), primary=True)],
                                   label=self._text("controls"))
        #: Asking a question of one's own, under the pickers it asks about; says a refusal.
        self.question = ControlBar([ButtonSpec("ask", self._text("ask"))],
                                   label=self._text("question"))
        # min_width 0: a flex item may shrink below its content, so the scroll region inside
        # scrolls instead of the page cutting the picture and its legend off.
        self.picture = widgets.HTML(layout=widgets.Layout(min_width="0", max_width="100%"))
        self.statements = widgets.HTML()
        self.seat.observe(lambda _change: self._draw(), "value")
        self.controls.on_click(self._press)
        self.question.on_click(self._press)
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__([self.problems, self.seat, self.controls, self.picture,
                          self.statements, self.asker,
                          widgets.HBox([self.face, self.heart], layout=wrap), self.question])
        self.add_class(FOCUS_CLASS)
        self.add_class("cardlab-worlds")
        guard(self)
        self.go(0)

    @classmethod
    def from_settings(cls, settings: AppSettings) -> WorldsExplorer:
        """The explorer an app's address asks for; without `players` or `rules`, the small deck."""
        rules = settings.rules if settings.custom_rules else None
        problems = "".join(f'<p class="cardlab-problem">{html.escape(p.text(settings.lang))}</p>'
                           for p in settings.problems)
        return cls(rules, settings.seed, settings.lang, problems)

    @classmethod
    def from_query(cls, query: str | None = None) -> WorldsExplorer:
        """The explorer for a page address's query string (default: this page's)."""
        return cls.from_settings(read_settings("fivesons", query, PARAMETERS))

    @property
    def count(self) -> int:
        """How many events the game has (the last step)."""
        return len(self.game.events)

    def go(self, after: int) -> None:
        """Show the model after the first `after` events (clamped to the game)."""
        self.after = max(0, min(after, self.count))
        self.model = PossibleWorlds.from_game(self.game, self.after)
        self._draw()

    def ask(self, face: str, heart: str) -> None:
        """Add a question after the current step, asked by the seat whose turn it is.

        The events after the current step are dropped. A responder holding both
        cards shows the face card. A question the rules refuse (the game is over)
        is explained and changes nothing.
        """
        game = self._replayed(self.after)
        try:
            game.ask(game.turn, Card.parse(face), Card.parse(heart), self._shown(game, face, heart))
            PossibleWorlds.from_game(game)
        except CardlabError as err:
            self.question.status = self._text("refused", why=err.text(self.lang))
            return
        self.game = game
        self.go(self.count)

    def statement_lines(self) -> list[tuple[str, str]]:
        """What is true about knowing in the real world now: (K-notation, words)."""
        return [(s.notation, s.words) for s in k_statements(self.model, self.lang)]

    def _replayed(self, after: int) -> FiveSonsGame:
        record = self.game.to_record()
        return FiveSonsGame.from_record(replace(record, events=record.events[:after]))

    @staticmethod
    def _shown(game: FiveSonsGame, face: str, heart: str) -> Card | None:
        options = game.showable(game.turn, Card.parse(face), Card.parse(heart))
        return options[0] if options else None

    def _press(self, button: str) -> None:
        if button == "back":
            self.go(self.after - 1)
        elif button == "next":
            self.go(self.after + 1)
        else:
            self.ask(self.face.value, self.heart.value)

    def _draw(self) -> None:
        seat = self.seat.value
        first, second = seat_links_legend(seat, self.lang)
        # The legend wraps to the page. A phone gets the picture in bands of columns that fit
        # it; a page a little wider scrolls the wide one rather than shrinking its labels.
        # The hidden one of the two is display:none, out of a screen reader's way too.
        self.picture.value = (
            f'<p style="font-weight:bold">{html.escape(first, quote=False)}</p>'
            f"<p>{html.escape(second, quote=False)}</p>{_RESPONSIVE_STYLE}"
            f'<div class="cardlab-scroll cardlab-worlds-wide" role="region" tabindex="0" '
            f'style="overflow-x:auto;max-width:calc(100vw - 32px)" '
            f'aria-label="{html.escape(self._text("picture", seat=seat))}">'
            f'<div style="min-width:{MIN_WIDTH}px">'
            f"{seat_links_svg(self.model, seat, self.lang, legend=False)}</div></div>"
            f'<div class="cardlab-worlds-narrow">'
            f"{seat_links_svg(self.model, seat, self.lang, False, PHONE_WIDTH)}</div>")
        rows = "".join(f'<tr><th scope="row" style="{_CELL};white-space:nowrap">'
                       f"{html.escape(notation)}</th>"
                       f'<td style="{_CELL}">{html.escape(words)}</td></tr>'
                       for notation, words in self.statement_lines())
        self.statements.value = (
            f'<table class="cardlab-statements"><caption style="{_CELL};font-weight:bold">'
            f'{html.escape(self._text("true_now"))}</caption><thead><tr>'
            f'<th scope="col" style="{_CELL}">{html.escape(self._text("notation"))}</th>'
            f'<th scope="col" style="{_CELL}">{html.escape(self._text("words"))}</th></tr>'
            f"</thead><tbody>{rows}</tbody></table>")
        game = self._replayed(self.after)
        turn = self._text("over") if game.over else self._text(
            "asker", seat=game.turn, question=five_sons_question(
                Card.parse(self.face.value), Card.parse(self.heart.value), self.lang))
        self.asker.value = f'<p class="cardlab-asker">{html.escape(turn)}</p>'
        self.controls.update("back", disabled=self.after == 0)
        self.controls.update("next", disabled=self.after == self.count)
        self.question.update("ask", disabled=game.over)
        self.question.status = ""
        event = (tell(self.game, self.after - 1, self.lang) if self.after else
                 self._text("dealt"))
        self.controls.status = self._text("position", after=self.after,
                                          count=Count("count.of_events", self.count).label(
                                              self.lang), event=event,
                                          worlds=Count("count.possible_worlds", len(
                                              self.model.worlds)).label(self.lang))

    def _text(self, key: str, **params: object) -> str:
        return message(f"fivesons.worlds_app.{key}", self.lang, **params)
