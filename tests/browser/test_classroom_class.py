"""A class of 30 opens its seat links at the same moment, then reloads them all.

A real `cardlab classroom` with 8 Five Sons tables, the teacher's page open,
30 seat pages in Chromium (`cardlab.classroom.burst`, the same run as
`cardlab bench classroom`). What a teacher would notice is asserted, never a
time (this machine is shared): every page is served, draws its student's view
and its seat's cards, again after a reload; the kernels of the reloaded pages'
old selves are stopped; every kernel left serves a page or waits in a pool.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardlab.classroom.burst import burst, chromium
from cardlab.classroom.room import APP_PATH
from cardlab.gallery import notebooks_dir
from cardlab.serve.server import app_pools


@pytest.fixture(scope="module")
def figures():
    if not Path(chromium() or "").exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium not found; CI must install it")
        pytest.skip("Chromium not found (apt-get install chromium)")
    return burst(30)


def test_thirty_pages_at_once_are_all_served_and_drawn(figures):
    assert (figures["students"], figures["tables"]) == (30, 8)
    assert figures["refused"] == 0
    assert figures["teacher_tti_s"] is not None
    assert figures["tti_never"] == figures["seated_never"] == 0, figures


def test_after_a_reload_of_every_page_each_student_has_the_seat_again(figures):
    assert figures["reload_tti_never"] == figures["reload_seated_never"] == 0, figures


def test_only_open_pages_and_the_warm_pools_keep_kernels(figures):
    # Every browser stayed: no page's kernel was let go as gone. (On a very busy
    # machine a page may come after its kernel was let go as "no browser came";
    # it reloads itself, which the tests above see through.)
    assert "its browser went away" not in figures["stopped"], figures
    assert figures["pages"] == 31                      # 30 students and the teacher
    assert figures["kernels"] <= figures["pages"] + figures["pool_kernels"]
    assert figures["kernel_processes"] <= figures["pages"] + figures["pool_kernels"]
    # The documented pools: one classroom kernel per student seat and the teacher's,
    # and APP_POOL for each other app.
    others = sum(size for notebook, size in app_pools(notebooks_dir()).items()
                 if notebook != APP_PATH)
    assert figures["pool_kernels"] <= 30 + 1 + others


def test_without_browsers_every_page_and_its_widgets_come_twice(figures):
    # The server's share alone (each browser on its own device): all 30 pages and
    # their widgets' state are delivered, and again after each page left and came back.
    without = figures["without_browsers"]
    assert without["page_never"] == without["ready_never"] == 0, without
    assert without["reload"]["page_never"] == without["reload"]["ready_never"] == 0, without
    assert without["widgets"] > 10
