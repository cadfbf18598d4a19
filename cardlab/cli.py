"""The `cardlab` command: serve the gallery, play, replay, infer, graph, bench.

Bad input never shows a traceback: it exits with status 2 and one line on
stderr that says where and why.

>>> main(["replay", "no-such-file.json"])
2
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tqdm import tqdm

from cardlab import bench, gallery, graphs
from cardlab.blackwidow import match as blackwidow_match
from cardlab.blackwidow import report as blackwidow_report
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import BlackWidowView, seat_view
from cardlab.errors import CardlabError, RecordError
from cardlab.fivesons import report
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.match import play_game, tournament
from cardlab.fivesons.record import FiveSonsLog, FiveSonsRecord
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.graphs import blackwidow_graph, fivesons_graph
from cardlab.i18n import LANGUAGES, message
from cardlab.records import load_record, save_record
from cardlab.render.graph import graph_svg

GAMES = ("fivesons", "blackwidow")


class _UsageError(Exception):
    """argparse found the command line itself malformed."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not argparse's usage block
        raise _UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one subcommand per job."""
    parser = _Parser(prog="cardlab", description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="language of readable output and messages")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    serve = commands.add_parser("serve", help="open the Voila app gallery on 127.0.0.1")
    serve.add_argument("--port", type=int, default=gallery.DEFAULT_PORT)
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.set_defaults(run=_serve)

    play = commands.add_parser("play", help="play a whole game (or a tournament) with bots")
    play.add_argument("game", choices=GAMES)
    play.add_argument("--bots", required=True, help="bot names, one per seat, comma-separated")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--rules", default="{}", help="rule options as JSON")
    play.add_argument("--record", metavar="OUT.json", help="write the full record here")
    play.add_argument("--games", type=int, metavar="N",
                      help="a seat-rotated tournament of N games instead of one game")
    _add_format(play)
    play.set_defaults(run=_play)

    replay = commands.add_parser("replay", help="check a full record and report it")
    replay.add_argument("file", metavar="RECORD.json")
    replay.add_argument("--legal", action="store_true", help="list the legal cards at each play")
    _add_format(replay)
    replay.set_defaults(run=_replay)

    infer = commands.add_parser("infer", help="what one seat (or the table) can infer")
    infer.add_argument("file", metavar="FILE")
    infer.add_argument("--as", dest="perspective", metavar="SEAT|public")
    infer.add_argument("--after", type=int, metavar="K", help="only the first K events")
    _add_format(infer)
    infer.set_defaults(run=_infer)

    graph = commands.add_parser("graph", help="the knowledge graph of one perspective")
    graph.add_argument("file", metavar="FILE")
    graph.add_argument("--as", dest="perspective", metavar="SEAT|public")
    graph.add_argument("--after", type=int, metavar="K")
    graph.add_argument("--format", choices=("svg", "graphml", "json"), default="svg")
    graph.set_defaults(run=_graph)

    measure = commands.add_parser("bench", help="speed figures as JSON")
    measure.add_argument("what", choices=("inference", "playouts"))
    measure.add_argument("--quick", action="store_true", help="a short run, for smoke tests")
    measure.set_defaults(run=_bench)
    return parser


def _add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="readable text (default) or JSON on stdout")


def _emit(args: argparse.Namespace, data: Any, text: str) -> int:
    print(json.dumps(data, ensure_ascii=False) if args.format == "json" else text)
    return 0


def _serve(args: argparse.Namespace) -> int:
    print(message("cli.serving", args.lang, url=gallery.gallery_url(args.port)), flush=True)
    print(message("cli.stop_hint", args.lang), flush=True)
    return gallery.serve(args.port, open_browser=not args.no_browser)


def _play(args: argparse.Namespace) -> int:
    try:
        options = json.loads(args.rules)
    except json.JSONDecodeError as err:
        raise RecordError("error.not_json", where="--rules", why=str(err)) from None
    names = [name.strip() for name in args.bots.split(",")]
    if args.games is not None and args.games < 1:
        raise RecordError("error.out_of_range", where="--games", value=args.games,
                          low=1, high="any")
    if args.game == "blackwidow":
        return _play_blackwidow(args, BlackWidowRules.from_json(options), names)
    rules = FiveSonsRules.from_json(options)
    if args.games is not None:
        with _progress(args.games) as bar:
            stats = tournament(rules, names, args.games, args.seed, progress=lambda _: bar.update())
        data = {name: {"games": s.games, "wins": s.wins, "win_rate": s.win_rate,
                       "questions_per_win": s.questions_per_win} for name, s in stats.items()}
        return _emit(args, data, report.tournament_text(stats, args.games, args.lang))
    game = play_game(rules, names, args.seed)
    return _finish_play(args, game, report.replay_json(game), report.replay_text(game, args.lang))


def _play_blackwidow(args: argparse.Namespace, rules: BlackWidowRules, names: list[str]) -> int:
    blackwidow_match.make_bots(names, rules.players, None)  # check the names first
    if args.games is not None:
        with _progress(args.games) as bar:
            stats = blackwidow_match.tournament(rules, names, args.games, args.seed,
                                                progress=lambda _: bar.update())
        return _emit(args, blackwidow_report.tournament_json(stats),
                     blackwidow_report.tournament_text(stats, args.games, args.lang))
    game = blackwidow_match.play_game(rules, names, args.seed)
    return _finish_play(args, game, blackwidow_report.replay_json(game, None),
                        blackwidow_report.replay_text(game, args.lang))


def _progress(total: int) -> tqdm:
    """A progress bar on stderr (only where stderr is a terminal)."""
    return tqdm(total=total, file=sys.stderr, disable=None)


def _finish_play(args: argparse.Namespace, game, data: dict, text: str) -> int:
    if args.record:
        save_record(game.to_record(), args.record)
        text += "\n" + message("report.record_written", args.lang, path=args.record)
    return _emit(args, data, text)


def _replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    if isinstance(record, BlackWidowRecord):
        legal: list[list[list[str]]] = [[] for _ in record.hands]

        def note_legal(game: BlackWidowGame) -> None:
            legal[len(game.hands) - 1].append([card.code for card in game.legal_cards()])

        game = BlackWidowGame.from_record(record, note_legal if args.legal else None)
        return _emit(args, blackwidow_report.replay_json(game, legal if args.legal else None),
                     blackwidow_report.replay_text(game, args.lang))
    if isinstance(record, FiveSonsLog):
        raise RecordError("cli.needs_full_record", where=args.file, command="cardlab replay")
    game = FiveSonsGame.from_record(record)
    return _emit(args, report.replay_json(game), report.replay_text(game, args.lang))


def _infer(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    if isinstance(record, BlackWidowRecord):
        counting = BlackWidowKnowledge.from_view(_blackwidow_view(args, record))
        return _emit(args, counting.to_json(),
                     blackwidow_report.knowledge_text(counting, args.lang))
    knowledge = FiveSonsKnowledge.from_log(_perspective_log(args, record), args.after)
    return _emit(args, knowledge.to_json(args.lang), report.knowledge_text(knowledge, args.lang))


def _perspective_log(args: argparse.Namespace,
                     record: FiveSonsRecord | FiveSonsLog) -> FiveSonsLog:
    """The observation log to reason from: the file itself, or a seat's view of a record."""
    if isinstance(record, FiveSonsLog):
        if args.perspective is not None:
            raise RecordError("knowledge.log_has_perspective", where="--as")
        log = record
    else:
        log = FiveSonsGame.from_record(record).observation_log(
            _seat_or_public(args.perspective, record))
    if args.after is not None and not 0 <= args.after <= len(log.events):
        raise RecordError("knowledge.after_too_far", where="--after", after=args.after,
                          count=len(log.events))
    return log


def _seat_or_public(value: str | None, record: FiveSonsRecord) -> int | None:
    if value is None:
        raise RecordError("knowledge.needs_perspective", where="--as")
    if value == "public":
        return None
    last = record.rules.players - 1
    if not value.isdigit() or int(value) > last:
        raise RecordError("knowledge.bad_perspective", where="--as", last=last, value=value)
    return int(value)


def _graph(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    if isinstance(record, BlackWidowRecord):
        graph = blackwidow_graph(BlackWidowKnowledge.from_view(_blackwidow_view(args, record)),
                                 args.lang)
    else:
        log = _perspective_log(args, record)
        graph = fivesons_graph(FiveSonsKnowledge.from_log(log, args.after), args.lang)
    if args.format == "json":
        print(graphs.to_json(graph))
    elif args.format == "graphml":
        print(graphs.to_graphml(graph))
    else:
        print(graph_svg(graph, lang=args.lang))
    return 0


def _blackwidow_view(args: argparse.Namespace, record: BlackWidowRecord) -> BlackWidowView:
    """The view of `--as SEAT` after `--after K` plays of the record's last hand."""
    last = record.rules.players - 1
    if args.perspective is None or not args.perspective.isdigit() or int(args.perspective) > last:
        raise RecordError("blackwidow.cli.needs_seat", where="--as", last=last)
    plays = record.hands[-1].plays
    if args.after is not None:
        if not 0 <= args.after <= len(plays):
            raise RecordError("blackwidow.cli.after_plays", where="--after", after=args.after,
                              count=len(plays))
        last_hand = replace(record.hands[-1], plays=plays[:args.after], moon=None)
        record = replace(record, hands=(*record.hands[:-1], last_hand))
    return seat_view(BlackWidowGame.from_record(record), int(args.perspective))


def _bench(args: argparse.Namespace) -> int:
    measure = bench.inference if args.what == "inference" else bench.playouts
    print(json.dumps(measure(quick=args.quick), indent=1))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    parser = build_parser()
    lang = "en"
    try:
        args = parser.parse_args(argv)
        lang = args.lang
        return args.run(args)
    except _UsageError as err:
        print(err, file=sys.stderr)
    except CardlabError as err:
        print(err.text(lang), file=sys.stderr)
    except OSError as err:
        print(f"{err.filename}: {err.strerror}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
