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

from tqdm import tqdm

from cardlab import bench, gallery, graphs
from cardlab.errors import CardlabError, RecordError
from cardlab.games import GAMES, GameEntry, game_of, parse_perspective
from cardlab.i18n import LANGUAGES, message
from cardlab.records import load_record, save_record
from cardlab.render.graph import graph_svg
from cardlab.report import Report


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
    play.add_argument("game", choices=sorted(GAMES))
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
    measure.add_argument("--format", choices=("text", "json"), default="json",
                         help="JSON on stdout (default) or readable text")
    measure.set_defaults(run=_bench)
    return parser


def _add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="readable text (default) or JSON on stdout")


def _emit(args: argparse.Namespace, report: Report) -> int:
    if args.format == "json":
        print(json.dumps(report.data(args.lang), ensure_ascii=False))
    else:
        print(report.text(args.lang))
    return 0


def _serve(args: argparse.Namespace) -> int:
    return gallery.serve(args.port, not args.no_browser, args.lang)


def _play(args: argparse.Namespace) -> int:
    entry = GAMES[args.game]
    try:
        options = json.loads(args.rules)
    except json.JSONDecodeError as err:
        raise RecordError("error.not_json", where="--rules", why=str(err)) from None
    rules = entry.read_rules(options)
    names = [name.strip() for name in args.bots.split(",")]
    for name in names:  # unknown names first, before any game is dealt
        entry.bot_seat(name, None)
    if args.games is not None:
        if args.games < 1:
            raise RecordError("error.out_of_range", where="--games", value=args.games,
                              low=1, high="any")
        with _progress(args.games) as bar:
            report = entry.tournament(rules, names, args.games, args.seed,
                                      lambda _: bar.update())
        return _emit(args, report)
    table = entry.play(rules, names, args.seed)
    report = entry.result(table.game)
    if args.record:
        save_record(table.game.to_record(), args.record)
        written = message("report.record_written", args.lang, path=args.record)
        report = Report(report.data, lambda lang: f"{report.text(lang)}\n{written}")
    return _emit(args, report)


def _progress(total: int) -> tqdm:
    """A progress bar on stderr (only where stderr is a terminal)."""
    return tqdm(total=total, file=sys.stderr, disable=None)


def _replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    return _emit(args, game_of(record).replay(record, args.legal))


def _knowledge(args: argparse.Namespace) -> tuple[GameEntry, object]:
    """The file's game, and what `--as` knows after `--after`."""
    record = load_record(args.file)
    entry = game_of(record)
    view = entry.view(record, parse_perspective(args.perspective), args.after)
    return entry, entry.knowledge(view)


def _infer(args: argparse.Namespace) -> int:
    entry, knowledge = _knowledge(args)
    return _emit(args, entry.infer(knowledge))


def _graph(args: argparse.Namespace) -> int:
    entry, knowledge = _knowledge(args)
    graph = entry.graph(knowledge, args.lang)
    if args.format == "json":
        print(graphs.to_json(graph))
    elif args.format == "graphml":
        print(graphs.to_graphml(graph))
    else:
        print(graph_svg(graph, lang=args.lang))
    return 0


def _bench(args: argparse.Namespace) -> int:
    if args.what == "inference":
        figures = bench.inference(quick=args.quick, lang=args.lang)
    else:
        figures = bench.playouts(quick=args.quick)
    if args.format == "json":
        print(json.dumps(figures, indent=1))
    else:
        print(bench.text(args.what, figures, args.lang))
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
