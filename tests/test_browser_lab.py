"""Real-browser test of the Draft length lab tab: the recorded sweep paints, a small sweep runs on the miniature and
redraws the plots, the what-if slider redraws its curve. Starts app.py with test_browser's `server` fixture.

Knows the page as a user sees it (tab and button names, labels, plot titles) and reads the plotted points back from
Plotly; nothing about the handlers. Screenshots go to tests/artifacts/.
"""
from __future__ import annotations


from playwright.sync_api import expect, sync_playwright

from test_browser import ARTIFACTS, launch, page_at, settled

POINTS = """() => Array.from(document.querySelectorAll('.lab-plot .js-plotly-plot')).map(
    p => (p._fullData.find(t => t.meta === 'measured') || {x: []}).x.length)"""
TITLE = "sel => document.querySelector(sel + ' .js-plotly-plot').layout.title.text"


def test_lab_runs_a_small_sweep_and_redraws(server):
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(90_000)
        expect.set_options(timeout=90_000)
        page.goto(server)
        page.get_by_role("tab", name="Draft length lab").click()
        status = page.locator(".prose.lab-status")
        expect(status).to_contain_text("recorded on the miniature")        # the shipped sweep paints first
        expect(page.locator(".lab-plot .js-plotly-plot")).to_have_count(3)
        assert page.evaluate(POINTS)[:2] == [8, 8]                        # N = 1, 2, 3, 4, 6, 8, 12, 16

        page.locator("#lab-prompts textarea").fill("Actions speak")
        grid = page.locator("#lab-ns")
        for n in ("3", "4", "6", "8", "12", "16"):
            grid.get_by_label(n, exact=True).uncheck()
        page.get_by_label("heuristic", exact=True).uncheck()
        page.get_by_role("spinbutton", name="Repeats (timings are the median)").fill("1")
        page.get_by_role("spinbutton", name="New tokens per run").fill("16")
        page.get_by_role("button", name="Run sweep", exact=True).click()
        expect(status).to_contain_text("Sweep done")
        settled(page)
        assert page.evaluate(POINTS)[:2] == [2, 2]                        # the plots now show N = 1 and 2 only
        assert page.evaluate(TITLE, ".lab-plot").startswith("Tokens per target pass")
        page.screenshot(path=str(ARTIFACTS / "lab_after_sweep.png"), full_page=True)

        # bad input: a message, the plots stay as they are
        page.locator("#lab-prompts textarea").fill("")
        page.get_by_role("button", name="Run sweep", exact=True).click()
        expect(status).to_contain_text("at least one prompt")
        assert page.evaluate(POINTS)[:2] == [2, 2]

        alpha = page.get_by_role("spinbutton", name="α: chance that one guess is accepted")
        alpha.fill("0.5")
        alpha.press("Enter")
        expect(page.locator(".lab-what-if .js-plotly-plot")).to_contain_text("What if α = 0.50")
        browser.close()


def test_the_server_panel_reads_an_uploaded_metrics_page(server, tmp_path):
    """The panel's upload buttons (gr.UploadButtons that keep their API description, server_panel.upload_button)
    open a file chooser and put the file's text in their box."""
    page_text = "# TYPE vllm:spec_decode_num_drafts counter\nvllm:spec_decode_num_drafts{model_name=\"m\"} 10.0\n"
    metrics = tmp_path / "metrics.txt"
    metrics.write_text(page_text)
    with sync_playwright() as p:
        browser = launch(p)
        page = page_at(browser, server, 1280, 720)
        page.get_by_role("tab", name="Draft length lab").click()
        page.get_by_text("From your server", exact=False).first.click()
        with page.expect_file_chooser() as chooser:
            page.get_by_role("button", name="Upload the first page").click()
        chooser.value.set_files(str(metrics))
        expect(page.locator("#server-before textarea")).to_have_value(page_text)
        browser.close()
