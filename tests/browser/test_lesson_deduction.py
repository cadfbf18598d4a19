"""Lesson 2 in a real browser: the knowledge graphs offline, and the stepper in Voila."""


def test_knowledge_graphs_show_early_mid_and_late_without_network(page, screenshot, exported):
    page.goto(exported("02_five_sons_deduction"))
    graphs = page.locator("svg[role=img]", has=page.locator("title",
                                                               has_text="What seat 0 knows"))
    graphs.first.wait_for(state="visible")
    assert graphs.count() >= 4          # early, mid, late, and the notes sheet
    for index, name in enumerate(("early", "mid", "late")):
        graph = graphs.nth(index)
        box = graph.bounding_box()
        assert box["width"] > 600 and box["height"] > 300
        assert "Solution" in graph.text_content()
        screenshot(f"fivesons-graph-{name}", graph)


def test_stepper_in_the_gallery(page, screenshot, gallery):
    page.goto(gallery)
    with page.context.expect_page() as opened:
        page.get_by_text("02_five_sons_deduction.ipynb").click()
    app = opened.value
    forward = app.get_by_role("button", name="Next ▶")
    forward.wait_for(state="visible", timeout=90_000)
    app.get_by_text("After 0 of").wait_for(timeout=30_000)
    forward.click()
    forward.click()
    app.get_by_text("After 2 of").wait_for(timeout=30_000)
    stepper = app.locator(".widget-html")
    stepper.locator("svg title", has_text="What seat 0 knows after 2 events").wait_for(
        state="attached", timeout=30_000)
    app.get_by_role("button", name="Notes sheet").click()
    stepper.locator("svg title", has_text="Notes sheet: What seat 0 knows after 2 events"
                    ).wait_for(state="attached", timeout=30_000)
    screenshot("lesson02-voila-stepper", app)
