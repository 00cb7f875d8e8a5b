"""Click-to-drawn time of Step and of Play's rounds in Chromium: `python benchmarks/browser_step.py`.

Knows the page as a visitor sees it (button names, the round summary) and nothing about the handlers. It starts
app.py from --root (this checkout by default) on a free port, or drives a running app given --url. For each
Step it measures, inside the page, from the click to the last change of any visible plot or of the round summary
(a MutationObserver; the page is idle once nothing has changed for QUIET_MS). For Play it measures from each
timer tick's request to the last change it caused. Bar: median <= 500 ms on 2 cores; aim <= 250 ms.
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROME = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
QUIET_MS = 600

# Installed before the page's own scripts: marks for clicks and for queue joins (a Play tick is a join with no
# click), and the time of the latest change inside a visible plot or the round summary.
PROBE = """
window.__marks = [];
window.__last = 0;
document.addEventListener('click', () => window.__marks.push({kind: 'click', t0: performance.now()}), true);
const _fetch = window.fetch;
window.fetch = function (input, init) {
  const url = typeof input === 'string' ? input : (input && input.url) || '';
  if (url.includes('/queue/join')) window.__marks.push({kind: 'join', t0: performance.now()});
  return _fetch.apply(this, arguments);
};
const watched = el => el && el.closest && (el.closest('.js-plotly-plot') || el.closest('#round-status')
                                           || el.closest('.round-status'));
new MutationObserver(muts => {
  for (const m of muts) {
    const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
    if (watched(el) && el.closest('.js-plotly-plot, #round-status, .round-status').offsetParent !== null) {
      window.__last = performance.now();
      return;
    }
  }
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""
IDLE = f"""() => document.querySelectorAll('.pending').length === 0 &&
                 performance.now() - Math.max(window.__last, window.__marks.at(-1)?.t0 || 0) > {QUIET_MS}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_app(root: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "GRADIO_SERVER_PORT": str(port), "GRADIO_SERVER_NAME": "127.0.0.1",
           "GRADIO_ANALYTICS_ENABLED": "False", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    proc = subprocess.Popen([sys.executable, "app.py"], cwd=root, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 90
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return proc, url
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"app.py in {root} did not start")
            time.sleep(0.5)


def drawn_ms(page) -> float:
    """Wait until the page is idle; the time from the latest mark to the last visible change."""
    page.wait_for_function(IDLE, polling=50, timeout=60_000)
    return page.evaluate("() => Math.max(0, window.__last - window.__marks.at(-1).t0)")


def measure_steps(page, steps: int) -> list[float]:
    button = page.get_by_role("button", name="Step", exact=True)
    times = []
    for _ in range(steps):
        button.click()
        times.append(drawn_ms(page))
    return times


def measure_play(page, rounds: int) -> list[float]:
    """Play (several times if the trace is short); one time per timer tick, each tick drawn before the next."""
    times: list[float] = []
    while len(times) < rounds:
        page.get_by_role("button", name="Play", exact=True).click()
        page.wait_for_function(IDLE, polling=50, timeout=60_000)
        seen = page.evaluate("() => window.__marks.length")
        while len(times) < rounds:
            try:   # the next tick, or the end of the trace (the button says Play again)
                page.wait_for_function(f"() => window.__marks.length > {seen} || "
                                       "[...document.querySelectorAll('button')].some(b => b.innerText.trim() "
                                       "=== 'Play')", polling=50, timeout=30_000)
            except Exception:
                break
            if page.evaluate("() => window.__marks.length") == seen:
                break
            seen += 1
            page.wait_for_function(f"() => (window.__marks.length > {seen}) || ({IDLE})()", polling=20,
                                   timeout=60_000)
            t = page.evaluate(f"() => Math.max(0, window.__last - window.__marks[{seen - 1}].t0)")
            if page.evaluate("() => window.__marks.length") > seen:
                raise SystemExit("a Play round was not drawn before the next tick: raise --speed")
            times.append(t)
        page.wait_for_function(IDLE, polling=50, timeout=60_000)
    return times


def set_speed(page, seconds: float) -> None:
    """Type Play's seconds per round (opening the accordion that holds it, if it is closed, and closing it again)."""
    opened = None
    if not page.get_by_text("seconds per round").first.is_visible():
        opened = page.get_by_text("Decoding settings", exact=True)
        opened.click()
        page.wait_for_timeout(500)
    box = None
    for candidate in page.locator("input[type=number]").all():
        label = candidate.evaluate("e => (e.closest('.block') || e.parentElement).innerText")
        if "seconds per round" in label:
            box = candidate
            break
    if box is None:
        raise SystemExit("no 'seconds per round' box on the page")
    box.fill(str(seconds))
    box.press("Enter")
    box.blur()
    if opened is not None:
        opened.click()
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(500)


def report(name: str, times: list[float]) -> str:
    return (f"{name}: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms over {len(times)} "
            f"(bar: median <= 500 ms, aim <= 250 ms)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="checkout whose app.py to start")
    ap.add_argument("--url", help="drive a running app instead of starting one")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--speed", type=float, default=1.5, help="Play: seconds per round while measuring")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=720)
    args = ap.parse_args()
    proc, url = (None, args.url) if args.url else start_app(args.root.resolve())
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROME, args=ARGS)
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            page.add_init_script(PROBE)
            page.goto(url)
            page.get_by_role("button", name="Step", exact=True).wait_for()
            page.wait_for_function(IDLE, polling=50, timeout=60_000)
            page.wait_for_timeout(1000)
            steps = measure_steps(page, args.steps)
            set_speed(page, args.speed)
            play = measure_play(page, args.steps)
            browser.close()
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=20)
    load = os.getloadavg()[0]
    print(f"{args.width}x{args.height}, {os.cpu_count()} cores, load average {load:.2f} at the end")
    print(report("Step (click -> every visible view drawn)", steps))
    print(report(f"Play rounds ({args.speed:g} s per round; tick -> drawn)", play))


if __name__ == "__main__":
    main()
