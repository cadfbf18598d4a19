"""How strong each bot level is, measured by `cardlab bench levels`.

For every game whose bots come in levels (`cardlab.games.Leveled`), every pair
of levels plays a duel at the game's default table: one level's bot on every
other seat, the other's on the rest, the seats rotated each round (a round is
a whole game, or a hand of a game played in hands; see each game's `duel`).
A level's win rate is the share of rounds it won over all its duels. Where
a round is a whole game, a table of one level's bots also plays, to tell how
many rounds of questions such a game lasts: how long a learner has to think.

Seeded: the same run gives the same figures on any machine.

>>> from cardlab.games import in_menu_order
>>> name = in_menu_order()[0].name                  # the apps' default game, whichever it is
>>> figures = measure(rounds=1, names=[name], quiet=True)
>>> sorted(figures["games"][name]["win_rate"])
['beginner', 'expert', 'standard']
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from tqdm import tqdm

from cardlab.games import Leveled, game, in_menu_order
from cardlab.i18n import message

#: Rounds per pair of levels (and per table of one level), in a full run and a quick one.
ROUNDS, QUICK_ROUNDS = 40, 2
SEED = 2026


def measure(quick: bool = False, rounds: int | None = None, names: Sequence[str] | None = None,
            quiet: bool = False) -> dict[str, Any]:
    """Every leveled game's duels, each level's win rate and, where a round is a whole game,
    how many rounds a table of one level plays before a bot wins."""
    rounds = rounds if rounds is not None else (QUICK_ROUNDS if quick else ROUNDS)
    entries = [entry for entry in ([game(name) for name in names] if names else in_menu_order())
               if isinstance(entry, Leveled)]
    work = sum(len(entry.levels) * (len(entry.levels) + 1) // 2 for entry in entries)
    figures: dict[str, Any] = {"rounds": rounds, "seed": SEED, "games": {}}
    with tqdm(total=work, file=sys.stderr, disable=True if quiet else None, leave=False,
              desc=message("bench_levels.progress")) as bar:
        for entry in entries:
            figures["games"][entry.name] = _game(entry, rounds, bar)
    return figures


def _game(entry: Any, rounds: int, bar: tqdm[Any]) -> dict[str, Any]:
    rules = entry.read_rules({})
    levels = list(entry.levels)
    won = dict.fromkeys(levels, 0)
    played = dict.fromkeys(levels, 0)
    duels = []
    unit, result = "", None
    for first, second in combinations(levels, 2):
        result = entry.duel(rules, entry.levels[first], entry.levels[second], rounds, SEED)
        bar.update()
        unit = result.unit
        for level, wins in zip((first, second), result.wins, strict=True):
            won[level] += wins
            played[level] += result.rounds
        duels.append({"first": first, "second": second, "rounds": result.rounds,
                      "wins": list(result.wins), "draws": result.draws,
                      "points": None if result.points is None else
                      [round(points, 2) for points in result.points]})
    data: dict[str, Any] = {
        "unit": unit, "players": rules.players, "levels": dict(entry.levels),
        "win_rate": {level: round(won[level] / played[level], 3) if played[level] else 0.0
                     for level in levels},
        "duels": duels}
    if result is None or result.length is None:   # a round is not a whole game: nothing to time
        bar.update(len(levels))
        return data
    lengths = {}
    for level, bot in entry.levels.items():
        lengths[level] = round(entry.duel(rules, bot, bot, rounds, SEED).length or 0.0, 1)
        bar.update()
    return {**data, "rounds_to_win": lengths}


def text(figures: dict[str, Any], lang: str = "en") -> str:
    """The figures as readable lines in `lang`.

    >>> from cardlab.games import in_menu_order
    >>> entry = in_menu_order()[0]
    >>> lines = text({"rounds": 40, "games": {entry.name: {
    ...     "unit": "hands", "players": 4, "win_rate": {"beginner": 0.2, "expert": 0.8},
    ...     "levels": {"beginner": "b", "expert": "e"},
    ...     "duels": [{"first": "beginner", "second": "expert", "rounds": 40, "wins": [8, 30],
    ...                "draws": 2, "points": [8.5, 4.25]}]}}}, "de").splitlines()
    >>> lines[0] == f"{entry.title('de')}, 4 Spieler, 40 Runden je Paar von Stufen:"
    True
    >>> lines[1]
    '  Anfänger gegen Experte: 8 zu 30, unentschieden 2; Punkte je Platz und Runde 8,50 zu 4,25'
    >>> lines[2]
    '  Gewonnen gegen die anderen Stufen: Anfänger 20 %, Experte 80 %'
    """
    lines = []
    for name, data in figures["games"].items():
        entry = game(name)

        def called(level: str) -> str:
            return message(f"level.{level}", lang)
        lines.append(message("bench_levels.game", lang, game=entry.title(lang),
                             players=data["players"], rounds=figures["rounds"],
                             unit=message(f"bench_levels.unit_{data['unit']}", lang)))
        for duel in data["duels"]:
            line = message("bench_levels.duel", lang, first=called(duel["first"]),
                           second=called(duel["second"]), won=duel["wins"][0],
                           lost=duel["wins"][1], draws=duel["draws"])
            if duel["points"] is not None:
                line += message("bench_levels.points", lang,
                                first=_decimal(duel["points"][0], lang),
                                second=_decimal(duel["points"][1], lang))
            lines.append(line)
        lines.append(message("bench_levels.win_rate", lang, rates=", ".join(
            f"{called(level)} {round(rate * 100)} %" for level, rate in data["win_rate"].items())))
        for level, length in data.get("rounds_to_win", {}).items():
            lines.append(message("bench_levels.length", lang, level=called(level),
                                 rounds=_decimal(length, lang, 1)))
    return "\n".join(lines)


def _decimal(value: float, lang: str, digits: int = 2) -> str:
    formatted = f"{value:.{digits}f}"
    return formatted.replace(".", ",") if lang == "de" else formatted
