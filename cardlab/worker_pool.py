"""One small pool of worker processes per process (a kernel), shared by every review in it.

A review that measures in parallel borrows the pool (`lease`) and gives it back
when it ends, however it ends. The pool starts with the first lease, serves
every lease after it (two reviews at once share its processes: they never
start more), and ends `IDLE_SECONDS` after the last lease was given back, so
a kernel that is not reviewing keeps no worker. It has at most `MAX_WORKERS`
processes, and no more than this process may use cores. A worker also ends
within a second of the process that started it (a kernel killed outright runs
no exit handler that would end its pool).

A lease that ends early (a cancelled review, Ctrl-C, an error) withdraws
its tasks that no worker has started; the few running finish on their own
(each is short) and their results are dropped. A pool whose worker died is
replaced at the next lease.

>>> pool = WorkerPool(workers=2, idle=0.0)
>>> with pool.lease() as lease:
...     lease.submit(pow, 2, 10).result()
1024
>>> pool.close(); pool.running
False
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

#: The most processes one kernel's pool has (a classroom runs a kernel per student).
MAX_WORKERS = 2
#: Seconds a pool with no lease waits for the next before its processes end.
IDLE_SECONDS = 120.0
#: How often a worker looks whether the process that started it is still there.
OWNER_CHECK_SECONDS = 1.0


def pool_size() -> int:
    """The processes a kernel's pool has: one per core this process may use, at most
    `MAX_WORKERS`.

    >>> 1 <= pool_size() <= MAX_WORKERS
    True
    """
    return max(1, min(MAX_WORKERS, len(os.sched_getaffinity(0))))


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
    """A pool of `workers` processes, started on the first lease and ended after `idle`
    seconds without one (`preload`: modules each worker imports before its first task)."""

    def __init__(self, workers: int, idle: float = IDLE_SECONDS,
                 preload: Sequence[str] = ()) -> None:
        self.workers = workers
        self.idle = idle
        self.preload = list(preload)
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._leases = 0
        self._timer: threading.Timer | None = None

    @property
    def running(self) -> bool:
        """True while the pool has processes."""
        return self._executor is not None

    @contextlib.contextmanager
    def lease(self) -> Iterator[Lease]:
        """The pool, started if need be, for the duration of the `with` block."""
        executor: ProcessPoolExecutor | None = None
        broken = False
        lease: Lease | None = None
        try:
            # Ctrl-C while a worker is still being started leaves it half made (and it says
            # so on stderr): hold Ctrl-C until every worker runs and the lease is counted.
            with _held_interrupts():
                executor = self._acquire()
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

    def _acquire(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._executor is None:
                self._executor = _started_pool(self.workers, self.preload)
            self._leases += 1
            return self._executor

    def close(self) -> None:
        """End the processes now (tasks not started are dropped); a later lease starts anew."""
        with self._lock:
            executor, self._executor = self._executor, None
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def _give_back(self, executor: ProcessPoolExecutor, broken: bool) -> None:
        with self._lock:
            self._leases -= 1
            if broken and self._executor is executor:
                self._executor = None          # the next lease starts a sound one
                executor.shutdown(wait=False, cancel_futures=True)
            if self._leases == 0 and self._executor is not None:
                self._timer = threading.Timer(self.idle, self._expire)
                self._timer.daemon = True
                self._timer.start()

    def _expire(self) -> None:
        with self._lock:
            if self._leases or self._timer is not threading.current_thread():
                return                         # leased again meanwhile
            executor, self._executor, self._timer = self._executor, None, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


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


def _started_pool(workers: int, preload: Sequence[str]) -> ProcessPoolExecutor:
    """A pool of `workers` processes, each of them up and running."""
    context = multiprocessing.get_context("forkserver")
    if preload:
        context.set_forkserver_preload(list(preload))
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_serve,
                               initargs=(os.getpid(),))
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


def _serve(owner: int) -> None:
    """A worker leaves Ctrl-C to its owner (the process that started the pool, which
    cancels the review), and ends within a second of its owner's end, however that came
    (a kernel killed outright runs no exit handler that would end its pool)."""
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
