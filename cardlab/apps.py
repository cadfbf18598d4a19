"""What an app's address asks for: `lang`, `seed`, `players`, `bots`, `level`, `rules`, `game`.

Voilà hands each app kernel the page's query string (the ``QUERY_STRING``
variable; a kernel preheated ahead of its page waits for it here, see
`cardlab.serve.page_request`). A bad parameter never stops the app: its reason is kept in
`problems`, shown on the page, and the default is used instead.

>>> from cardlab.games import in_menu_order
>>> entry = in_menu_order()[0]                      # the apps' default game, whichever it is
>>> bot = entry.default_bot
>>> settings = read_settings(entry.name, f"lang=de&seed=7&players=3&bots={bot},random")
>>> settings.lang, settings.seed, settings.rules.players, settings.bots == (bot, "random")
('de', 7, 3, True)
>>> bad = read_settings(entry.name, "players=99&seed=x")
>>> [problem.text("en") for problem in bad.problems]
["seed: 'x' is not a whole number", 'players: 99 is out of range (3 to 6)']
>>> bad.level
'beginner'

`level` plays every other seat at one level of the game's bots (`cardlab.levels`;
default: the weakest); `bots` names each seat's bot instead:

>>> settings = read_settings(entry.name, "level=expert")
>>> settings.bots == (entry.levels["expert"],) * (settings.rules.players - 1)
True
>>> settings = read_settings(entry.name, "level=master")
>>> settings.level, settings.problems[0].text()
('beginner', "level: 'master' is not a level of this game's bots (beginner, standard, expert)")

`mode` is practice (the default: hints and take backs, counted) or game (no help):

>>> str(read_settings(entry.name, "mode=game").mode)
'game'
>>> [problem.text() for problem in read_settings(entry.name, "mode=exam").problems]
["mode: 'exam' is not a mode (practice, game)"]

An app that shows any game (the stepper) reads `game` first:

>>> chosen_game("game=second&lang=de", ("first", "second"))
('second', ())
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import parse_qs

from cardlab.errors import CardlabError
from cardlab.games import Leveled, game
from cardlab.i18n import LANGUAGES, Text
from cardlab.inputs import parse_json
from cardlab.levels import default_level, level_bots, read_level
from cardlab.practice import Mode, read_mode
from cardlab.serve.page_request import preheated, wait_for_page

#: Query strings longer than this are cut (they come from a link anybody can edit).
MAX_QUERY = 4_000
#: Seeds are whole numbers of at most this many digits.
MAX_SEED_DIGITS = 18
#: `game` is read only by apps that show any game (`chosen_game`); the others ignore it.
PARAMETERS = ("lang", "seed", "players", "bots", "rules", "game", "level", "mode")


@dataclass(frozen=True)
class AppSettings:
    """An app's settings: each one from the address, or its default if that was bad."""

    game: str
    lang: str
    seed: int | None
    rules: Any
    #: One bot name per seat other than the learner's (seat 0).
    bots: tuple[str, ...]
    problems: tuple[Text, ...] = ()
    #: True when the rules come from the address (`rules` or `players`, read without a problem).
    custom_rules: bool = False
    #: What the page should say about good settings, such as rules under which a game may
    #: never end (shown beside the problems).
    notes: tuple[Text, ...] = ()
    #: The level every bot plays at (`cardlab.levels`); None where the address names each
    #: seat's bot (`bots`) or the game's bots have no levels.
    level: str | None = None
    #: Practice or game (`cardlab.practice.Mode`), as the address chose it.
    mode: str = Mode.PRACTICE


def query_string() -> str:
    """The query string of the page this kernel serves ('' outside Voilà).

    In a preheated kernel, the first call waits until a page takes the kernel.
    """
    if preheated():
        wait_for_page()
    return os.environ.get("QUERY_STRING", "")


def chosen_game(query: str | None, games: tuple[str, ...]) -> tuple[str, tuple[Text, ...]]:
    """The game the address's `game` names among `games` (default: the first), and any problem.

    >>> name, problems = chosen_game("game=chess", ("first", "second"))
    >>> name, problems[0].text("en")[:49]
    ('first', "game: 'chess' is not a game of this app (first, s")
    """
    values = parse_qs((query_string() if query is None else query)[:MAX_QUERY]).get("game")
    if not values or values[-1] in games:
        return (values[-1] if values else games[0]), ()
    return games[0], (Text("app_game.bad_game", value=values[-1], known=", ".join(games),
                           default=games[0]),)


def read_settings(game_name: str, query: str | None = None,
                  parameters: tuple[str, ...] = PARAMETERS) -> AppSettings:
    """The settings for `game_name` from `query` (default: this page's query string).

    `parameters` are the ones the app takes; any other is named among the problems.

    >>> from cardlab.games import in_menu_order
    >>> settings = read_settings(in_menu_order()[0].name, "bots=random", ("lang", "seed"))
    >>> settings.problems[0].text()[:42]
    "The address has 'bots', which this app doe"
    """
    entry = game(game_name)
    raw = {key: values[-1] for key, values in parse_qs(
        (query_string() if query is None else query)[:MAX_QUERY]).items()}
    problems: list[Text] = [Text("app.unknown_parameter", name=name,
                                 known=", ".join(parameters))
                            for name in sorted(raw) if name not in parameters]
    raw = {name: value for name, value in raw.items() if name in parameters}
    lang = raw.get("lang", "en")
    if lang not in LANGUAGES:
        problems.append(Text("app.bad_lang", value=lang, known=", ".join(LANGUAGES)))
        lang = "en"
    seed = None
    if "seed" in raw:
        value = raw["seed"]
        if value.isascii() and value.isdigit() and len(value) <= MAX_SEED_DIGITS:
            seed = int(value)
        else:
            problems.append(Text("app.bad_seed", value=value))
    mode = Mode.PRACTICE
    if "mode" in raw:
        try:
            mode = read_mode(raw["mode"])
        except CardlabError as err:
            problems.append(_problem("mode", err))
    rules = entry.read_rules({})
    custom = False
    options: dict[str, Any] = {}
    if "rules" in raw:
        try:
            options = parse_json(raw["rules"], "rules")
            rules = entry.read_rules(options)
            custom = True
        except CardlabError as err:
            problems.append(_problem("rules", err))
            options = {}
    if "players" in raw:
        try:
            rules = entry.read_rules({**options, "players": _whole(raw["players"])})
            custom = True
        except CardlabError as err:
            problems.append(_problem("players", err))
    level, bots = None, (entry.default_bot,) * (rules.players - 1)
    if isinstance(entry, Leveled):
        level = default_level(entry)
        if "level" in raw:
            try:
                level = read_level(entry, raw["level"])
            except CardlabError as err:
                problems.append(_problem("level", err))
        bots = level_bots(entry, level, rules.players - 1)
    elif "level" in raw:
        problems.append(Text("app.bad_parameter", name="level", why=Text("level.none")))
    if "bots" in raw:
        names = tuple(name.strip() for name in raw["bots"].split(","))
        unknown = [name for name in names if name not in entry.bots]
        if unknown:
            problems.append(Text("app.bad_bot", value=unknown[0], known=", ".join(entry.bots)))
        elif len(names) != rules.players - 1:
            problems.append(Text("app.bot_count", count=len(names), others=rules.players - 1))
        else:
            bots, level = names, None
    settings = AppSettings(game_name, lang, seed, rules, bots, level=level)
    endless = entry.endless(rules)
    notes = () if endless is None else (endless,)
    return replace(settings, problems=tuple(problems), custom_rules=custom, notes=notes,
                   mode=mode)


def _whole(value: str) -> Any:
    """A short whole number as an int; anything else as it is, for the rules to refuse."""
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 3 else value


def _problem(name: str, err: CardlabError) -> Text:
    return Text("app.bad_parameter", name=name, why=Text(err.key, **err.params))
