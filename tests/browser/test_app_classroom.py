"""The classroom in Voilà: the teacher makes a Five Sons table, two students play it from their
own pages, a second browser on a taken seat is refused, a reloaded page goes on where it was;
axe-core, and a phone-wide screenshot.

The server is `cardlab classroom --store PATH`; the test opens the same store to read the
teacher's token and to know which moves are legal (the pages never get the deal).
"""

from __future__ import annotations

import re
import time

import pytest

from cardlab.classroom.room import Room
from cardlab.widgets.classroom_student import takeover_seconds

from helpers.classroom_pages import APP, make_table, start_classroom, take_turn

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """`cardlab classroom` serving one store; yields (base URL, the room)."""
    folder = tmp_path_factory.mktemp("classroom")
    store = folder / "class.sqlite"
    process, url = start_classroom(store, folder)
    yield url, Room.open(store)
    process.terminate()
    process.wait(timeout=60)


def test_teacher_and_two_students_play_and_a_taken_seat_is_refused(
        browser, classroom, axe_all, screenshot):
    url, room = classroom
    contexts = [browser.new_context(viewport=size) for size in (
        {"width": 1200, "height": 900}, PHONE, {"width": 1100, "height": 900},
        {"width": 1100, "height": 900})]
    try:
        teacher, ann, ben, intruder = (context.new_page() for context in contexts)
        table, links = make_table(teacher, url, room)
        ann.goto(links[0])
        ben.goto(links[1])
        for page in (ann, ben):
            page.locator(".cardlab-fivesons").wait_for(timeout=90_000)
        ann.get_by_role("status").filter(has_text="Your turn to ask").wait_for()
        ben.get_by_role("status").filter(has_text="The other seats are playing").wait_for()
        for _ in range(4):
            take_turn({0: ann, 1: ben}, room, table)
        # Attached, not visible: earlier question rounds are folded away in the log.
        ben.locator(".cardlab-log li").filter(has_text=re.compile("^Seat 0 asked")).first \
            .wait_for(state="attached")
        ann.locator(".cardlab-log li").filter(has_text=re.compile("^Seat 1 ")).first.wait_for(
            state="attached")
        intruder.goto(links[0])
        intruder.get_by_role("status").filter(has_text="Seat 0 is open in another browser") \
            .wait_for(timeout=90_000)
        assert intruder.locator(".cardlab-fivesons").count() == 0
        told = ben.locator(".cardlab-log li").count()
        ben.reload()           # a new kernel: the seat comes back once the old page's lease ends
        ben.wait_for_function(
            "n => document.querySelectorAll('.cardlab-log li').length >= n", arg=told,
            timeout=90_000)
        take_turn({0: ann, 1: ben}, room, table)                        # and play goes on
        teacher.locator(".cardlab-classroom-seat").nth(2).wait_for()   # every seat watched
        teacher.wait_for_function(     # the overview follows the students' moves by itself
            "n => Number(document.querySelector('.cardlab-classroom-tables tbody td:nth-child(5)')"
            "?.textContent) >= n", arg=room.shared(table).seq, timeout=30_000)
        # Every finding, whatever its impact: the students' pages mid-game at a phone's
        # and a desktop's width, the refused one, the teacher's.
        for page in (teacher, ann, ben, intruder):
            assert axe_all(page) == [], page.url
        # The teacher's tables and notes read as text, not double-spaced (on a phone their
        # cells wrap to three and four lines).
        spacing = teacher.evaluate("""() => Math.max(...[...document.querySelectorAll(
            '.cardlab-classroom-tables td, .cardlab-classroom-links p')].map(e => {
              const style = getComputedStyle(e);
              return parseFloat(style.lineHeight) / parseFloat(style.fontSize); }))""")
        assert spacing < 1.6, spacing
        screenshot("classroom_student_phone", ann)
        screenshot("classroom_teacher", teacher)
    finally:
        for context in contexts:
            context.close()


def test_a_crashed_page_frees_its_seat_after_the_lease_and_a_reload_at_once(browser, classroom):
    """A browser that goes without an unload (here: its context closed, which stops no
    kernel) keeps its kernel running; the seat still comes free once the page has not
    answered for the lease, as the waiting page's message says. A reload (whose unload
    stops the old kernel) gets the seat back without waiting for the lease."""
    url, room = classroom
    teacher_context, crashed_context, context = (browser.new_context() for _ in range(3))
    try:
        _table, links = make_table(teacher_context.new_page(), url, room)
        crashed = crashed_context.new_page()
        crashed.goto(links[0])
        crashed.locator(".cardlab-fivesons").wait_for(timeout=90_000)
        crashed_context.close()                     # no unload: its kernel runs on
        page = context.new_page()
        page.goto(links[0])
        wait = takeover_seconds(room.lease)
        waiting = page.get_by_role("status").filter(
            has_text=f"Seat 0 is open in another browser. If that was you and you closed it, "
                     f"this page takes the seat by itself within {wait} seconds.")
        seated = page.locator(".cardlab-fivesons")
        # On a busy machine the new page's kernel may start after the lease ran out: then it
        # is seated at once, without the waiting message.
        waiting.or_(seated).first.wait_for(timeout=90_000)
        seated.wait_for(timeout=60_000)
        started = time.monotonic()
        page.reload()
        page.locator(".cardlab-fivesons").wait_for(timeout=90_000)
        print(f"reloaded page seated after {time.monotonic() - started:.1f} s")
        page.wait_for_timeout(1000 * (room.lease + 2))   # its answers keep the lease
        assert room.tables()[-1].present == (0,)
    finally:
        for each in (teacher_context, crashed_context, context):
            each.close()


def test_new_link_replaces_a_seats_link_and_its_old_page_says_why(browser, classroom,
                                                                   axe_all):
    """The teacher gives seat 0 a new link by keyboard: the page open with the old link
    loses the seat and says what to do, the old link opened again is refused, and the
    new link opens the seat where the table stands."""
    url, room = classroom
    teacher_context, ann_context, again_context, new_context = (
        browser.new_context(viewport=size) for size in (
            {"width": 1200, "height": 900}, PHONE, PHONE, PHONE))
    try:
        teacher, ann = teacher_context.new_page(), ann_context.new_page()
        _table, links = make_table(teacher, url, room)
        ann.goto(links[0])
        ann.locator(".cardlab-fivesons").wait_for(timeout=90_000)
        button = teacher.get_by_role("button", name="New link for Seat 0 (student)")
        button.focus()
        teacher.keyboard.press("Enter")
        teacher.get_by_role("status").filter(
            has_text="Seat 0 (student) has a new link (above); the old one no longer works.") \
            .wait_for()
        shown = teacher.locator(".cardlab-classroom-links a")
        new = shown.first.get_attribute("href")
        assert new != links[0] and new.startswith(f"{url}{APP}?token=")
        assert shown.nth(1).get_attribute("href") == links[1]     # seat 1 keeps its link
        ann.get_by_role("status").filter(
            has_text="The teacher has given seat 0 a new link; this page no longer plays it. "
                     "If this is your seat, ask your teacher for the new link.") \
            .wait_for(timeout=30_000)
        assert ann.locator(".cardlab-fivesons").count() == 0
        assert axe_all(ann) == []
        again = again_context.new_page()
        again.goto(links[0])
        again.get_by_role("status").filter(
            has_text="This link has been replaced by a new one; ask your teacher for your "
                     "new link.").wait_for(timeout=90_000)
        opened = new_context.new_page()
        opened.goto(new)
        opened.get_by_role("status").filter(has_text="Your turn to ask").wait_for(
            timeout=90_000)
    finally:
        for context in (teacher_context, ann_context, again_context, new_context):
            context.close()


#: For the element with focus: its focus ring (outline) as drawn, or why it is not seen:
#: no outline, or part of it cut off by an ancestor that clips (overflow not visible).
FOCUS_RING = """() => {
  const el = document.activeElement, style = getComputedStyle(el);
  const width = parseFloat(style.outlineWidth), offset = parseFloat(style.outlineOffset);
  if (style.outlineStyle === 'none' || width < 2) return `${el.tagName}: no focus ring`;
  const grow = Math.max(0, offset + width), box = el.getBoundingClientRect();
  const ring = {left: box.left - grow, top: box.top - grow,
                right: box.right + grow, bottom: box.bottom + grow};
  for (let up = el.parentElement; up; up = up.parentElement) {
    if (getComputedStyle(up).overflow === 'visible') continue;
    // A box that scrolls (the page itself) brings the ring into view; a box that fits
    // its content, as a widget's does, cuts off whatever lies outside it.
    if (up.scrollHeight > up.clientHeight + 1 || up.scrollWidth > up.clientWidth + 1) continue;
    const clip = up.getBoundingClientRect();
    // Voila's outermost panel is the window itself: a control focused at the window's
    // edge has its ring there until the page scrolls, which no box of ours can change.
    if (clip.width >= innerWidth && clip.height >= innerHeight) continue;
    if (ring.left < clip.left - 0.5 || ring.top < clip.top - 0.5 ||
        ring.right > clip.right + 0.5 || ring.bottom > clip.bottom + 0.5)
      return `${el.tagName} ${el.textContent.trim()}: focus ring cut off by ${up.className}`;
  }
  return '';
}"""


def test_every_control_of_the_teachers_page_shows_its_whole_focus_ring(browser, classroom):
    """Tab through the teacher's page with a table watched: every button, drop-down and
    field shows a focus ring, none cut off by the box it sits in."""
    url, room = classroom
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        make_table(page, url, room)
        page.get_by_role("combobox", name="Game").focus()
        problems, seen = [], set()
        for _ in range(60):
            page.keyboard.press("Tab")
            name = page.evaluate("document.activeElement.tagName + ' ' + "
                                 "(document.activeElement.textContent || '').trim()"
                                 " + document.activeElement.getAttribute('aria-label')")
            if not page.evaluate("document.activeElement.matches("
                                 "'.cardlab-focus :is(button, select, input)')"):
                continue                 # a link or a QR code's summary: the browser's ring
            seen.add(name)
            problems.append(page.evaluate(FOCUS_RING))
        assert len(seen) >= 12                  # the form, the bars, the seat buttons
        assert [problem for problem in problems if problem] == []
    finally:
        context.close()
