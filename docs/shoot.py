"""`make docs`: every picture the docs show, shot in Chromium from the running app (`PICTURES` names them all).

Knows the page as a user sees it (element ids, tab order, the round box) and which round of a shipped trace shows
each thing: a rejection, a cluster miss, the finished race. It starts app.py on a free port the way the browser tests
do (tests/test_browser.py) and drives the page by clicks. Knows nothing of the handlers; measures nothing.
`python docs/shoot.py [--only NAME ...]` rewrites all of them, or the named ones.
"""
from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGS = {"en": "en-US", "de": "de-DE", "zh-TW": "zh-TW"}
DESKTOP, PHONE = (1280, 720), (390, 844)
LOG = ROOT / "tests" / "artifacts" / "shoot_server.log"     # the app's output while shooting (ignored by git)
TABS = {"step": 0, "race": 1, "tour": 2, "lab": 3}               # the tabs in page order (names vary by language)

# Every picture this script writes, under docs/: tests/test_docs.py checks that each one a Markdown file shows is here.
STEP_VIEWS = ("timeline", "verification", "clusters", "kv_sharing", "activations", "statistics")
PICTURES = ([f"race_{lang}.png" for lang in LANGS] + [f"tour_{lang}.png" for lang in LANGS]
            + [f"phone_{lang}.png" for lang in LANGS] + [f"step_{view}.png" for view in STEP_VIEWS]
            + ["step_experts.png", "lab.png", "lab_two_pairs.png", "server_panel.png"])


def rounds() -> dict[str, tuple[str, int]]:
    """Per step-through view: the example and the round of its shipped trace that shows what the view is about."""
    from mtp_viz.ui import tour
    from mtp_viz.ui.session import COUNTING, EXAMPLES, FIRST_TRACE, shipped

    first, tom = shipped(FIRST_TRACE), shipped("tom counted")
    return {"timeline": (EXAMPLES[0], tour.first_correction(first)),        # a round with a rejection
            "verification": (EXAMPLES[0], tour.first_correction(first)),
            "kv_sharing": (EXAMPLES[0], tour.first_correction(first)),    # the cache cropped after it
            "activations": (EXAMPLES[0], tour.first_full_round(first)),
            "clusters": (COUNTING, tour.first_cluster_miss(tom)),          # a cluster miss
            "statistics": (COUNTING, tour.last(tom))}                      # N falling and climbing back


# the view chart's title once it is no longer `before` and the chart is not dimmed (player.js dims it while the
# server draws a view that the trace's deck lacks)
VIEW_TITLE = "() => { const gd = document.querySelector('#view .js-plotly-plot'); return gd && (gd.layout.title || {}).text; }"
VIEW_CHANGED = """(before) => { const pane = document.getElementById('view'),
  gd = pane && pane.querySelector('.js-plotly-plot');
  return gd && !pane.classList.contains('mtp-waiting') && (gd.layout.title || {}).text !== before; }"""


class Shooter:
    """One browser on the running app; each method leaves one or more pictures in docs/."""

    def __init__(self, browser, url: str):
        self.browser, self.url = browser, url

    def page(self, lang: str, size=DESKTOP, phone: bool = False):
        from test_browser import settled
        from playwright.sync_api import expect

        context = self.browser.new_context(locale=LANGS[lang], viewport={"width": size[0], "height": size[1]},
                                           is_mobile=phone, has_touch=phone, device_scale_factor=2 if phone else 1)
        page = context.new_page()
        page.set_default_timeout(90_000)
        page.goto(self.url)
        expect(page.locator("#round-status")).to_contain_text("0")
        if lang != "en":                        # the load event redraws the first paint in the page's language
            expect(page.locator("#round-status")).not_to_contain_text("Round ")
        settled(page)
        return page

    @staticmethod
    def save(page, name: str, target=None) -> None:
        from test_browser import settled

        settled(page)
        page.mouse.move(0, 0)                            # no hover: Plotly's toolbar shows only under the mouse
        page.wait_for_timeout(700)                       # Plotly and the fonts finish drawing after the update
        (target or page).screenshot(path=str(DOCS / name))
        print(f"wrote docs/{name}", flush=True)

    def step_views(self) -> None:
        from playwright.sync_api import expect
        from test_browser import settled
        from mtp_viz.ui.session import COUNTING, EXAMPLES, FIRST_TRACE, shipped
        from mtp_viz.ui.step_through import CHOICES

        page, shown, shown_view = self.page("en"), None, None    # the first paint is the first example at round 0
        lasts = {EXAMPLES[0]: len(shipped(FIRST_TRACE).rounds) - 1, COUNTING: len(shipped("tom counted").rounds) - 1}
        for view, (example, round_) in rounds().items():
            if example != shown:                              # the example, run to its end (its last round known)
                page.get_by_role("button", name=example, exact=True).click()
                expect(page.get_by_label("Prompt", exact=True)).to_have_value(example)
                settled(page)
                page.get_by_role("button", name="Run to end", exact=True).click()
                expect(page.locator("#round-status")).to_contain_text(f"Round {lasts[example]} of {lasts[example]}")
                settled(page)
                shown = example
            box = page.locator("#mtp-round input[type=number]")
            box.fill(str(round_))
            box.press("Enter")
            expect(page.locator("#round-status")).to_contain_text(f"Round {round_} of")
            before = page.evaluate(VIEW_TITLE)
            page.locator("#view-chooser label").nth(CHOICES.index(view)).click()
            if shown_view is not None:       # another view than the last picture's: wait for its chart
                page.wait_for_function(VIEW_CHANGED, arg=before)
            shown_view = view
            for plot in ("#stream", "#view"):                  # both charts drawn, the view's at this round
                expect(page.locator(f"{plot} .js-plotly-plot .main-svg").first).to_be_visible()
            expect(page.locator("#stream .js-plotly-plot")).to_contain_text(f" {round_} of")
            page.locator("#round-status").evaluate("e => e.scrollIntoView({block: 'start'})")
            self.save(page, f"step_{view}.png")
        page.context.close()

    def race(self, lang: str) -> None:
        """The finished race of the two recorded "Actions speak" traces, as the tour's chapter 6 plays it: the Race
        tab's own player, with the times measured when the traces were recorded, not this host's load."""
        from playwright.sync_api import expect

        page = self.tour_chapter(lang, 6)
        expect(page.locator("#tour-race .race")).to_have_attribute("data-state", "finished", timeout=120_000)
        self.save(page, f"race_{lang}.png", page.locator("#tour-race"))
        page.context.close()

    def tour_chapter(self, lang: str, chapter: int):
        """A page on the tour's `chapter`, turned to one page at a time (a click on a busy button can be lost)."""
        from playwright.sync_api import expect

        page = self.page(lang)
        page.get_by_role("tab").nth(TABS["tour"]).click()
        for k in range(2, chapter + 1):
            page.locator("#tour-next").click()
            expect(page.locator("#tour-indicator")).to_contain_text(f"{k} / ")
        return page

    def tour(self, lang: str) -> None:
        """Chapter 4 (keep the prefix, then the target's token), from the top of the page."""
        page = self.tour_chapter(lang, 4)
        page.evaluate("() => window.scrollTo(0, 0)")
        self.save(page, f"tour_{lang}.png")
        page.context.close()

    def experts(self) -> None:
        """The Experts view, as the tour's last chapter shows it on the mixture-of-experts recording."""
        page = self.tour_chapter("en", 11)
        self.save(page, "step_experts.png", page.locator("[role=tabpanel] .js-plotly-plot:visible").first)
        page.context.close()

    def phone(self, lang: str) -> None:
        """The first screen a student sees on a phone."""
        page = self.page(lang, PHONE, phone=True)
        self.save(page, f"phone_{lang}.png")
        page.context.close()

    def lab(self) -> None:
        from playwright.sync_api import expect
        from test_server_metrics import AFTER, BEFORE

        page = self.page("en")
        page.get_by_role("tab").nth(TABS["lab"]).click()
        expect(page.locator(".lab-plot .js-plotly-plot")).to_have_count(3)
        self.save(page, "lab.png")
        self.save(page, "lab_two_pairs.png", page.locator(".lab-pairs"))
        page.locator("#server-panel").get_by_text("From your server").first.click()
        page.locator("#server-before textarea").fill(BEFORE)
        page.locator("#server-after textarea").fill(AFTER)
        page.locator("#server-read").click()
        expect(page.locator("#server-panel .server-plot .js-plotly-plot")).to_have_count(2)
        self.save(page, "server_panel.png", page.locator("#server-panel"))
        page.context.close()

    def jobs(self) -> dict[str, callable]:
        """Picture name -> the call that writes it (some calls write several)."""
        jobs = {f"step_{view}.png": self.step_views for view in STEP_VIEWS}
        for lang in LANGS:
            jobs[f"race_{lang}.png"] = lambda lang=lang: self.race(lang)
            jobs[f"tour_{lang}.png"] = lambda lang=lang: self.tour(lang)
            jobs[f"phone_{lang}.png"] = lambda lang=lang: self.phone(lang)
        jobs["step_experts.png"] = self.experts
        for name in ("lab.png", "lab_two_pairs.png", "server_panel.png"):
            jobs[name] = self.lab
        assert sorted(jobs) == sorted(PICTURES)
        return jobs


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python docs/shoot.py", description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None, metavar="NAME", help="pictures to rewrite, e.g. race_en.png")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import expect, sync_playwright
    from test_browser import ARGS, CHROME, INSTALL

    from mtp_viz.local_app import running_app

    if CHROME is None:
        raise SystemExit(INSTALL)
    wanted = args.only or PICTURES
    unknown = sorted(set(wanted) - set(PICTURES))
    if unknown:
        raise SystemExit(f"not a picture of the docs: {unknown}; PICTURES lists them")
    started = time.monotonic()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))      # stopped from outside: still stop the app
    with running_app(log=LOG) as url, sync_playwright() as p:
        expect.set_options(timeout=90_000)
        browser = p.chromium.launch(executable_path=CHROME, args=ARGS)
        done = set()
        for name, job in Shooter(browser, url).jobs().items():
            if name in wanted and job not in done:
                job()
                done.add(job)
        browser.close()
    print(f"{len(wanted)} pictures in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
