"""The kernel's one pool of worker processes: shared by reviews, bounded, ended when idle,
cancellable."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace

import psutil
import pytest

from cardlab.blackwidow.match import play_game
from cardlab.blackwidow.review import review_game
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.worker_pool import MAX_WORKERS, WorkerPool

WAIT = 60        # a bound for a stuck pool, never a speed goal


def _gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def _children() -> list[tuple[int, str]]:
    """This process's descendants: (pid, command line)."""
    found = []
    for child in psutil.Process().children(recursive=True):
        try:
            found.append((child.pid, " ".join(child.cmdline())))
        except psutil.Error:            # ended meanwhile
            continue
    return found


def _until(condition, seconds=WAIT) -> bool:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    return condition()


def test_reviews_one_after_another_and_at_once_share_one_small_pool():
    record = play_game(BlackWidowRules(pass_cycle=("hold",)), ["heuristic"] * 4,
                       seed=4).to_record()
    short = replace(record, hands=(replace(record.hands[0], plays=record.hands[0].plays[:12]),))
    seen: list[set[int]] = []

    def watch(_done: int, _total: int) -> None:
        seen.append({pid for pid, line in _children() if "multiprocessing" in line})

    review_game(short, 1, progress=watch, workers=2)
    first = set().union(*seen)
    seen.clear()
    review_game(short, 1, progress=watch, workers=2)
    assert set().union(*seen) == first          # the same processes, none started anew
    seen.clear()
    reviews = [threading.Thread(target=review_game, args=(short, seat),
                                kwargs={"progress": watch, "workers": 2}) for seat in (1, 2)]
    for thread in reviews:
        thread.start()
    for thread in reviews:
        thread.join(WAIT * 10)
    assert set().union(*seen) == first          # two at once: still the same few
    # The workers, the process that starts them and multiprocessing's resource tracker.
    assert len(first) <= MAX_WORKERS + 2


def test_a_pool_idle_for_its_time_ends_its_processes_and_starts_anew():
    pool = WorkerPool(workers=1, idle=0.2)
    with pool.lease() as lease:
        first = lease.submit(os.getpid).result(timeout=WAIT)
    assert _until(lambda: not pool.running) and _until(lambda: _gone(first))
    with pool.lease() as lease:
        second = lease.submit(os.getpid).result(timeout=WAIT)
    assert second != first
    pool.close()
    assert not pool.running and _until(lambda: _gone(second))


def test_a_lease_in_use_keeps_the_pool_past_its_idle_time():
    pool = WorkerPool(workers=1, idle=0.1)
    with pool.lease() as lease:
        first = lease.submit(os.getpid).result(timeout=WAIT)
        time.sleep(0.5)
        assert lease.submit(os.getpid).result(timeout=WAIT) == first
    pool.close()


def test_a_lease_ended_early_withdraws_what_no_worker_started():
    pool = WorkerPool(workers=1, idle=60)
    with pytest.raises(KeyboardInterrupt), pool.lease() as lease:  # as Cancel or Ctrl-C
        futures = [lease.submit(time.sleep, 0.2) for _ in range(20)]
        raise KeyboardInterrupt
    assert sum(future.cancelled() for future in futures) >= 15
    with pool.lease() as lease:                 # the pool still serves the next review
        assert lease.submit(pow, 3, 3).result(timeout=WAIT) == 27
    pool.close()


def test_a_pool_whose_worker_died_is_replaced_at_the_next_lease():
    pool = WorkerPool(workers=1, idle=60)
    with pytest.raises(BrokenProcessPool), pool.lease() as lease:
        lease.submit(os._exit, 1).result(timeout=WAIT)
    with pool.lease() as lease:
        assert lease.submit(pow, 2, 5).result(timeout=WAIT) == 32
    pool.close()


def test_the_workers_end_with_a_kernel_killed_outright():
    # A kernel killed with SIGKILL runs no exit handler: its idle pool must not outlive it.
    kernel = subprocess.Popen([sys.executable, "-c", (
        "import os, time\n"
        "from cardlab.worker_pool import kernel_pool\n"
        "with kernel_pool().lease() as lease:\n"
        "    lease.submit(os.getpid).result()\n"
        "print('ready', flush=True)\n"
        "time.sleep(600)\n")], stdout=subprocess.PIPE, text=True)
    try:
        assert kernel.stdout.readline().strip() == "ready"
        processes = psutil.Process(kernel.pid).children(recursive=True)
        assert processes
    finally:
        kernel.send_signal(signal.SIGKILL)
        kernel.wait(WAIT)
    assert _until(lambda: all(_gone(child.pid) for child in processes))
