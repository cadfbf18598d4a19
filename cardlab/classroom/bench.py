"""`cardlab bench classroom`: a class opening its pages at once, and its store, measured.

`measure` runs both parts: `cardlab.classroom.burst` (a real server, the pages
in Chromium: time to interactive, kernels, memory per kernel) and `classroom`
below (the store under a class's polling), whose figures go under ``store``.

In `classroom`, each student is a process of its own, as each Voilà kernel is: it polls its
table every `POLL_SECONDS` (as the student view does), and when its seat must
decide, the game's weakest bot (`GameEntry.bots` comes weakest first: a random
player) decides for it and the move goes through `act`, racing the others
like a student's click. The tables take turns between the games a classroom
can seat, in the apps' menu order, each at its default rules. A teacher
process lists every table once a second, as the teacher's overview does. Figures, never asserted:

- latency: from a move's append to another process seeing it, in ms (the poll
  interval is most of it);
- idle poll: one `sync` that finds nothing new, in ms (the store's share);
- memory: each student process's peak resident size, in MB (a real kernel
  adds ipykernel and the widgets on top);
- teacher: one overview of every table, in ms.

>>> figures = classroom(students=2, tables=1, seconds=0.5)
>>> figures["students"], figures["tables"], figures["actions"] > 0
(2, 1, True)
>>> print(store_text(figures).splitlines()[0].partition(":")[0])
2 student processes at 1 tables, polling every 300 ms, for 0.5 seconds
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from cardlab.classroom.burst import burst
from cardlab.classroom.room import Room
from cardlab.errors import IllegalAction
from cardlab.games import Seated, game, in_menu_order
from cardlab.i18n import message

#: How often a student's page looks for news, in seconds (the student view's interval).
POLL_SECONDS = 0.3
#: How often the teacher's overview is refreshed, in seconds.
TEACHER_SECONDS = 1.0


def measure(quick: bool = False) -> dict[str, Any]:
    """The burst of a class's pages (30 students; `quick`: 4), and the store's figures
    under ``store`` (30 students for 20 s; `quick`: 6 for 3 s)."""
    pages = burst(4 if quick else 30)
    store = classroom(students=6, tables=2, seconds=3.0) if quick else classroom()
    return {**pages, "store": store}


def classroom(students: int = 30, tables: int = 8, seconds: float = 20.0,
              where: str | None = None) -> dict[str, Any]:
    """Seat `students` processes at `tables` tables of a store (a new SQLite file unless
    `where` names an empty store) and measure them for `seconds`."""
    with tempfile.TemporaryDirectory(prefix="cardlab-bench-") as folder:
        room = Room.open(where or Path(folder) / "bench.sqlite")
        seats = _seat_students(room, students, tables)
        running = [_spawn("student", room.store.where, table_id, seat)
                   for table_id, seat in seats]
        running.append(_spawn("teacher", room.store.where))
        for process in running:  # every process has started and opened the store
            if process.stdout is None or process.stdout.readline().strip() != "ready":
                raise RuntimeError(f"a benchmark process failed: {_errors(process)}")
        deadline = time.time() + seconds
        for process in running:
            if process.stdin is not None:
                process.stdin.write(f"{deadline}\n")
                process.stdin.flush()
        reports = []
        for process in running:
            out, err = process.communicate(timeout=seconds + 300)
            if process.returncode != 0:
                raise RuntimeError(f"a benchmark process failed: {err.strip()}")
            reports.append(json.loads(out))
        return _figures(reports[:-1], reports[-1], len(seats), tables, seconds)


def table_kinds() -> list[tuple[str, dict[str, Any]]]:
    """The game and rules of each kind of benchmark table: every game a classroom can
    seat, in the apps' menu order, with its default number of players.

    >>> kinds = table_kinds()
    >>> all(options["players"] >= 2 for _, options in kinds), len(kinds) >= 1
    (True, True)
    """
    return [(entry.name, {"players": entry.read_rules({}).players})
            for entry in in_menu_order() if isinstance(entry, Seated)]


def _seat_students(room: Room, students: int, tables: int) -> list[tuple[str, int]]:
    """Tables taking turns between the games (`table_kinds`), filled seat by seat; bots
    where a table has seats left over."""
    kinds = table_kinds()
    layouts = [kinds[number % len(kinds)] for number in range(tables)]
    counts = [0] * tables
    for number in range(min(students, sum(rules["players"] for _, rules in layouts))):
        counts[number % tables] += 1  # every table has as many seats: it always fits
    seated = []
    for number, ((name, rules), count) in enumerate(zip(layouts, counts, strict=True)):
        players = rules["players"]
        controllers = ["student"] * count + [f"bot:{game(name).bots[0]}"] * (players - count)
        table_id = room.create_table(name, rules, number, controllers)
        seated += [(table_id, seat) for seat in range(count)]
    return seated


def _spawn(*args: object) -> subprocess.Popen[str]:
    """A benchmark process: it says "ready", then reads its deadline from stdin."""
    return subprocess.Popen([sys.executable, "-m", "cardlab.classroom.bench",
                             *map(str, args)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _errors(process: subprocess.Popen[str]) -> str:
    process.kill()
    return str(process.communicate()[1]).strip()


def _start() -> float:
    """Say "ready" and wait for the deadline, the same for every process."""
    print("ready", flush=True)
    return float(sys.stdin.readline())


def student(where: str, table_id: str, seat: int) -> dict[str, Any]:
    """One student's page: poll, and decide when the seat must; what it saw and did."""
    room = Room.open(where)
    shared = room.shared(table_id)
    entry = game(shared.info.game)
    bot = entry.bot_seat(entry.bots[0], seat)
    deadline = _start()
    appended: list[tuple[int, float]] = []
    seen: list[tuple[int, float]] = []
    idle: list[float] = []
    while True:  # at least one look, however late the start
        before, start = shared.seq, time.perf_counter()
        shared.sync()
        took = time.perf_counter() - start
        now = time.time()
        if shared.seq == before:
            idle.append(took)
        seen += [(seq, now) for seq in range(before + 1, shared.seq + 1)]
        shared.play_bots()  # bot seats and deals, as every kernel does
        for decision in shared.table.waiting:
            if decision.seat == seat:
                action, _ = bot.decide(shared.table.game, decision)
                try:
                    shared.act(action)
                except IllegalAction:
                    break  # another move came first: look again at the next poll
                appended.append((shared.seq, time.time()))
                break
        if time.time() >= deadline or shared.table.game.over:
            break
        time.sleep(POLL_SECONDS)
    return {"table": table_id, "appended": appended, "seen": seen, "idle": idle,
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def teacher(where: str) -> dict[str, Any]:
    """The teacher's overview, refreshed once a second; how long each took."""
    room = Room.open(where)
    room.tables()
    deadline = _start()
    took = []
    while time.time() < deadline:
        start = time.perf_counter()
        room.tables()
        took.append(time.perf_counter() - start)
        time.sleep(TEACHER_SECONDS)
    return {"overview": took}


def _figures(students: list[dict[str, Any]], teacher_report: dict[str, Any], seated: int,
             tables: int, seconds: float) -> dict[str, Any]:
    moved = {(report["table"], seq): at for report in students for seq, at in report["appended"]}
    latency = [at - moved[report["table"], seq] for report in students
               for seq, at in report["seen"] if (report["table"], seq) in moved]
    idle = [took for report in students for took in report["idle"]]
    memory = [report["rss_mb"] for report in students]
    return {
        "students": seated, "tables": tables, "seconds": seconds,
        "poll_ms": POLL_SECONDS * 1000, "actions": len(moved),
        "latency_ms": _summary(latency), "idle_poll_ms": _summary(idle),
        "memory_mb": {"median": round(float(np.median(memory)), 1),
                      "max": round(max(memory), 1)} if memory else None,
        "teacher_overview_ms": _summary(teacher_report["overview"]),
    }


def text(figures: dict[str, Any], lang: str = "en") -> str:
    """`measure`'s figures as a few readable lines: the pages', then the store's."""
    lines = [message("classroom.cli.bench_burst", lang, students=figures["students"],
                     tables=figures["tables"], cpus=figures["cpus"], p50=figures["tti_p50_s"],
                     p95=figures["tti_p95_s"], max=figures["tti_max_s"],
                     seated=figures["seated_max_s"], refused=figures["refused"])]
    if "reload_tti_p50_s" in figures:
        lines.append(message("classroom.cli.bench_reload", lang,
                             p50=figures["reload_tti_p50_s"], p95=figures["reload_tti_p95_s"],
                             max=figures["reload_tti_max_s"],
                             seated=figures["reload_seated_max_s"]))
    lines.append(message("classroom.cli.bench_cpu", lang, **figures["cpu_s"]))
    without = figures["without_browsers"]
    lines.append(message("classroom.cli.bench_without", lang, page=without["page_max_s"],
                         ready=without["ready_max_s"],
                         reload_ready=without.get("reload", {}).get("ready_max_s"),
                         **without["cpu_s"]))
    lines.append(message("classroom.cli.bench_kernels", lang, kernels=figures["kernels"],
                         pages=figures["pages"], pool=figures["pool_kernels"],
                         gone=figures["closed_gone_s"], mb=figures["mb_per_kernel"],
                         max=figures["kernel_mb_max"], server=figures["server_mb"]))
    return "\n".join([*lines, store_text(figures["store"], lang)])


def store_text(figures: dict[str, Any], lang: str = "en") -> str:
    """`classroom`'s figures as a few readable lines."""
    def row(key: str, summary: dict[str, float] | None) -> str:
        if summary is None:
            return message("classroom.cli.bench_none", lang, what=message(
                f"classroom.cli.bench_{key}", lang))
        return message("classroom.cli.bench_row", lang, what=message(
            f"classroom.cli.bench_{key}", lang), **summary)

    lines = [message("classroom.cli.bench_intro", lang, students=figures["students"],
                     tables=figures["tables"], poll=round(figures["poll_ms"]),
                     seconds=figures["seconds"], actions=figures["actions"]),
             row("latency", figures["latency_ms"]), row("idle", figures["idle_poll_ms"]),
             row("teacher", figures["teacher_overview_ms"])]
    memory = figures["memory_mb"]
    if memory is not None:
        lines.append(message("classroom.cli.bench_memory", lang, **memory))
    return "\n".join(lines)


def _summary(seconds: list[float]) -> dict[str, float] | None:
    if not seconds:
        return None
    values = np.array(seconds) * 1000
    return {"p50": round(float(np.percentile(values, 50)), 2),
            "p95": round(float(np.percentile(values, 95)), 2),
            "max": round(float(values.max()), 2)}


if __name__ == "__main__":
    role, where, *rest = sys.argv[1:]
    report = student(where, rest[0], int(rest[1])) if role == "student" else teacher(where)
    print(json.dumps(report))
