"""Click-to-drawn time of the step-through in Chromium: `python benchmarks/browser_step.py`.

Knows the page as a visitor sees it (button names, the round summary, the view chooser, the arrow keys) and nothing
about the handlers. It starts app.py from each --root (this checkout by default) on a free port, or drives a running
app given --url, and times Step, Back (the ← key), the round slider (a click on its track) and switching the view,
for a shipped example (the first paint's trace) and for a new prompt (its first Step generates; timed apart).

How a time is taken, inside the page (PROBE): from the pointerdown or keydown that starts the action until the
browser's work is done, that is the latest of: the last change in a visible output (the plots, the round summary,
the text under them), the end of the frame after it, and the end of every long task and long animation frame after
the click (PerformanceObserver). It is read once Gradio's pending state has cleared and nothing has changed or run
long for QUIET_MS. So a plot drawn in one long task after its first change is counted to the end of that task.
`--check` proves it: it slows the chosen view's drawing by CHECK_MS (a busy wait before Plotly draws it) and
reports how much longer Step measured, in the same page.

Other scripts reuse `prepare`, `timed` and the actions (`step`, `back`, `slide`, `choose`):
    page = browser.new_page(...); prepare(page); page.goto(url); ready(page); ms = timed(page, lambda: step(page))
Also the tour's Next, the requests each action sent to the server, the deck's size (ui/player.py), when a new
prompt's deck was open, when its whole deck (every view, drawn by ui/drawer.py) was, before its walk (a visitor
reading round 0 meanwhile; at most WHOLE_S), and how long the page took, idle, to draw every round ahead
(ui/plotly_pane.py: a Step to a round drawn ahead only puts it on screen); `--visitors 4` has four other visitors
generate through the `trace` API meanwhile.
Targets (issue 34): median <= 100 ms for Step, Back and the slider, <= 150 ms for a view switch, <= 200 ms for the
tour's Next, at 1280 x 720, while four visitors generate; no request to the server per Step.
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from contextlib import ExitStack
from typing import Callable, Iterator

from playwright.sync_api import TimeoutError as PlaywrightTimeout, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtp_viz.local_app import running_app  # noqa: E402
CHROME = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
BACKGROUND = ["--disable-renderer-backgrounding", "--disable-background-timer-throttling",
              "--disable-backgrounding-occluded-windows"]     # pages that take turns: none is throttled as hidden
QUIET_MS = 500          # done: nothing changed and nothing ran long for this long
CHECK_MS = 300          # --check: how long the chosen view's drawing is slowed
ROUND = "mtp-round"     # the round slider's elem_id (mtp_viz/ui/keys.py)
VIEWS = {"timeline": "Timeline of forward passes", "verification": "Verification", "clusters": "Cluster selection",
         "kv_sharing": "KV cache sharing", "activations": "Target activations feed the drafter",
         "statistics": "Statistics", "experts": "Experts touched"}      # the chooser's English labels
NEW_PROMPT = "The old lighthouse keeper"
TARGETS = {"Step": 100, "Back": 100, "Slider": 100, "View": 150, "tour Next": 200}     # issue 34

# Installed before the page's own scripts (page.add_init_script). window.__probe.arm() makes the next pointerdown or
# keydown the start; done(quiet) says whether the page has settled; took() is the time from start to the end of the
# browser's work. window.__probe.slow = {selector, ms} busy-waits before Plotly draws into a plot inside `selector`
# (newPlot or react, however the page reaches Plotly): the method check.
PROBE = """
(() => {
  const P = window.__probe = {t0: null, armed: false, last: 0, ends: [], changed: false, slow: null, slowed: [],
                              frame: false};
  const now = () => performance.now();
  const start = () => { if (P.armed) { P.armed = false; P.t0 = now(); } };
  for (const type of ['pointerdown', 'keydown', 'click']) document.addEventListener(type, start, true);
  P.arm = () => { P.t0 = null; P.armed = true; P.last = 0; P.ends = []; P.changed = false; P.slowed = []; };
  const note = entries => { for (const e of entries) if (P.t0 !== null && e.startTime + e.duration > P.t0)
                                                       P.ends.push(e.startTime + e.duration); };
  for (const type of ['longtask', 'long-animation-frame']) {
    try { new PerformanceObserver(list => note(list.getEntries())).observe({type}); } catch (e) {}
  }
  // the end of the frame that shows a change: the task after the next animation frame's rendering
  const afterFrame = () => {
    if (P.frame) return;
    P.frame = true;
    requestAnimationFrame(() => {
      const c = new MessageChannel();
      c.port1.onmessage = () => { P.frame = false; if (P.t0 !== null) P.ends.push(now()); };
      c.port2.postMessage(0);
    });
  };
  // the step-through's outputs (no visibility check here: reading layout while the page updates would slow it)
  const OUTPUTS = '#stream, #view, #round-status, .what-you-see, .output-so-far, #tour-indicator, .tour-narration, ' +
                  '#tour-left';
  new MutationObserver(muts => {
    if (P.t0 === null) return;
    for (const m of muts) {
      const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      if (el && el.closest && el.closest(OUTPUTS)) { P.last = now(); P.changed = true; afterFrame(); return; }
    }
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  P.end = () => Math.max(P.t0, P.last, ...P.ends);
  P.done = quiet => P.t0 !== null && P.changed && !document.querySelector('.pending') && now() - P.end() > quiet;
  P.took = () => P.end() - P.t0;
  // the method check: slow Plotly's drawing into one plot
  const wrap = plotly => {
    for (const name of ['newPlot', 'react']) {
      const draw = plotly[name];
      if (typeof draw !== 'function' || draw.wrapped) continue;
      const slowed = function (gd, ...rest) {
        const el = typeof gd === 'string' ? document.getElementById(gd) : gd;
        if (P.slow && el && el.closest && el.closest(P.slow.selector)) {
          const until = now() + P.slow.ms;
          while (now() < until) {}
          P.slowed.push(now());
        }
        return draw.call(this, gd, ...rest);
      };
      slowed.wrapped = true;
      plotly[name] = slowed;
    }
  };
  let plotly = window.Plotly;
  if (plotly) wrap(plotly);
  Object.defineProperty(window, 'Plotly', {configurable: true, get: () => plotly,
                                           set: v => { plotly = v; if (v) wrap(v); }});
})();
"""


def prepare(page) -> None:
    """Install the probe; call before page.goto."""
    page.add_init_script(PROBE)


def ready(page) -> None:
    """Wait for the first paint: the Step button and both plots, then a quiet page."""
    page.get_by_role("button", name="Step", exact=True).wait_for(timeout=120_000)
    page.locator("#view .js-plotly-plot").wait_for(timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.pending')", polling=50, timeout=120_000)
    page.wait_for_timeout(1500)


def timed(page, act: Callable[[], None], timeout_ms: int = 60_000, quiet_ms: int = QUIET_MS) -> float:
    """Milliseconds from the pointerdown or keydown that `act` causes until the browser's work is done (see PROBE).
    `act` must change a visible output (a plot, the round summary or the text under them)."""
    page.evaluate("() => window.__probe.arm()")
    act()
    page.wait_for_function(f"() => window.__probe.done({quiet_ms})", polling=50, timeout=timeout_ms)
    return page.evaluate("() => window.__probe.took()")


def forget_ahead(page) -> None:
    """Drop the figures the page drew ahead (ui/plotly_pane.py), so that the next action draws."""
    page.evaluate("() => Object.values(window.mtpPanes || {}).forEach((p) => p.forget())")


def slow(page, selector: str | None, ms: int = CHECK_MS) -> None:
    """The method check: busy-wait `ms` before Plotly draws into a plot inside `selector` (None: stop)."""
    page.evaluate("([s, ms]) => { window.__probe.slow = s ? {selector: s, ms} : null; }", [selector, ms])


# -- actions ----------------------------------------------------------------------------------------------------
def status(page) -> str:
    return page.locator("#round-status").inner_text()


def step(page) -> None:
    page.get_by_role("button", name="Step", exact=True).click()


def back(page) -> None:
    """The ← key: the previous round (mtp_viz/ui/keys.py moves the slider)."""
    page.keyboard.press("ArrowLeft")


def rounds(page) -> tuple[int, int, int]:
    """The round slider's (value, min, max)."""
    return tuple(int(float(v)) for v in page.locator(f"#{ROUND} input[type=range]").evaluate(
        "r => [r.value, r.min, r.max]"))


def where(page, to: int) -> tuple[float, float]:
    """The point on the round slider's track where round `to` lies, the slider scrolled into view first (a Step
    scrolls the token stream to the top of the page, which can leave the slider above it)."""
    _, low, high = rounds(page)
    track = page.locator(f"#{ROUND} input[type=range]")
    track.scroll_into_view_if_needed()
    box = track.bounding_box()
    thumb = min(box["height"], 20)
    return box["x"] + thumb / 2 + (box["width"] - thumb) * (to - low) / max(high - low, 1), box["y"] + box["height"] / 2


def slide(page, to: int) -> None:
    """A click on the round slider's track where round `to` lies."""
    page.mouse.click(*where(page, to))


def choose(page, key: str) -> None:
    page.locator("#view-chooser").get_by_text(VIEWS[key], exact=True).click()


def chosen(page) -> str:
    label = page.locator("#view-chooser input:checked").evaluate("i => i.closest('label').innerText.trim()")
    return next(k for k, v in VIEWS.items() if v == label)


def at_round(page) -> int:
    return rounds(page)[0]


# -- one case: a trace on screen, every action timed ------------------------------------------------------------
class Meter:
    """Times actions on one page: wall ms (`timed`) and the CPU ms of the page's main thread meanwhile (Chromium's
    ThreadTime metric, which other processes' load barely inflates: the figure to compare on a busy machine); and
    counts the requests to the server each action made (`asked`: the page's own events, not its files)."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")
        self.requests = 0
        page.on("request", self._count)

    def _count(self, request) -> None:
        if "/gradio_api/" in request.url and "/file=" not in request.url and "/heartbeat" not in request.url:
            self.requests += 1

    def cpu_ms(self) -> float:
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        return 1000 * next(m["value"] for m in metrics if m["name"] == "ThreadTime")

    def __call__(self, act: Callable[[], None], **kwargs) -> tuple[float, float, int]:
        before, asked = self.cpu_ms(), self.requests
        ms = timed(self.page, act, **kwargs)
        return ms, self.cpu_ms() - before, self.requests - asked


Sample = tuple[str, float, float, int]    # (what was timed, wall ms, main-thread CPU ms, requests to the server)


def walk(meter: Meter, n: int) -> Iterator[Sample]:
    """`n` Steps and `n` Backs (forward to the last round, back to 0, again), `n` slider jumps and `n` view switches,
    from round 0 of the trace on screen; one sample as each is done."""
    page = meter.page
    last = rounds(page)[2]
    steps = backs = 0
    while steps < n or backs < n:
        while at_round(page) < last and steps < n:
            steps += 1
            yield ("Step", *meter(lambda: step(page)))
        while at_round(page) > 0 and backs < n:
            backs += 1
            yield ("Back", *meter(lambda: back(page)))
        if (steps >= n and at_round(page) == 0) or (backs >= n and at_round(page) == last):
            break
    targets = [last, 0, last // 2, max(last - 1, 0), min(1, last)]
    for k in range(n):
        to = targets[k % len(targets)]
        if to == at_round(page):
            to = (to + 1) % (last + 1)
        yield ("Slider", *meter(lambda: slide(page, to)))
        if at_round(page) != to:
            raise SystemExit(f"the slider click meant for round {to} landed on round {at_round(page)}")
    keys = list(VIEWS)
    start = keys.index(chosen(page))
    for k in range(n):
        key = keys[(start + 1 + k) % len(keys)]
        yield ("View", *meter(lambda: choose(page, key)))
    if chosen(page) != "timeline":
        meter(lambda: choose(page, "timeline"))


def new_prompt(meter: Meter, prompt: str = NEW_PROMPT) -> Sample:
    """Type a new prompt and press Step (it generates): that first Step's sample. Round 0 is then on screen."""
    page = meter.page
    box = page.get_by_label("Prompt", exact=True)
    box.fill(prompt)
    box.blur()
    page.wait_for_timeout(QUIET_MS)
    old = deck_size(page)["key"]
    sample = ("first Step", *meter(lambda: step(page), timeout_ms=180_000))
    if at_round(page) != 0:
        raise SystemExit(f"the first Step of a new prompt showed round {at_round(page)}")
    page.wait_for_function("(old) => window.mtpPlayer.size().key !== old", arg=old, polling=20, timeout=180_000)
    return sample, page.evaluate("() => performance.now() - window.__probe.t0"), deck_size(page)["bytes"]


def deck_size(page) -> dict:
    """The key and size (base64 bytes, as sent) of the deck the page's player has open (ui/player.js)."""
    return page.evaluate("() => window.mtpPlayer.size()")


def drawn_ahead(page) -> dict:
    """Wait until the page has drawn ahead what it wants near the round on screen (ui/plotly_pane.py), then what that
    has cost since the page opened, both panes together: {figures, ms} (the drawing tasks' wall time, while idle)."""
    page.wait_for_function("() => window.mtpPanes && !Object.values(window.mtpPanes).some((p) => p.pending())",
                           polling=100, timeout=180_000)
    return page.evaluate("""() => Object.values(window.mtpPanes).reduce((a, p) => ({figures: a.figures +
        p.spent().figures, ms: a.ms + p.spent().ms}), {figures: 0, ms: 0})""")


def deck_ready(page, timeout_ms: int = 180_000) -> None:
    """Wait until the page's player has a deck with every view (the shipped example's, or a new trace's whole deck)."""
    page.wait_for_function("(n) => { const d = window.mtpPlayer && window.mtpPlayer.current(); "
                           "return d && Object.keys(d.views).length >= n; }", arg=len(VIEWS), polling=50,
                           timeout=timeout_ms)


WHOLE_S = 120      # how long a new prompt's walk waits for its whole deck


def whole_deck(page) -> float | None:
    """Wait (at most WHOLE_S) until the page's player has the new trace's deck with every view, as a visitor reading
    round 0 would: milliseconds from the first Step's pointerdown until it was open, None if it did not come."""
    try:
        deck_ready(page, timeout_ms=1000 * WHOLE_S)
    except PlaywrightTimeout:
        return None
    return page.evaluate("() => performance.now() - window.__probe.t0")


def tour(meter: Meter, n: int) -> Iterator[Sample]:
    """The tour: `n` Nexts from chapter 1 on (then Back to 1 when the last is reached), each timed."""
    page = meter.page
    page.locator("button[role=tab]").filter(has_text="Tour").click()
    page.locator("#tour-next").wait_for()
    page.wait_for_timeout(QUIET_MS * 4)
    for k in range(n):
        button = page.locator("#tour-next")
        if button.is_disabled():
            while not page.locator("#tour-back").is_disabled():
                meter(lambda: page.locator("#tour-back").click())
        sample = meter(lambda: page.locator("#tour-next").click())
        # the race's chapter plays the race (several seconds of the page changing): timed to its end, told apart
        yield ("tour Next to the race" if page.locator("#tour-race").is_visible() else "tour Next", *sample)


def check(meter: Meter, n: int) -> Iterator[Sample]:
    """The method check, on the trace on screen: `n` Steps as they are and `n` with the view's drawing slowed by
    CHECK_MS, taking turns. The figures the page drew ahead are dropped first, so each Step draws."""
    page = meter.page
    for k in range(2 * n):
        slowed = k % 2 == 1
        if at_round(page) == rounds(page)[2]:
            meter(lambda: slide(page, 0))
        slow(page, "#view" if slowed else None)
        forget_ahead(page)
        yield (f"Step, view slowed {CHECK_MS} ms" if slowed else "Step", *meter(lambda: step(page)))
    slow(page, None)


def session(page, n: int, do_check: bool) -> Iterator[Sample]:
    """Every action for the shipped example (the first paint's trace), then for a new prompt, then the method check."""
    meter = Meter(page)
    deck_ready(page)
    print(f"  the shipped example's deck (every view): {deck_size(page)['bytes']:,} bytes (base64 of gzip)",
          flush=True)
    ahead = drawn_ahead(page)
    print(f"  drawn ahead while idle: {ahead['figures']} figures, {ahead['ms']:.0f} ms of drawing", flush=True)
    for action, *sample in walk(meter, n):
        yield f"shipped example / {action}", *sample
    before = drawn_ahead(page)
    (action, *sample), ready_ms, size = new_prompt(meter)
    print(f"  new prompt: its deck ({size:,} bytes) open {ready_ms:.0f} ms after the first Step's pointerdown",
          flush=True)
    whole = whole_deck(page)
    print(f"  new prompt: its whole deck (every view, ui/drawer.py) "
          + (f"open {whole:.0f} ms after the first Step's pointerdown, {deck_size(page)['bytes']:,} bytes"
             if whole is not None else f"not come {WHOLE_S} s after the first Step: view switches ask the server"),
          flush=True)
    now = drawn_ahead(page)
    print(f"  new prompt drawn ahead while idle: {now['figures'] - before['figures']} figures, "
          f"{now['ms'] - before['ms']:.0f} ms of drawing", flush=True)
    yield f"new prompt / {action}", *sample
    for action, *sample in walk(meter, n):
        yield f"new prompt / {action}", *sample
    if do_check:
        for action, *sample in check(meter, n):
            yield f"check / {action}", *sample
    for action, *sample in tour(meter, n):
        yield action, *sample


# -- other visitors: generating through the `trace` API while the page is timed ----------------------------------
def generating(url: str, k: int, stop: threading.Event, done: list, failed: list) -> None:
    """Visitor k: asks the `trace` API for a new trace (its own prompt and seed, sampled: never a cached answer) again
    and again until `stop`, as benchmarks/load.py's visitors do; appends each call's seconds to `done`, and what a
    call that failed raised to `failed` (the visitor goes on: the load must last the whole run)."""
    from gradio_client import Client
    client = Client(url, verbose=False, download_files=False, ssl_verify=False)
    i = 0
    while not stop.is_set():
        started = time.perf_counter()
        try:
            client.predict(prompt=f"{NEW_PROMPT} {k} {i}", seed=7000 + 100 * k + i, do_sample=True,
                           temperature=0.9, api_name="/trace")
            done.append(time.perf_counter() - started)
        except Exception as err:
            failed.append(f"visitor {k}, call {i}, {time.perf_counter() - started:.1f} s: {err!r}")
            client.close()
            client = Client(url, verbose=False, download_files=False, ssl_verify=False)
        i += 1
    client.close()


# -- the server and the report ----------------------------------------------------------------------------------
def p95(times: list[float]) -> float:
    """Nearest-rank 95th percentile."""
    ordered = sorted(times)
    return ordered[max(math.ceil(0.95 * len(ordered)) - 1, 0)]


def line(name: str, walls: list[float], cpus: list[float], asked: list[int], target: int | None = None) -> str:
    bar = f"   target: median <= {target} ms" if target else ""
    return (f"  {name:<36} median {statistics.median(walls):5.0f} ms  p95 {p95(walls):5.0f} ms  n={len(walls):<3} "
            f"main-thread CPU median {statistics.median(cpus):4.0f} ms  requests {sum(asked) / len(asked):.2f} "
            f"per action{bar}")


def measure(urls: list[str], n: int, width: int, height: int, do_check: bool) -> dict[str, dict[str, list]]:
    """url -> what -> [(wall ms, CPU ms)]: every app's session in its own page of one browser, the apps taking turns
    action by action, so that each sees the same load."""
    got: dict[str, dict[str, list]] = {url: {} for url in urls}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROME, args=ARGS + BACKGROUND)
        runs = {}
        for url in urls:
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.set_default_timeout(120_000)
            prepare(page)
            page.goto(url)
            ready(page)
            runs[url] = session(page, n, do_check)
        while runs:
            for url, run in list(runs.items()):
                try:
                    what, *sample = next(run)
                except StopIteration:
                    del runs[url]
                    continue
                got[url].setdefault(what, []).append(tuple(sample))
        browser.close()
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, action="append",
                    help="checkout whose app.py to start (repeat to compare; the first is the reference)")
    ap.add_argument("--url", action="append", help="drive a running app instead of starting one (repeat to compare)")
    ap.add_argument("-n", type=int, default=10, help="times each action is timed per case")
    ap.add_argument("--check", action="store_true", help=f"also time Step with the view slowed by {CHECK_MS} ms")
    ap.add_argument("--visitors", type=int, default=0, help="other visitors generating through the trace API meanwhile")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=720)
    args = ap.parse_args()
    load = os.getloadavg()
    with ExitStack() as apps:
        servers = {url: (None, url) for url in args.url} if args.url else \
            {str(r): (None, apps.enter_context(running_app(r))) for r in [r.resolve() for r in (args.root or [ROOT])]}
        stop, calls, failed = threading.Event(), [], []
        others = [threading.Thread(target=generating, args=(url, k, stop, calls, failed), daemon=True)
                  for _, url in servers.values() for k in range(args.visitors)]
        for other in others:
            other.start()
        try:
            got = measure([url for _, url in servers.values()], args.n, args.width, args.height, args.check)
        finally:
            stop.set()
            for other in others:
                other.join(timeout=120)
    if args.visitors:
        print(f"{args.visitors} other visitors generated meanwhile through the trace API: {len(calls)} traces, "
              f"median {statistics.median(calls) if calls else float('nan'):.2f} s each; {len(failed)} failed"
              + "".join(f"\n  {f}" for f in failed))
    print(f"{args.width}x{args.height}, Chromium, {os.cpu_count()} cores, load average "
          f"{' '.join(f'{x:.2f}' for x in load)} at the start, {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")
    first = None
    for name, (_, url) in servers.items():
        results = got[url]
        print(name)
        for what, samples in results.items():
            print(line(what, [x[0] for x in samples], [x[1] for x in samples], [x[2] for x in samples],
                       TARGETS.get(what.split(" / ")[-1])))
        if f"check / Step, view slowed {CHECK_MS} ms" in results:
            extra = statistics.median(x[0] for x in results[f"check / Step, view slowed {CHECK_MS} ms"]) - \
                statistics.median(x[0] for x in results["check / Step"])
            print(f"  method check: slowing the view's drawing by {CHECK_MS} ms added {extra:.0f} ms to Step's median")
        if first is None:
            first = (name, results)
            continue
        print(f"  medians over {first[0]}'s, measured in turns (wall, main-thread CPU):")
        for what, samples in results.items():
            if what in first[1]:
                ref = first[1][what]
                ratio = [statistics.median(x[i] for x in samples) / max(statistics.median(x[i] for x in ref), 1e-9)
                         for i in (0, 1)]
                print(f"    {what:<36} {ratio[0]:.2f}x wall   {ratio[1]:.2f}x CPU")


if __name__ == "__main__":
    main()
