"""The `cardlab` command: serve the gallery, play, replay, infer, graph, bench.

Bad input never shows a traceback: it exits with status 2 and one line on
stderr that says where and why.

>>> main(["replay", "no-such-file.json"])
2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cardlab import gallery
from cardlab.errors import CardlabError
from cardlab.i18n import LANGUAGES, message
from cardlab.records import load_record

GAMES = ("fivesons", "blackwidow")
GAME_TITLES = {"fivesons": "Five Sons", "blackwidow": "Black Widow"}


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

    play = commands.add_parser("play", help="play a whole game with bots")
    play.add_argument("game", choices=GAMES)
    play.add_argument("--bots", required=True, help="bot names, one per seat, comma-separated")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--rules", default="{}", help="rule options as JSON")
    play.add_argument("--record", metavar="OUT.json", help="write the full record here")
    _add_format(play)
    play.set_defaults(run=_not_yet("cardlab play"))

    replay = commands.add_parser("replay", help="check a full record and report it")
    replay.add_argument("record", metavar="RECORD.json")
    replay.add_argument("--legal", action="store_true", help="list the legal cards at each play")
    _add_format(replay)
    replay.set_defaults(run=_needs_record("cardlab replay"))

    infer = commands.add_parser("infer", help="what one seat (or the table) can infer")
    infer.add_argument("file", metavar="FILE")
    infer.add_argument("--as", dest="perspective", metavar="SEAT|public")
    infer.add_argument("--after", type=int, metavar="K", help="only the first K events")
    _add_format(infer)
    infer.set_defaults(run=_needs_record("cardlab infer"))

    graph = commands.add_parser("graph", help="the knowledge graph of one perspective")
    graph.add_argument("file", metavar="FILE")
    graph.add_argument("--as", dest="perspective", metavar="SEAT|public")
    graph.add_argument("--after", type=int, metavar="K")
    graph.add_argument("--format", choices=("svg", "graphml", "json"), default="svg")
    graph.set_defaults(run=_needs_record("cardlab graph"))

    bench = commands.add_parser("bench", help="speed figures as JSON")
    bench.add_argument("what", choices=("inference", "playouts"))
    bench.add_argument("--quick", action="store_true", help="a short run, for smoke tests")
    bench.set_defaults(run=_not_yet("cardlab bench"))
    return parser


def _add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="readable text (default) or JSON on stdout")


def _serve(args: argparse.Namespace) -> int:
    print(message("cli.serving", args.lang, url=gallery.gallery_url(args.port)), flush=True)
    print(message("cli.stop_hint", args.lang), flush=True)
    return gallery.serve(args.port, open_browser=not args.no_browser)


def _not_yet(what: str):
    def run(args: argparse.Namespace) -> int:
        game = GAME_TITLES.get(getattr(args, "game", ""), "game")
        raise CardlabError("error.not_yet", what=what, game=game)
    return run


def _needs_record(what: str):
    """A command that reads a record: the record is checked before anything else."""
    def run(args: argparse.Namespace) -> int:
        record = load_record(args.record if hasattr(args, "record") else args.file)
        game = GAME_TITLES["blackwidow" if type(record).__name__.startswith("Black")
                           else "fivesons"]
        raise CardlabError("error.not_yet", what=what, game=game)
    return run


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
