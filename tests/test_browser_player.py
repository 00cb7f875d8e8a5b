"""Real-browser tests of the in-page player (ui/player.js): it shows, round by round, what the server's Step shows, for
every shipped trace in three languages; the page steps without asking the server; a walkthrough file plays offline.

Knows the deck (ui/player.py), the step-through's handlers and the page as a visitor sees it.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect, sync_playwright

from mtp_viz.strings import t
from mtp_viz.ui import player, walkthrough
from mtp_viz.ui import step_through as ui
from mtp_viz.ui.session import EXAMPLES, controls_of, recorded, request_of, shipped
from mtp_viz.ui.step_state import CHOICES, StepState
from test_browser import api_idle, api_watch, launch

SHOWN = ("stream", "view", "what", "status", "text")     # what a Screen sets on the page that the player sets too
SKIP = ui.gr.skip()


def frames(page, packed: dict, asks: list) -> list:
    """player.js's frame for each (round, view, again) of `asks`, from the packed deck, in the page."""
    return page.evaluate("""async ([packed, asks]) => {
        const deck = await window.mtpPlayer.open(packed);
        return asks.map(([i, view, again]) => window.mtpPlayer.frame(deck, i, view, again));
    }""", [packed, asks])


def served(lang: str, trace) -> tuple[list, list]:
    """The server's Step, walked from round 0 to one Step past the last with each view, then Back to round 0: each
    Screen applied to what the page showed (a skipped part stays), and the (round, view, again) each asks the player."""
    req = request_of(trace)
    controls = controls_of(req)
    shown, asks = [], []
    for view in CHOICES:
        state = StepState().replay(trace, 0).asking(req)
        screen = ui.render(state.choose(view).showed({}), lang)        # the whole page drawn, with this view
        page = {k: getattr(screen, k) for k in SHOWN}
        moves = [("step", i) for i in range(len(trace.rounds))] + [("back", i) for i in range(len(trace.rounds))]
        for move, _ in moves:
            before = screen.state
            if move == "step":
                screen = ui.step_at_once(before, 0, controls, lang=lang).screen
                asks.append([before.index + 1, view, before.index >= before.last])
            else:
                screen = ui.scrub(before, before.index - 1, lang)
                asks.append([before.index - 1, view, False])
            page.update({k: getattr(screen, k) for k in SHOWN if getattr(screen, k) != SKIP})
            shown.append({**{k: v.to_json() if hasattr(v, "to_json") else v for k, v in page.items()},
                          "round": screen.state.index})
    return shown, asks


@pytest.mark.parametrize("lang", ["en", "de", "zh-TW"])
def test_the_player_shows_what_the_servers_step_shows(lang):
    """For every shipped trace: Step from round 0 past the last and Back to round 0 with each view, answered by the
    server's handlers and by player.js from the trace's deck: the same figures' JSON and the same texts."""
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        page.set_content("<html><body></body></html>")
        page.add_script_tag(content=player.SOURCE)
        for name in recorded():
            trace = shipped(name)
            state = StepState().replay(trace, 0).asking(request_of(trace))
            shown, asks = served(lang, trace)
            got = frames(page, player.packed(ui.render, state, CHOICES, lang), asks)
            for k, (want, have) in enumerate(zip(shown, got, strict=True)):
                assert want == {key: have[key] for key in want}, (name, lang, asks[k])
        browser.close()


def deck_ready(page, views: int = len(CHOICES)) -> None:
    page.wait_for_function("(n) => { const d = window.mtpPlayer && window.mtpPlayer.current(); "
                           "return d && Object.keys(d.views).length >= n; }", arg=views, timeout=120_000)


def test_stepping_in_the_page_asks_the_server_nothing(server):
    """Once the first example's deck is in: Step, the ← key, the slider's keys, a view switch and Play change what the
    page shows with no request to the server."""
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.set_default_timeout(60_000)
        watch = api_watch(page)
        page.goto(server)
        deck_ready(page)
        api_idle(page, watch)        # the load's chain ends after the deck (the walkthrough button): not a click's
        asked = []
        # what asks the server to run something is a POST (a queue/join or a run); a GET of the queue's stream or
        # the heartbeat only carries answers to what was asked before, and may reopen on its own under load
        page.on("request", lambda r: r.method == "POST" and asked.append(r.url))
        status, stream = page.locator("#round-status"), page.locator("#stream .js-plotly-plot")
        for i in (1, 2, 3):
            page.click("#mtp-step")
            expect(status).to_contain_text(f"Round {i} of 5")
            expect(stream).to_contain_text(f"Token stream: round {i} of 5")
        page.keyboard.press("ArrowLeft")
        expect(status).to_contain_text("Round 2 of 5")
        page.get_by_label("Verification").check()
        expect(page.locator("#view .js-plotly-plot")).to_contain_text("Verification: round 2")
        page.keyboard.press("Home")
        expect(status).to_contain_text("Round 0 of 5")
        page.click("#mtp-play")
        expect(status).to_contain_text("Round 5 of 5", timeout=20_000)
        expect(page.locator("#mtp-play")).to_have_text("Play")
        page.click("#mtp-step")
        expect(status).to_contain_text("This is the last round (5)")
        assert [u for u in asked if "/gradio_api/" in u and "/file=" not in u] == []
        # an example shows its round 0 in the view chosen in the page, which the server had not been told of
        page.get_by_role("button", name=EXAMPLES[1], exact=True).click()
        expect(status).to_contain_text("Round 0 of")
        expect(page.locator("#view .js-plotly-plot")).to_contain_text("Verification: round 0")
        browser.close()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_walkthrough_file_plays_from_disk_with_no_network(lang, tmp_path):
    """The first example's walkthrough, opened from disk in a browser that is offline and aborts every request: Step,
    Back, the keys and the view list show each round's token stream, view and narration in the reader's language."""
    state = ui.first_state()
    path = tmp_path / "walk.html"
    path.write_text(walkthrough.page(ui.render, state, lang), encoding="utf-8")
    last = state.last
    with sync_playwright() as p:
        browser = launch(p)
        context = browser.new_context(offline=True, viewport={"width": 1280, "height": 720})
        asked = []

        def refuse(route):
            asked.append(route.request.url)
            route.abort()
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else
                      refuse(route))
        page = context.new_page()
        page.goto(path.as_uri())
        status, stream = page.locator("#w-status"), page.locator("#w-stream")
        want = lambda i: ui.render(state.scrub(i).showed({}), lang)       # noqa: E731
        expect(stream).to_contain_text(title(want(0).stream))
        for i in range(1, last + 1):
            page.click("#w-step")
            expect(stream).to_contain_text(title(want(i).stream))
            expect(status).to_contain_text(first_line(want(i).status))
        page.click("#w-step")
        expect(status).to_contain_text(first_line(t("step.at_last", lang, last=last)))
        page.click("#w-back")
        expect(stream).to_contain_text(title(want(last - 1).stream))
        page.keyboard.press("Home")
        expect(stream).to_contain_text(title(want(0).stream))
        page.select_option("#w-view", "clusters")
        expect(page.locator("#w-view-plot")).to_contain_text(title(ui.render(state.choose("clusters").showed({}),
                                                                             lang).view))
        page.keyboard.press("ArrowRight")
        expect(status).to_contain_text(first_line(want(1).status))
        page.set_viewport_size({"width": 1920, "height": 1080})     # a resize keeps each chart as tall as its figure
        charts = "() => [...document.querySelectorAll('#w-stream, #w-view-plot')]"
        page.wait_for_function(charts + ".every(g => Math.abs(g._fullLayout.width - g.clientWidth) <= 1)")
        page.wait_for_timeout(300)
        assert page.evaluate(charts + ".every(g => g.getBoundingClientRect().height >= g._fullLayout.height - 1)")
        assert asked == []
        context.close()
        browser.close()


def title(fig) -> str:
    return fig.layout.title.text.split("<")[0]


def first_line(markdown: str) -> str:
    """A status's first words as the page shows them (no Markdown marks)."""
    return markdown.split("\n")[0].replace("**", "").replace("### ", "").replace("\\", "")[:25]
