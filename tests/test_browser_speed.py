"""Real-browser test of issue 33's one answer to "how much faster?": with four other visitors generating through the
`trace` API, the first example at the defaults shows the same speed-up in the race (two fresh visits) and the
Statistics view, within 5 % of each other; tour chapter 6's example (the tour's own, "Actions speak") the same in the
chapter, the race and Statistics; and a prompt of this test's own in the race (two visits) and Statistics.

Starts app.py with test_browser's `server` fixture; reads each figure from the page as a reader sees it.
"""
from __future__ import annotations

import re
import threading

from playwright.sync_api import expect, sync_playwright

from mtp_viz.training.corpus import HELDOUT_PROMPTS
from test_browser import ARTIFACTS, launch, page_at, settled

VISITORS = 4
OWN_PROMPT = "The lighthouse keeper counted the ships"
TOUR_PROMPT = "Actions speak"             # tour chapter 6's example (ui/tour.py MTP)
HEADLINE = re.compile(r"([0-9]+\.[0-9]+)× faster here")
TOLERANCE = 0.05


def visitors(server: str, stop: threading.Event, done: list) -> list[threading.Thread]:
    """Four other visitors, each asking the `trace` API for held-out prompts in a loop until `stop`."""
    from gradio_client import Client

    def visit(k: int) -> None:
        client = Client(server, verbose=False)
        i = k
        while not stop.is_set():
            client.predict(prompt=HELDOUT_PROMPTS[i % len(HELDOUT_PROMPTS)], model="miniature", proposer="mtp",
                           api_name="/trace")
            done.append(k)
            i += 1

    threads = [threading.Thread(target=visit, args=(k,), daemon=True) for k in range(VISITORS)]
    for thread in threads:
        thread.start()
    return threads


def race_says(browser, server: str, prompt: str | None, shot: str) -> float:
    """A fresh visit races `prompt` (None: the race tab's first example) and reads the verdict's speed-up."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(180_000)
    page.goto(server)
    page.get_by_role("tab", name="Race").click()
    if prompt:
        page.locator("#race-prompt textarea").fill(prompt)
    page.locator("#race-start").click()
    expect(page.locator("#race-player .race")).to_have_attribute("data-state", "finished", timeout=240_000)
    verdict = page.locator("#race-player .race-verdict").inner_text()
    page.screenshot(path=str(ARTIFACTS / shot))
    context.close()
    return float(HEADLINE.search(verdict).group(1))


def statistics_says(browser, server: str, prompt: str | None, shot: str) -> float:
    """A fresh visit runs `prompt` (None: the first example) to the end in Step through and reads Statistics."""
    page = page_at(browser, server, 1280, 720)
    page.set_default_timeout(180_000)
    if prompt:
        page.get_by_label("Prompt", exact=True).first.fill(prompt)
    page.get_by_role("button", name="Run to end", exact=True).click()
    settled(page)
    page.locator("#view-chooser").get_by_text("Statistics", exact=True).click()
    title = page.locator("#view .gtitle-subtitle").first          # the speed lines are the title's subtitle
    expect(title).to_contain_text("faster here")
    text = " ".join(page.locator("#view .gtitle-subtitle").all_text_contents())
    page.screenshot(path=str(ARTIFACTS / shot))
    page.context.close()
    return float(HEADLINE.search(text).group(1))


def tour_says(browser, server: str) -> float:
    """Tour chapter 6's speed-up, as its narration says it."""
    page = page_at(browser, server, 1280, 720)
    page.get_by_role("tab", name="Guided tour").click()
    indicator = page.locator("#tour-indicator")
    for chapter in range(1, 6):
        expect(indicator).to_contain_text(f"{chapter} / 11")
        page.get_by_role("button", name="Next", exact=True).first.click()
    expect(indicator).to_contain_text("6 / 11")
    narration = page.locator(".prose.tour-narration").inner_text()
    page.context.close()
    return float(re.search(r"([0-9]+\.[0-9]+)× as fast", narration).group(1))


def agree(figures: dict[str, float]) -> None:
    low, high = min(figures.values()), max(figures.values())
    assert high <= low * (1 + TOLERANCE), figures


def test_every_place_gives_one_speed_up_while_four_others_generate(server):
    stop, done = threading.Event(), []
    threads = visitors(server, stop, done)
    try:
        with sync_playwright() as p:
            browser = launch(p)
            first = {"race, first visit": race_says(browser, server, None, "speed_race_1.png"),
                     "race, second visit": race_says(browser, server, None, "speed_race_2.png"),
                     "Statistics": statistics_says(browser, server, None, "speed_statistics.png")}
            # tour chapter 6 tells the tour's own example (its recorded trace), raced and stepped here as typed
            told = {"tour chapter 6": tour_says(browser, server),
                    "race": race_says(browser, server, TOUR_PROMPT, "speed_race_tour.png"),
                    "Statistics": statistics_says(browser, server, TOUR_PROMPT, "speed_statistics_tour.png")}
            own = {"race, first visit": race_says(browser, server, OWN_PROMPT, "speed_race_own_1.png"),
                   "race, second visit": race_says(browser, server, OWN_PROMPT, "speed_race_own_2.png"),
                   "Statistics": statistics_says(browser, server, OWN_PROMPT, "speed_statistics_own.png")}
            browser.close()
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=120)
    assert done, "the other visitors generated nothing"
    print(f"first example: {first}; the tour's example: {told}; own prompt: {own}; "
          f"other visitors' generations: {len(done)}")
    agree(first)
    agree(told)
    agree(own)
