"""One small pool of worker processes per process (a kernel), shared by every review in it.

A review that measures in parallel borrows the pool (`lease`) and gives it back
when it ends, however it ends. The pool starts with the first lease, serves
every lease after it (two reviews at once share its processes: they never
start more), and ends `IDLE_SECONDS` after the last lease was given back, so
a kernel that is not reviewing keeps no worker. It has at most `MAX_WORKERS`
processes, and no more than this process may use cores. A worker also ends
within a second of the process that started it (a kernel killed outright runs
no exit handler that would end its pool).

Across the machine, all of one user's pools together have no more processes
than the machine has cores (`cardlab.worker_slots`): a pool starts one worker
per slot it could take. A lease that finds no slot free waits its turn,
telling whoever listens (`told_while_waiting`: the review's progress bar
says so) and giving way to Cancel and Ctrl-C; an idle pool gives its slots
back at once when someone waits for one.

A lease that ends early (a cancelled review, Ctrl-C, an error) withdraws
its tasks that no worker has started; the few running finish on their own
(each is short) and their results are dropped. A pool whose worker died is
replaced at the next lease.

>>> import tempfile; from pathlib import Path
>>> slots = Slots(count=2, folder=Path(tempfile.mkdtemp()) / "slots")
>>> pool = WorkerPool(workers=2, idle=0.0, slots=slots)
>>> with pool.lease() as lease:
...     lease.submit(pow, 2, 10).result()
1024
>>> pool.close(); pool.running
False
"""

from __future__ import annotations

import contextlib
import contextvars
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from cardlab.errors import CardlabError
from cardlab.worker_slots import Claim, Slots, hold_one

#: The most processes one kernel's pool has (a classroom runs a kernel per student).
MAX_WORKERS = 2
#: Seconds a pool with no lease waits for the next before its processes end.
IDLE_SECONDS = 120.0
#: How often a worker looks whether the process that started it is still there.
OWNER_CHECK_SECONDS = 1.0
#: How often a lease waiting for a slot looks again (and hears whether to stop), and an
#: idle pool looks whether someone waits for its slots.
POLL_SECONDS = 0.2

#: Told while a lease in this thread waits for a slot (`told_while_waiting`).
_LISTENER: contextvars.ContextVar[Callable[[bool], None] | None] = contextvars.ContextVar(
    "cardlab_worker_wait_listener", default=None)


def pool_size() -> int:
    """The processes a kernel's pool has: one per core this process may use, at most
    `MAX_WORKERS`.

    >>> 1 <= pool_size() <= MAX_WORKERS
    True
    """
    return max(1, min(MAX_WORKERS, len(os.sched_getaffinity(0))))


@contextlib.contextmanager
def told_while_waiting(listener: Callable[[bool], None]) -> Iterator[None]:
    """Inside, in this thread, a lease that finds no slot free calls `listener(True)` at
    once and every `POLL_SECONDS` while it waits, and `listener(False)` when its turn
    came; whatever `listener` raises ends the wait (a cancelled review).

    >>> heard = []
    >>> with told_while_waiting(heard.append):
    ...     _tell(True)
    >>> heard
    [True]
    """
    token = _LISTENER.set(listener)
    try:
        yield
    finally:
        _LISTENER.reset(token)


def _tell(waiting: bool) -> None:
    listener = _LISTENER.get()
    if listener is not None:
        listener(waiting)


class Lease:
    """One borrower's share of the pool: what it submitted, to withdraw if it ends early."""

    def __init__(self, executor: ProcessPoolExecutor) -> None:
        self._executor = executor
        self._futures: list[Future[Any]] = []

    def submit(self, task: Callable[..., Any], *args: object) -> Future[Any]:
        """Run `task(*args)` in a worker (`task` and its arguments must pickle)."""
        future = self._executor.submit(task, *args)
        self._futures.append(future)
        return future

    def withdraw(self) -> None:
        """Withdraw every task no worker has started."""
        for future in self._futures:
            future.cancel()
        self._futures.clear()


class WorkerPool:
    """A pool of at most `workers` processes, one per slot of `slots` (default: the
    machine's) it could take, started on the first lease and ended after `idle` seconds
    without one, or as soon as someone waits for a slot (`preload`: modules each worker
    imports before its first task)."""

    def __init__(self, workers: int, idle: float = IDLE_SECONDS,
                 preload: Sequence[str] = (), slots: Slots | None = None) -> None:
        self.workers = workers
        self.idle = idle
        self.preload = list(preload)
        self.slots = slots if slots is not None else Slots()
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._claim: Claim | None = None
        self._leases = 0
        self._idle: threading.Event | None = None   # set: the idle watch is over

    @property
    def running(self) -> bool:
        """True while the pool has processes."""
        return self._executor is not None

    @property
    def size(self) -> int:
        """The pool's processes now (as many as the slots it took; 0 when not running)."""
        claim = self._claim
        return len(claim) if claim is not None else 0

    @contextlib.contextmanager
    def lease(self) -> Iterator[Lease]:
        """The pool, started if need be (after waiting for a slot), for the `with` block."""
        executor: ProcessPoolExecutor | None = None
        broken = False
        lease: Lease | None = None
        try:
            waited = False
            with contextlib.ExitStack() as turn:
                while executor is None:
                    # Ctrl-C while a worker is still being started leaves it half made (and
                    # it says so on stderr): hold Ctrl-C until every worker runs and the
                    # lease is counted. Not while waiting: Ctrl-C stops the wait.
                    with _held_interrupts():
                        executor = self._acquire()
                    if executor is None:
                        if not waited:
                            turn.enter_context(self.slots.waiting())
                            waited = True
                        _tell(True)
                        time.sleep(POLL_SECONDS)
            if waited:
                _tell(False)
            lease = Lease(executor)
            yield lease
        except BrokenProcessPool:
            broken = True
            raise
        finally:
            if lease is not None:
                lease.withdraw()
            if executor is not None:
                self._give_back(executor, broken)

    def _acquire(self) -> ProcessPoolExecutor | None:
        """The pool, counted as leased once more; started on the slots free if it was not
        running, or None if no slot is free."""
        with self._lock:
            if self._idle is not None:
                self._idle.set()
                self._idle = None
            if self._executor is None:
                claim = self.slots.claim(self.workers)
                if claim is None:
                    return None
                try:
                    self._executor = _started_pool(claim, self.preload)
                except BaseException:
                    claim.release()
                    raise
                self._claim = claim
            self._leases += 1
            return self._executor

    def close(self) -> None:
        """End the processes now (tasks not started are dropped) and give their slots
        back; a later lease starts anew."""
        with self._lock:
            executor, claim = self._stop()
        self._end(executor, claim)

    def _give_back(self, executor: ProcessPoolExecutor, broken: bool) -> None:
        with self._lock:
            self._leases -= 1
            if broken and self._executor is executor:
                # The next lease starts a sound pool; the slots of this one are free as
                # soon as its workers have ended (each holds its own).
                _, claim = self._stop()
                executor.shutdown(wait=False, cancel_futures=True)
                self._end(None, claim)
            if self._leases == 0 and self._executor is not None:
                self._idle = threading.Event()
                threading.Thread(target=self._watch_idle, args=(self._idle,),
                                 name="cardlab-pool-idle", daemon=True).start()

    def _watch_idle(self, over: threading.Event) -> None:
        """End the pool `idle` seconds from now, or as soon as someone waits for a slot,
        unless it is leased again before (`over` set)."""
        deadline = time.monotonic() + self.idle
        while not over.wait(max(0.0, min(POLL_SECONDS, deadline - time.monotonic()))):
            if time.monotonic() >= deadline or self._wanted():
                with self._lock:
                    if self._leases or self._idle is not over:
                        return                 # leased again meanwhile
                    executor, claim = self._stop()
                self._end(executor, claim)
                return

    def _wanted(self) -> bool:
        """True if someone waits for a slot, or if that cannot be told (the slots' folder
        gone wrong): an idle pool then gives its slots back rather than hold them."""
        try:
            return self.slots.someone_waiting()
        except (OSError, CardlabError):
            return True

    def _stop(self) -> tuple[ProcessPoolExecutor | None, Claim | None]:
        """Forget the running pool (under the lock); what `_end` ends."""
        if self._idle is not None:
            self._idle.set()
            self._idle = None
        executor, self._executor = self._executor, None
        claim, self._claim = self._claim, None
        return executor, claim

    @staticmethod
    def _end(executor: ProcessPoolExecutor | None, claim: Claim | None) -> None:
        """End the processes of `executor`, then give the slots of `claim` back."""
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
        if claim is not None:
            claim.release()


_KERNEL_POOL: WorkerPool | None = None
_KERNEL_LOCK = threading.Lock()


def kernel_pool(preload: Sequence[str] = ()) -> WorkerPool:
    """This process's one pool (`pool_size` processes), made on first use; `preload` counts
    at the first call only.

    >>> kernel_pool() is kernel_pool()
    True
    """
    global _KERNEL_POOL
    with _KERNEL_LOCK:
        if _KERNEL_POOL is None:
            _KERNEL_POOL = WorkerPool(pool_size(), preload=preload)
        return _KERNEL_POOL


def close_kernel_pool() -> None:
    """End this process's pool now, if it runs (a command line about to exit)."""
    if _KERNEL_POOL is not None:
        _KERNEL_POOL.close()


@contextlib.contextmanager
def _held_interrupts() -> Iterator[None]:
    """Inside, Ctrl-C waits; it takes effect on leaving (in the main thread: elsewhere it
    never reaches Python code anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    heard: list[int] = []
    before = signal.signal(signal.SIGINT, lambda number, frame: heard.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if heard:
        raise KeyboardInterrupt


def _started_pool(claim: Claim, preload: Sequence[str]) -> ProcessPoolExecutor:
    """A pool of one process per slot of `claim`, each of them up and running."""
    workers = len(claim)
    context = multiprocessing.get_context("forkserver")
    if preload:
        context.set_forkserver_preload(list(preload))
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_serve,
                               initargs=(os.getpid(), claim.worker_paths))
    seen: set[int] = set()
    for _ in range(20 * workers):  # bounded: a busy machine may hand every task to one worker
        seen.update(pool.map(_worker_id, range(workers)))
        if len(seen) == workers:
            break
    return pool


def _worker_id(_: int) -> int:
    """This worker's process id, after a pause that lets the other workers take tasks too."""
    time.sleep(0.01)
    return os.getpid()


def _serve(owner: int, slots: Sequence[str]) -> None:
    """A worker holds one of its owner's slots (`slots`: their worker locks) for the
    rest of its life, leaves Ctrl-C to its owner (the process that started the pool,
    which cancels the review), and ends within a second of its owner's end, however
    that came (a kernel killed outright runs no exit handler that would end its pool)."""
    hold_one(slots)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(owner,), name="cardlab-owner-watch",
                     daemon=True).start()


def _end_with(owner: int) -> None:
    """End this process once process `owner` is gone."""
    while True:
        time.sleep(OWNER_CHECK_SECONDS)
        try:
            os.kill(owner, 0)
        except (ProcessLookupError, PermissionError):  # gone (its number may be another's)
            os._exit(0)
