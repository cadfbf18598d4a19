"""The teacher's classroom app: make tables, hand out seat links, watch every seat's knowledge.

The teacher sees everything, by right: each seat's cards, knowledge graph and
notes side by side. The students' pages never get any of it: each student
link opens that seat's view only (`cardlab.widgets.classroom_student`).

A seat link is this page's own address with the seat's token
(``?token=...``): the kernel learns the page's address from Voilà
(``VOILA_REQUEST_URL``), so the links carry whatever host the teacher opened
the page with (open the teacher's link with the machine's LAN address, as
`cardlab classroom --lan` prints it, for links the students can reach).

The store keeps no link it could give back, so a link is shown by the page
that made it; each student seat has a "New link" button, for a link lost
(a page reloaded, a student who forgot it): the old link stops working.

>>> import tempfile, pathlib
>>> from cardlab.classroom.room import Room
>>> room = Room.open(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> app = TeacherApp(room, address="http://10.0.0.5:8866/voila/render/apps/classroom.ipynb")
>>> app.form.seats[1].value = "bot:checklist"; app.form.seed.value = 3
>>> app.create.click("create"); app.create.status.startswith("Table 1 is ready: ")
True
>>> app.links.value.count('<a href="http://10.0.0.5:8866/voila/render/apps/classroom.ipynb?token=')
3
>>> again = TeacherApp(Room.open(room.store.where))   # another page: no links shown
>>> again.chooser.value = app.chooser.value; again.links.value.count("<a href")
0
>>> again.new_links.click("link-3"); again.links.value.count("<a href")
1
"""

from __future__ import annotations

import asyncio
import html
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets

from cardlab.classroom.room import Room, TableStatus
from cardlab.classroom.shared import BOT_PREFIX, SharedTable
from cardlab.classroom.store import STUDENT
from cardlab.errors import CardlabError
from cardlab.games import AnyGame, Knowing, Leveled, Seated, in_menu_order
from cardlab.games import game as game_entry
from cardlab.i18n import message
from cardlab.inputs import parse_json
from cardlab.levels import bot_label
from cardlab.render.cards import hand_svg
from cardlab.render.graph import graph_html
from cardlab.widgets.classroom_lessons import LessonsView
from cardlab.widgets.classroom_student import revealed_html, seat_names
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import guard
from cardlab.widgets.link_qr import link_item
from cardlab.widgets.stepper import Stepper

#: Seconds between two looks at the store for the overview and the watched table.
POLL_SECONDS = 1.0
#: The player counts the form asks each game's rules about.
PLAYERS = range(1, 9)
_WIDE = {"description_width": "initial"}
#: The id of a seat's "New link" button is this and the seat's number.
_LINK = "link-"
_ROW = widgets.Layout(flex_flow="row wrap", align_items="flex-start")


class TableForm(widgets.VBox):
    """A new table: the game, the players, who sits where (a student or a bot), seed, rules."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.game = widgets.Dropdown(options=[(entry.title(lang), entry.name)
                                              for entry in in_menu_order()
                                              if isinstance(entry, Seated)],
                                     description=_text("game", lang), style=_WIDE)
        entry = game_entry(self.game.value)
        self.players = widgets.Dropdown(options=player_counts(entry),
                                        value=entry.read_rules({}).players, style=_WIDE,
                                        description=_text("players", lang))
        self.seed = widgets.BoundedIntText(value=1, min=0, max=10 ** 9, style=_WIDE,
                                           description=_text("seed", lang))
        self.rules = widgets.Text(value="{}", style=_WIDE, description=_text("rules", lang),
                                  placeholder='{"moon": "choose"}')
        self.seats: list[widgets.Dropdown] = []
        self.seat_row = widgets.HBox(layout=_ROW)
        self._seat_choices()
        self.game.observe(lambda _: self._player_choices(), "value")
        self.players.observe(lambda _: self._seat_choices(), "value")
        super().__init__([widgets.HBox([self.game, self.players, self.seed], layout=_ROW),
                          self.seat_row, self.rules])
        self.add_class(FOCUS_CLASS)

    def read(self) -> tuple[str, dict[str, Any], int, list[str]]:
        """The game, its rule options, seed and seats; bad rules raise `CardlabError`."""
        try:
            # The browser can put anything here: the one reader bounds it (deep nesting).
            options = parse_json(self.rules.value or "{}", "rules")
        except CardlabError:
            raise CardlabError("classroom.teacher.bad_rules") from None
        if not isinstance(options, dict):
            raise CardlabError("classroom.teacher.bad_rules")
        options = {**options, "players": self.players.value}
        game_entry(self.game.value).read_rules(options)
        return self.game.value, options, self.seed.value, [seat.value for seat in self.seats]

    def _player_choices(self) -> None:
        """The player counts of the game chosen; the count chosen stays if that game allows
        it, else the game's own default; then the seats."""
        entry = game_entry(self.game.value)
        counts = player_counts(entry)
        if list(self.players.options) != counts:
            chosen = self.players.value
            with self.players.hold_trait_notifications():
                self.players.options = counts
                self.players.value = chosen if chosen in counts else \
                    entry.read_rules({}).players
        self._seat_choices()

    def _seat_choices(self) -> None:
        """One drop-down per seat; the seats already there keep their widget and choice
        (a bot the other game lacks falls back to a student)."""
        entry = game_entry(self.game.value)
        choices = [(_text("student", self.lang), STUDENT)] + [
            (_text("bot", self.lang, bot=label), BOT_PREFIX + bot)
            for label, bot in bot_choices(entry, self.lang)]
        values = {value for _, value in choices}
        for seat in range(len(self.seats), self.players.value):
            self.seats.append(widgets.Dropdown(
                options=choices, value=STUDENT, style=_WIDE,
                description=_text("seat", self.lang, seat=seat)))
        del self.seats[self.players.value:]
        for seat in self.seats:
            if list(seat.options) != choices:
                value = seat.value if seat.value in values else STUDENT
                seat.options = choices
                seat.value = value
        self.seat_row.children = self.seats


class TeacherApp(widgets.VBox):
    """The new-table form, every table at a glance, and one table watched seat by seat."""

    def __init__(self, room: Room, lang: str = "en", address: str = "") -> None:
        self.room = room
        self.lang = lang
        self.address = address
        self.statuses: list[TableStatus] = []
        self.watched: SharedTable | None = None
        #: Every table replayed here, kept up to date by `refresh` (one query each when idle).
        self.replays: dict[str, SharedTable] = {}
        self._drawn = -1            # actions in the watched table's picture
        self.form = TableForm(lang)
        self.create = ControlBar([ButtonSpec("create", _text("create", lang), primary=True)],
                                 label=_text("create_label", lang))
        self.create.on_click(lambda _: self.create_table())
        self.overview = widgets.HTML()
        self.chooser = widgets.Dropdown(description=_text("table", lang), style=_WIDE)
        self.chooser.observe(lambda _: self.choose(), "value")
        self.actions = ControlBar([], label=_text("actions_label", lang))
        self.actions.on_click(self._action)
        self.handover_seat = widgets.Dropdown(description=_text("handover_seat", lang),
                                              style=_WIDE)
        self.handover_bot = widgets.Dropdown(description=_text("handover_bot", lang),
                                             style=_WIDE)
        #: The seat and bot of Hand over: shown only while a table is watched.
        self.handover = widgets.HBox([self.handover_seat, self.handover_bot],
                                     layout=widgets.Layout(flex_flow="row wrap",
                                                           align_items="flex-start",
                                                           display="none"))
        self.links = widgets.HTML()
        self.new_links = ControlBar([], label=_text("new_links_label", lang))
        self.new_links.on_click(self._new_link)
        self.problem = widgets.HTML()
        self.seats = widgets.HTML()
        self.stepper = widgets.VBox()
        self._task: asyncio.Task[None] | None = None
        #: Lesson links, and the class's answers in the lessons.
        self.lessons = LessonsView(room, lang, address)
        super().__init__([
            self.problem, _heading(_text("new_table", lang)), self.form, self.create,
            _heading(_text("tables", lang)), self.overview,
            widgets.HBox([self.chooser], layout=_ROW), self.actions,
            self.handover,
            self.links, self.new_links, self.seats, self.stepper, self.lessons])
        self.add_class(FOCUS_CLASS)
        self.add_class("cardlab-classroom-teacher")
        guard(self)
        self.refresh()
        self.chooser.value = room.watched()      # a reloaded page goes on watching it
        self._start_polling()

    # -- the room ---------------------------------------------------------------------

    def create_table(self) -> None:
        """Make a table from the form; say why not if a choice is bad."""
        try:
            game, rules, seed, seats = self.form.read()
            table_id = self.room.create_table(game, rules, seed, seats)
        except CardlabError as err:
            self.create.status = err.text(self.lang)
            return
        self.refresh()
        number = next(k for k, status in enumerate(self.statuses, 1) if status.id == table_id)
        self.create.status = _text("created", self.lang, number=number,
                                   game=game_entry(game).title(self.lang), players=len(seats))
        self.chooser.value = table_id

    def refresh(self) -> None:
        """Read every table's state, let due bots move; redraw the overview and the watched
        table if it moved."""
        self.statuses = self.room.tables()
        for status in self.statuses:
            if status.id not in self.replays:
                self.replays[status.id] = self.room.shared(status.id)
            # Bots move here too: once every student of a table has left and the seats
            # went to bots, no student page is left to move them.
            self.replays[status.id].play_bots()
        self.overview.value = self._overview()
        options = [(_text("table_label", self.lang, number=number,
                           game=game_entry(status.game).title(self.lang),
                           players=len(status.seats)), status.id)
                   for number, status in enumerate(self.statuses, 1)]
        if [value for _, value in options] != [value for _, value in self.chooser.options]:
            chosen = self.chooser.value
            self.chooser.options = options
            self.chooser.value = chosen if chosen in {value for _, value in options} else None
        if self.watched is not None and self.watched.seq != self._drawn:
            self._draw()
        self.lessons.refresh()

    def choose(self) -> None:
        """Watch the table chosen in the drop-down (or none)."""
        self.stepper.children = []
        self._drawn = -1
        table_id = self.chooser.value
        self.watched = None if table_id is None else self.replays[table_id]
        self.room.watch(table_id)
        self._draw()

    # -- the chosen table -------------------------------------------------------------

    def _action(self, button: str) -> None:
        shared = self.watched
        assert shared is not None
        try:
            if button in ("pause", "resume"):
                self.room.set_paused(shared.info.id, button == "pause")
            elif button == "reveal":
                self.room.reveal(shared.info.id)
            elif button == "handover":
                seat = self.handover_seat.value
                if seat is None:
                    raise CardlabError("classroom.teacher.no_student")
                self.room.hand_to_bot(shared.info.id, seat, self.handover_bot.value)
            else:
                self._open_stepper(shared)
                return
        except CardlabError as err:
            self.actions.status = err.text(self.lang)
            return
        shared.sync()
        self._draw()
        self.actions.status = _text(f"done_{button}", self.lang)
        self.overview.value = self._overview()

    def _open_stepper(self, shared: SharedTable) -> None:
        if not shared.table.game.over:
            raise CardlabError("classroom.not_over")
        self.stepper.children = [Stepper.of(shared.table.game, self.lang)]

    def _draw(self) -> None:
        shared = self.watched
        if shared is None:
            self.actions.show([])
            self.new_links.show([])
            self.links.value = self.seats.value = ""
            self.handover_seat.options = self.handover_bot.options = []
            self.handover.layout.display = "none"
            return
        self.handover.layout.display = None
        self._drawn = shared.seq
        info = shared.info
        over = shared.table.game.over
        self.actions.show([
            ButtonSpec("resume" if info.paused else "pause",
                       _text("resume" if info.paused else "pause", self.lang)),
            ButtonSpec("handover", _text("handover", self.lang),
                       disabled=STUDENT not in info.seats),
            ButtonSpec("reveal", _text("reveal", self.lang),
                       disabled=not over or info.revealed),
            ButtonSpec("stepper", _text("stepper", self.lang), disabled=not over)])
        names = seat_names(info.seats, None, self.lang, info.game)
        students = [(names[seat], seat) for seat, who in enumerate(info.seats) if who == STUDENT]
        if [seat for _, seat in students] != [seat for _, seat in self.handover_seat.options]:
            self.handover_seat.options = students
            self.handover_seat.value = students[0][1] if students else None
        bots = bot_choices(shared.entry, self.lang)
        if list(self.handover_bot.options) != bots:
            self.handover_bot.options = bots
            # The game's default bot: a sound, quick stand-in (Standard, in a leveled game).
            values = [bot for _, bot in bots]
            default = shared.entry.default_bot
            self.handover_bot.value = default if default in values else values[0]
        self.links.value = self._links(shared)
        self.new_links.show(ButtonSpec(f"{_LINK}{seat}", _text("new_link", self.lang, seat=name))
                            for name, seat in students)
        self.seats.value = _every_seat(shared, names, self.lang)

    def _links(self, shared: SharedTable) -> str:
        """Each student seat's link, where this page made it; else how to get a new one."""
        tokens = self.room.seat_tokens(shared.info.id)
        names = seat_names(shared.info.seats, None, self.lang, shared.info.game)
        items = []
        for seat, who in enumerate(shared.info.seats):
            if who != STUDENT:
                continue
            name = html.escape(names[seat])
            if seat not in tokens:
                items.append(f"<li>{name}: {html.escape(_text('link_hidden', self.lang))}</li>")
                continue
            items.append(link_item(names[seat], self._link(tokens[seat]), self.lang))
        heading = html.escape(_text("links", self.lang))
        return (f'<section class="cardlab-classroom-links"><h3>{heading}'
                f"</h3><p>{html.escape(_text('links_private', self.lang))}</p>"
                f"<ul>{''.join(items)}</ul></section>") if items else ""

    def _new_link(self, button: str) -> None:
        """A new link for the seat of `button` ("link-SEAT"); the old one stops working."""
        shared = self.watched
        assert shared is not None               # the buttons are there for a watched table
        seat = int(button.removeprefix(_LINK))
        try:
            self.room.new_seat_token(shared.info.id, seat)
        except CardlabError as err:
            self.new_links.status = err.text(self.lang)
            return
        self.links.value = self._links(shared)
        self.new_links.status = _text("done_new_link", self.lang, seat=seat_names(
            shared.info.seats, None, self.lang, shared.info.game)[seat])

    def _link(self, token: str) -> str:
        query = {"token": token, **({"lang": self.lang} if self.lang != "en" else {})}
        return f"{self.address}?{urlencode(query)}"

    def _overview(self) -> str:
        if not self.statuses:
            return f"<p>{html.escape(_text('no_tables', self.lang))}</p>"
        head = "".join(f'<th scope="col">{html.escape(_text(f"col_{column}", self.lang))}</th>'
                       for column in ("table", "game", "seats", "turn", "actions", "state"))
        rows = "".join(self._row(number, status)
                       for number, status in enumerate(self.statuses, 1))
        # On a narrow screen the table scrolls sideways within its box, not the page.
        return (f'<div style="overflow-x:auto"><table class="cardlab-classroom-tables"><caption>'
                f'{html.escape(_text("tables_caption", self.lang))}</caption><thead><tr>{head}</tr>'
                f"</thead><tbody>{rows}</tbody></table></div>")

    def _row(self, number: int, status: TableStatus) -> str:
        names = seat_names(status.seats, None, self.lang, status.game)
        seats = ", ".join(name + ("" if status.seats[seat] != STUDENT else
                                  " ✓" if seat in status.present else " –")
                          for seat, name in enumerate(names))
        shared = self.replays[status.id]
        state = [_text(key, self.lang) for key, on in (
            ("over", status.over), ("paused", status.paused), ("revealed", status.revealed))
            if on] or [_text("playing", self.lang)]
        cells = (str(number), game_entry(status.game).title(self.lang), seats,
                 _turn(shared, names, self.lang), str(status.actions), ", ".join(state))
        return "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells) + "</tr>"

    def _start_polling(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python, tests): `refresh` by hand
            return
        self._task = loop.create_task(self._keep_polling())

    async def _keep_polling(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            self.poll()

    def poll(self) -> None:
        """One look at the store: `refresh`, or say at the top of the page why it failed
        (the store gone, its server unreachable) until a look succeeds again."""
        try:
            self.refresh()
        except CardlabError as err:
            self.problem.value = (f'<p class="cardlab-problem" role="status">'
                                  f"{html.escape(err.text(self.lang))}</p>")
        else:
            self.problem.value = ""


def player_counts(entry: AnyGame) -> list[int]:
    """The player counts a table of `entry` may have: those its rules accept (a game
    whose player count is no rule option: its one count).

    >>> from cardlab.games import in_menu_order
    >>> player_counts(in_menu_order()[0])
    [3, 4, 5, 6]
    """
    counts = []
    for players in PLAYERS:
        try:
            entry.read_rules({"players": players})
        except CardlabError:
            continue
        counts.append(players)
    return counts or [entry.read_rules({}).players]


def bot_choices(entry: AnyGame, lang: str) -> list[tuple[str, str]]:
    """(label, bot) of each bot a teacher may seat: a leveled game's levels, weakest first,
    named as the play apps name them; any other game's bots by their learner's names.

    >>> from cardlab.games import in_menu_order
    >>> bot_choices(in_menu_order()[0], "de")[0]
    ('Anfänger', 'checklist')
    """
    bots = list(entry.levels.values()) if isinstance(entry, Leveled) else list(entry.bots)
    return [(bot_label(entry, bot, lang), bot) for bot in bots]


def _turn(shared: SharedTable, names: list[str], lang: str) -> str:
    """Whose decision the table waits for, in words."""
    game = shared.table.game
    if game.over:
        return "–"
    seats = sorted({decision.seat for decision in game.decisions
                    if not decision.chance})
    return ", ".join(names[seat] for seat in seats) or _text("dealing", lang)


def _every_seat(shared: SharedTable, names: list[str], lang: str) -> str:
    """Each seat's cards, knowledge graph and notes, side by side (the teacher's right)."""
    game, entry = shared.table.game, shared.entry
    columns = []
    for seat, name in enumerate(names):
        view = entry.view(game, seat)     # what the seat itself sees, never more
        known = ""
        if isinstance(entry, Knowing):
            knowledge = entry.knowledge(view)
            graph = entry.graph(knowledge, lang)
            known = graph_html(graph, lang=lang) + entry.notes_html(knowledge, graph, lang)
        columns.append(f'<section class="cardlab-classroom-seat"><h3>{html.escape(name)}</h3>'
                       f"{hand_svg(sorted(entry.hand(view)), lang=lang)}{known}</section>")
    revealed = revealed_html(shared, lang) if shared.info.revealed else ""
    return (f'<div class="cardlab-classroom-seats" style="display:flex;flex-wrap:wrap;gap:1em">'
            f"{''.join(columns)}</div>{revealed}")


def _heading(text: str) -> widgets.HTML:
    return widgets.HTML(f"<h2>{html.escape(text)}</h2>")


def _text(key: str, lang: str, **params: object) -> str:
    return message(f"classroom.teacher.{key}", lang, **params)
