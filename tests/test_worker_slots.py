"""The machine's review worker slots: all pools together stay within them, a killed
holder frees its slot, waiting for one says so and can be cancelled, and a review is
the same however many slots it got."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import replace

import psutil
import pytest

from cardlab import worker_pool
from cardlab.blackwidow.match import play_game
from cardlab.blackwidow.review import review_game
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.errors import CardlabError
from cardlab.i18n import message
from cardlab.records import save_record
from cardlab.widgets.review import CANCEL, START, ReviewPanel
from cardlab.worker_pool import WorkerPool, told_while_waiting
from cardlab.worker_slots import Slots

WAIT = 60        # a bound for a stuck pool, never a speed goal


class Cancelled(Exception):
    """What a listener raises to stop waiting, as the review's Cancel does."""


def _until(condition, seconds=WAIT) -> bool:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)
    return condition()


def _workers(roots) -> set[int]:
    """The descendants of processes `roots` that are pool workers (forked by a forkserver)."""
    found = set()
    for root in roots:
        try:
            found |= {process.pid for process in psutil.Process(root.pid).children(recursive=True)
                      if _is_worker(process)}
        except psutil.Error:            # ended meanwhile
            continue
    return found


def _is_worker(process: psutil.Process) -> bool:
    """True if `process` is a running pool worker: a child of a forkserver."""
    try:
        parent = process.parent()
        return parent is not None and "forkserver" in " ".join(parent.cmdline()) \
            and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:                # ended meanwhile
        return False


def _kernel(folder, count: int, script: str) -> subprocess.Popen[str]:
    """A process like a kernel: a pool of up to 2 workers on `count` slots in `folder`,
    then `script` (with the pool as ``pool``)."""
    return subprocess.Popen([sys.executable, "-c", (
        "import os, sys, time\n"
        "from pathlib import Path\n"
        "from cardlab.worker_pool import WorkerPool\n"
        "from cardlab.worker_slots import Slots\n"
        f"pool = WorkerPool(workers=2, idle=0.0, slots=Slots({count}, Path({str(folder)!r})))\n"
        + script)], stdout=subprocess.PIPE, text=True)


def test_pools_of_several_processes_at_once_stay_within_the_slots(tmp_path):
    kernels = [_kernel(tmp_path, 2, (
        "with pool.lease() as lease:\n"
        "    for future in [lease.submit(time.sleep, 0.3) for _ in range(4)]:\n"
        "        future.result()\n"
        "    print(pool.size, flush=True)\n"
        "pool.close()\n")) for _ in range(4)]
    most = 0
    while any(kernel.poll() is None for kernel in kernels):
        most = max(most, len(_workers(kernels)))
        time.sleep(0.01)
    sizes = [int(kernel.stdout.read()) for kernel in kernels]
    assert [kernel.returncode for kernel in kernels] == [0] * 4
    assert all(1 <= size <= 2 for size in sizes)        # each review had its workers
    assert 1 <= most <= 2                               # 4 pools of 2 would have 8


def test_a_pool_gets_no_more_workers_than_slots_are_free(tmp_path):
    slots = Slots(count=3, folder=tmp_path)
    held = slots.claim(2)
    pool = WorkerPool(workers=2, idle=60, slots=slots)
    try:
        with pool.lease() as lease:
            pids = {lease.submit(os.getpid).result(timeout=WAIT) for _ in range(4)}
            assert pool.size == 1 and len(pids) == 1 and slots.claim(1) is None
    finally:
        pool.close()
        held.release()
    assert len(slots.claim(3)) == 3                     # every slot given back


def test_a_kernel_killed_outright_frees_its_slot_for_a_waiting_pool(tmp_path):
    kernel = _kernel(tmp_path, 1, (
        "pool.idle = 600\n"
        "with pool.lease() as lease:\n"
        "    print(lease.submit(os.getpid).result(), flush=True)\n"
        "time.sleep(600)\n"))
    try:
        worker = int(kernel.stdout.readline())
        slots = Slots(count=1, folder=tmp_path)
        assert slots.claim(1) is None                   # the kernel holds the one slot
    finally:
        kernel.send_signal(signal.SIGKILL)
        kernel.wait(WAIT)
    heard: list[bool] = []
    pool = WorkerPool(workers=1, idle=60, slots=slots)
    try:
        with told_while_waiting(heard.append), pool.lease() as lease:
            mine = lease.submit(os.getpid).result(timeout=WAIT)
        assert mine != worker and pool.size == 1
        assert not psutil.pid_exists(worker) or psutil.Process(worker).status() == "zombie"
    finally:
        pool.close()


def test_waiting_for_a_slot_says_so_and_is_cancelled_by_its_listener(tmp_path):
    slots = Slots(count=1, folder=tmp_path)
    held = slots.claim(1)
    pool = WorkerPool(workers=2, idle=60, slots=slots)
    heard: list[bool] = []
    cancel = threading.Event()
    ended: list[BaseException] = []

    def listen(waiting: bool) -> None:
        heard.append(waiting)
        if cancel.is_set():
            raise Cancelled

    def review() -> None:
        try:
            with told_while_waiting(listen), pool.lease():
                pass
        except Cancelled as stopped:
            ended.append(stopped)

    thread = threading.Thread(target=review)
    thread.start()
    assert _until(lambda: heard) and heard[0] is True
    assert slots.someone_waiting()
    cancel.set()
    thread.join(WAIT)
    assert not thread.is_alive() and ended and not pool.running and False not in heard
    assert not slots.someone_waiting()                  # the wait ended with it
    held.release()
    assert len(slots.claim(1)) == 1                     # nothing taken meanwhile


def test_a_waiting_pool_starts_when_a_slot_is_given_back(tmp_path):
    slots = Slots(count=1, folder=tmp_path)
    held = slots.claim(1)
    pool = WorkerPool(workers=2, idle=60, slots=slots)
    heard: list[bool] = []
    results: list[int] = []

    def review() -> None:
        with told_while_waiting(heard.append), pool.lease() as lease:
            results.append(lease.submit(pow, 2, 5).result(timeout=WAIT))

    thread = threading.Thread(target=review)
    thread.start()
    try:
        assert _until(lambda: heard)
        held.release()
        thread.join(WAIT)
        assert results == [32] and heard[0] is True and heard[-1] is False
    finally:
        pool.close()


def test_an_idle_pool_gives_its_slots_to_a_waiting_one_at_once(tmp_path):
    slots = Slots(count=1, folder=tmp_path)
    idle = WorkerPool(workers=1, idle=600, slots=slots)
    other = WorkerPool(workers=1, idle=600, slots=slots)
    try:
        with idle.lease() as lease:
            assert lease.submit(pow, 2, 3).result(timeout=WAIT) == 8
        assert idle.running
        started = time.monotonic()
        with other.lease() as lease:
            assert lease.submit(pow, 3, 2).result(timeout=WAIT) == 9
        assert time.monotonic() - started < WAIT and not idle.running
    finally:
        idle.close()
        other.close()


def test_a_slot_folder_that_others_can_read_is_refused(tmp_path):
    folder = tmp_path / "slots"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    with pytest.raises(CardlabError, match="not a private folder"):
        Slots(count=1, folder=folder).claim(1)


def test_an_idle_pool_whose_slot_folder_went_wrong_gives_its_slots_back(tmp_path):
    folder = tmp_path / "slots"
    pool = WorkerPool(workers=1, idle=600, slots=Slots(count=1, folder=folder))
    try:
        with pool.lease() as lease:
            assert lease.submit(pow, 2, 2).result(timeout=WAIT) == 4
        folder.chmod(0o755)                     # others may read it now: refused
        assert _until(lambda: not pool.running)
    finally:
        pool.close()


def _short_record():
    record = play_game(BlackWidowRules(pass_cycle=("hold",)), ["heuristic"] * 4,
                       seed=4).to_record()
    return replace(record, hands=(replace(record.hands[0], plays=record.hands[0].plays[:12]),))


def test_a_review_is_the_same_on_one_slot_as_on_two(tmp_path, monkeypatch):
    record = _short_record()
    reviews, sizes = [], []
    for count in (1, 2):
        pool = WorkerPool(2, preload=["cardlab.blackwidow.review"],
                          slots=Slots(count, tmp_path / str(count)))
        monkeypatch.setattr(worker_pool, "_KERNEL_POOL", pool)
        try:
            reviews.append(review_game(record, 1, seed=7, workers=2).to_json())
            sizes.append(pool.size)
        finally:
            pool.close()
    assert sizes == [1, 2]
    assert reviews[0] == reviews[1]


def test_the_review_panel_says_it_waits_for_its_turn_and_cancels(tmp_path, monkeypatch):
    slots = Slots(count=1, folder=tmp_path)
    held = slots.claim(1)
    pool = WorkerPool(2, preload=["cardlab.blackwidow.review"], slots=slots)
    monkeypatch.setattr(worker_pool, "_KERNEL_POOL", pool)
    monkeypatch.setattr(worker_pool, "pool_size", lambda: 2)
    panel = ReviewPanel(_short_record(), seat=1, lang="de")
    waiting = message("review_panel.waiting", "de")
    try:
        panel.bar.click(START)
        assert _until(lambda: panel.bar.status == waiting)
        assert panel.progress.description == message("review_panel.queued", "de")  # once in full
        assert panel.running
        panel.bar.click(CANCEL)
        assert panel.wait(WAIT)
        assert panel.bar.status == message("review.cancelled", "de")
        assert panel.review is None and not pool.running
    finally:
        held.release()
        pool.close()


@pytest.mark.skipif(worker_pool.pool_size() < 2, reason="one core: the review has no pool")
def test_the_command_line_says_it_waits_for_its_turn_and_ctrl_c_stops_it(tmp_path):
    import fcntl
    import pty
    import select
    import struct
    import termios
    path = tmp_path / "game.json"
    save_record(_short_record(), path)
    every = Slots(folder=tmp_path / f"cardlab-slots-{os.getuid()}")   # TMPDIR's, below
    held = every.claim(every.count)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 200, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "cardlab.cli", "review", str(path),
                                "--as", "1"], stdout=subprocess.DEVNULL, stderr=slave,
                               env={**os.environ, "TMPDIR": str(tmp_path)})
    os.close(slave)
    written = ""
    try:
        deadline = time.monotonic() + WAIT
        while "waiting for its turn" not in written and time.monotonic() < deadline:
            if select.select([master], [], [], 0.5)[0]:
                written += os.read(master, 4096).decode(errors="replace")
        process.send_signal(signal.SIGINT)
        assert process.wait(WAIT) == 130
    finally:
        process.kill()
        os.close(master)
        held.release()
    assert "waiting for its turn" in written
