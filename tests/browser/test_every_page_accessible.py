"""Every lesson (in both languages) and every app, as Voilà serves it, at a desktop's
and a phone's width: axe-core finds no violation at all (not only the serious ones), and
the page does not scroll sideways on a phone.

A page is audited once its widgets are drawn and have stopped changing. The
classroom app without a token shows why it opens nothing: that page is audited
too; its pages with a token are audited in `test_app_classroom.py`.
"""

from __future__ import annotations

import time

import pytest

from cardlab.gallery import notebooks_dir

PAGES = sorted(path.relative_to(notebooks_dir()).as_posix()
               for pattern in ("*.ipynb", "de/*.ipynb", "apps/*.ipynb")
               for path in notebooks_dir().glob(pattern))
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
#: How long the number of drawn widgets must stay the same before a page counts as drawn.
SETTLED_S = 2.0


def test_every_lesson_and_app_is_audited():
    assert {"01_start_here.ipynb", "de/01_start_here.ipynb", "apps/fivesons.ipynb",
            "apps/blackwidow.ipynb", "apps/stepper.ipynb"} <= set(PAGES)


@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violation_at_desktop_or_phone_width(page, gallery, path, axe_all,
                                                             screenshot):
    page.set_viewport_size(DESKTOP)
    query = "?lang=de" if path.startswith("de/") else ""
    page.goto(f"{gallery}voila/render/{path}{query}", wait_until="commit")
    _wait_until_drawn(page)
    assert axe_all(page) == [], f"{path} at {DESKTOP['width']} px"
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(500)   # the layout follows the new width
    screenshot(f"audit-390px-{path.replace('/', '-').removesuffix('.ipynb')}")
    assert axe_all(page) == [], f"{path} at {PHONE['width']} px"
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{path} scrolls {overflow} px sideways at {PHONE['width']} px"


def _wait_until_drawn(page, timeout_s: float = 180.0) -> None:
    """Wait for the page's first heading, then until its widgets stop appearing."""
    page.get_by_role("heading", level=1).first.wait_for(state="visible",
                                                        timeout=timeout_s * 1000)
    deadline = time.monotonic() + timeout_s
    count, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        now = page.locator(".jupyter-widgets, .widget-html, svg").count()
        if now != count:
            count, since = now, time.monotonic()
        elif time.monotonic() - since >= SETTLED_S:
            return
        page.wait_for_timeout(250)
    pytest.fail(f"{page.url} was still drawing after {timeout_s:.0f} s")
