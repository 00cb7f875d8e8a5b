"""A class at once: 16, then 32 visitors through gradio_client, each with its own prompt and seed, all starting
together. Each visitor calls the public `trace` endpoint, then does what the page does: Run to end, then 5 Steps.
Reports p50 / p95 seconds per action, errors, and mix-ups (a visitor shown another visitor's trace).

The page's Run to end uses another seed than the visitor's `trace` call, so that every one of the 2 x N requests
is a new generation: the server answers a request it has just generated from its cache (ui/service.py), which
would flatter the figures. `--same-example` adds the case the cache is for: N visitors pressing Run to end on the
first example, unchanged, at the same moment. `--race` adds visitors starting a race together, on the first example
(a class racing one example: two generations in all) and on prompts of their own.

Before the server starts, one of the visitors' generations is timed in this process with nothing else running (one
torch thread, as a worker has): the floor for N visitors is that time for each generation a worker must run one after
another, and each `trace` line says how far p95 is above it. The host's speed drifts (a shared machine was 25 %
slower within an hour), so that ratio, measured in the same run, is the figure to compare across runs.

Knows only the server's URL and its events. The page's Step / Run to end events are private (not in the API docs,
not named); this script calls them by fn_index as the browser does, with one gradio_client session per visitor, so
the server runs exactly the handlers, state and figures a browser would get (only the browser's drawing is missing).
A visitor's Steps after Run to end cost the server nothing: the page answers them from the trace's deck (ui/player.py),
so they are not sent here. The page's events that read the round and view on screen first (step_through.for_page) are
called with round 0 and the first view, as a fresh page has them.

`--browser` adds one more visitor in Chromium, stepping through the first example and switching views while the others
load the server: what a student at the page waits for, to the end of the browser's work.

    .venv/bin/python benchmarks/load.py               # starts app.py (public mode) on a free port
    .venv/bin/python benchmarks/load.py --browser     # issue 27: with a browser client during the load
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:7860 --visitors 16
"""
from __future__ import annotations

import argparse
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
WORDS = ["Actions speak", "Once upon a time,", "Tom counted to", "The cat", "A little bird", "In the morning",
         "She said", "The old man"]


def prompt_of(i: int) -> str:
    return f"{WORDS[i % len(WORDS)]} {i}"   # unique, so a mix-up shows


def generation_seconds(samples: int = 6) -> float:
    """The median seconds of one visitor's `trace` generation (sampled, the page's defaults otherwise) run here, one
    torch thread, nothing else running: what each generation costs a worker."""
    import torch

    from mtp_viz import worker
    from mtp_viz.ui.session import DEFAULTS, request

    torch.set_num_threads(1)
    pair = worker.ready(DEFAULTS["model"])
    times = []
    for i in range(samples):
        req = request(prompt=prompt_of(i), seed=500 + i, do_sample=True, temperature=0.9)
        started = time.perf_counter()
        worker.run(pair, req)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def start_server() -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, GRADIO_SERVER_PORT=str(port), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1",
               GRADIO_ANALYTICS_ENABLED="False", MTP_VIZ_PUBLIC=os.environ.get("MTP_VIZ_PUBLIC", "1"))  # as deployed
    proc = subprocess.Popen([sys.executable, "app.py"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    from gradio_client import Client
    deadline = time.monotonic() + 600       # a loaded 2-core host took more than 2 min to start it
    while time.monotonic() < deadline:
        try:
            client = Client(url, **client_options(url))
            client.predict(prompt="Hello", max_new_tokens=4, api_name="/trace")   # waits for the miniature
            settle(proc.pid)
            return proc, url
        except Exception:
            time.sleep(0.5)
    proc.kill()
    raise SystemExit("the app did not start")


def settle(pid: int, quiet_cpu_s: float = 0.05, most_s: float = 180) -> None:
    """Wait until the server and its workers have used less than `quiet_cpu_s` of CPU in a second: a fresh server
    answers `trace` from its workers while its own process still loads and warms its copy of the miniature and draws
    the lab's pages (app.py), seconds of CPU that the first phase would otherwise share. A class meets a server that
    is up and idle."""
    deadline, last = time.monotonic() + most_s, cpu_seconds(pid)
    while last is not None and time.monotonic() < deadline:
        time.sleep(1.0)
        now = cpu_seconds(pid)
        if now is None or sum(now) - sum(last) < quiet_cpu_s:
            return
        last = now


def client_options(url: str) -> dict:
    """gradio_client's options for these visitors. Over plain HTTP there is no TLS, so no certificate to verify: and
    with verification on, httpx builds a fresh SSL context (loading every CA certificate) for each of the client's
    requests, about 40 ms of CPU per call, which on this shared 2-core machine the server paid for in waiting."""
    return {"verbose": False, "download_files": False, "ssl_verify": not url.startswith("http://")}


def connect(url: str, i: int, barrier: threading.Barrier, results: dict):
    """A visitor's gradio_client session, or None when it could not connect (a timeout on a crowded host): counted as
    that visitor's error, after meeting the others at the barrier, so the phase goes on instead of waiting forever."""
    from gradio_client import Client

    try:
        return Client(url, **client_options(url))
    except Exception as exc:
        results[i] = ({}, [f"connect: {type(exc).__name__}: {str(exc)[:120]}"], 0)
        barrier.wait()
        return None


def fn_index(client, name: str) -> int:
    """The page event `name`, made callable: gradio_client refuses private events on its own side (the server
    serves them to every browser), so this lifts the client's flag for the page events measured."""
    for i, dep in enumerate(client.config["dependencies"]):
        if dep.get("api_name") == name and dep.get("backend_fn"):
            index = dep.get("id", i)
            client.endpoints[index].is_valid = True
            return index
    raise SystemExit(f"no event named {name!r} in the page")


PAGE_AT = (0, "timeline")      # the round and view a fresh page shows (for_page's first two inputs)


def visitor(url: str, i: int, barrier: threading.Barrier, results: dict) -> None:
    from mtp_viz.ui.session import DEFAULTS, md

    prompt, seed = prompt_of(i), 1000 + i          # i counts on across phases: no request comes twice
    times: dict[str, list[float]] = {"trace": [], "run_to_end": [], "step": []}
    errors, mixups = [], 0
    client = connect(url, i, barrier, results)
    if client is None:
        return
    run = fn_index(client, "run_to_end")
    controls = dict(DEFAULTS, prompt=prompt, seed=seed + 1_000_000, do_sample=True, temperature=0.9)   # not cached
    barrier.wait()

    def timed(action, call):
        started = time.perf_counter()
        try:
            out = call()
        except Exception as exc:   # counted and reported, never hidden
            errors.append(f"{action}: {type(exc).__name__}: {str(exc)[:120]}")
            return None
        times[action].append(time.perf_counter() - started)
        return out

    text = timed("trace", lambda: client.predict(prompt=prompt, seed=seed, do_sample=True, temperature=0.9,
                                                 api_name="/trace"))
    if text is not None:
        got = json.loads(text)
        mixups += got["prompt_text"] != prompt or got["settings"]["seed"] != seed
    expected = f"**{md(prompt)}**"
    out = timed("run_to_end", lambda: client.submit(*PAGE_AT, *controls.values(), fn_index=run).result())
    if out is not None:
        shown = [o for o in out if isinstance(o, str) and o.startswith("**")]   # the text so far, a note
        mixups += not any(o.startswith(expected) for o in shown)
    client.close()
    results[i] = (times, errors, mixups)


def same_example(url: str, i: int, barrier: threading.Barrier, results: dict) -> None:
    """A visitor who opens the page and presses Run to end on the first example, as the whole class does."""
    from mtp_viz.ui.session import DEFAULTS, md

    client = connect(url, i, barrier, results)
    if client is None:
        return
    run_index = fn_index(client, "run_to_end")
    barrier.wait()
    started = time.perf_counter()
    try:
        out = client.submit(*PAGE_AT, *DEFAULTS.values(), fn_index=run_index).result()
        shown = [o for o in out if isinstance(o, str) and o.startswith("**")]
        results[i] = ({"run_to_end": [time.perf_counter() - started], "trace": [], "step": []}, [],
                      int(not shown or not shown[0].startswith(f"**{md(DEFAULTS['prompt'])}**")))
    except Exception as exc:
        results[i] = ({"run_to_end": [], "trace": [], "step": []}, [f"run_to_end: {type(exc).__name__}: {exc}"], 0)
    client.close()


def racer(same: bool):
    """A visitor who opens the Race tab and presses Start race: on the first example as the whole class does
    (`same`), or on a prompt of their own. Timed until both lanes are ready (the race's page has arrived)."""
    def race(url: str, i: int, barrier: threading.Barrier, results: dict) -> None:
        from mtp_viz.ui.session import DEFAULTS, EXAMPLES

        client = connect(url, i, barrier, results)
        if client is None:
            return
        index = fn_index(client, "start_race")
        prompt = EXAMPLES[0] if same else prompt_of(i)
        barrier.wait()
        started = time.perf_counter()
        times = {"race": [], "trace": [], "run_to_end": [], "step": []}
        try:
            page, _, message = client.submit(prompt, DEFAULTS["model"], "mtp", fn_index=index).result()
            if message or 'class="race"' not in (page or ""):
                raise RuntimeError(message or "no race in the answer")
            times["race"].append(time.perf_counter() - started)
            results[i] = (times, [], 0)
        except Exception as exc:
            results[i] = (times, [f"race: {type(exc).__name__}: {str(exc)[:120]}"], 0)
        client.close()
    return race


def overhead(url: str, i: int, barrier: threading.Barrier, results: dict, calls: int = 5) -> None:
    """A visitor calling `trace` `calls` times with the request every visitor of the phase asks for, already in the
    server's cache: no generation, so what is timed is Gradio's work (a session, the queue, the event's messages),
    the cache's lookup and the trace's JSON, and the client's."""
    client = connect(url, i, barrier, results)
    if client is None:
        return
    barrier.wait()
    times, errors, mixups = {"cached_trace": []}, [], 0
    for _ in range(calls):
        started = time.perf_counter()
        try:
            got = json.loads(client.predict(prompt=CACHED[0], seed=CACHED[1], api_name="/trace"))
            times["cached_trace"].append(time.perf_counter() - started)
            mixups += got["prompt_text"] != CACHED[0]
        except Exception as exc:
            errors.append(f"cached_trace: {type(exc).__name__}: {str(exc)[:120]}")
    client.close()
    results[i] = (times, errors, mixups)


CACHED = ("Once upon a time, the cache", 4242)     # generated once before the --overhead phase


def cpu_seconds(pid: int | None) -> tuple[float, float] | None:
    """CPU seconds used so far by a process and by all its descendants (the server, and its generation workers),
    read from Linux's /proc; None where there is no /proc or no process to read."""
    if pid is None or not Path(f"/proc/{pid}").exists():
        return None
    tick = os.sysconf("SC_CLK_TCK")
    own, total, todo = None, 0.0, [pid]
    while todo:
        p = todo.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            used = (int(fields[11]) + int(fields[12])) / tick          # utime, stime
            own = used if own is None else own
            total += used
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError, IndexError):
            continue     # a process that ended meanwhile
    return (own or 0.0), total - (own or 0.0)


ACTIONS = ("trace", "run_to_end", "step", "race", "browser_step", "browser_view", "cached_trace")


class BrowserClient:
    """One more visitor, in Chromium at 1280 x 720, on the page's first example while the others load the server:
    it presses Step (back to round 0 by the slider at the end) and switches the view, in turns, until told to stop.
    Each action is timed from the click to the end of the browser's work (benchmarks/browser_step.py's probe)."""

    def __init__(self, url: str):
        self.url, self.times = url, {"browser_step": [], "browser_view": []}
        self.loaded, self.go, self.stop = threading.Event(), threading.Event(), threading.Event()
        self.error: str | None = None
        self.thread = threading.Thread(target=self._run, name="browser-client", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        from playwright.sync_api import sync_playwright

        import browser_step as bs

        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=bs.CHROME, args=bs.ARGS + bs.BACKGROUND)
                page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
                page.set_default_timeout(120_000)
                bs.prepare(page)
                page.goto(self.url)
                bs.ready(page)
                self.loaded.set()
                self.go.wait()
                views = ["verification", "timeline", "kv_sharing", "clusters", "activations"]
                turn = 0
                while not self.stop.is_set():
                    value, _, high = bs.rounds(page)
                    act = (lambda: bs.slide(page, 0)) if value >= high else (lambda: bs.step(page))
                    self.times["browser_step"].append(bs.timed(page, act) / 1000)
                    if self.stop.is_set():
                        break
                    turn += 1
                    view = views[turn % len(views)]
                    if view == bs.chosen(page):          # a view already shown changes nothing to time
                        turn += 1
                        view = views[turn % len(views)]
                    self.times["browser_view"].append(bs.timed(page, lambda: bs.choose(page, view)) / 1000)
                browser.close()
        except Exception as exc:       # reported with the phase, never a hang
            self.error = f"browser: {type(exc).__name__}: {str(exc)[:200]}"
            self.loaded.set()

    def finish(self) -> None:
        self.stop.set()
        self.thread.join(180)
_SEEN = [int(time.time()) % 100_000 * 1000]   # visitor numbers, counted on over every phase and unlike another
#                                               run's, so a server already running has none of them cached


def run(url: str, visitors: int, who=None, server: int | None = None, browser: bool = False) -> dict:
    barrier, results, threads = threading.Barrier(visitors), {}, []
    client = BrowserClient(url) if browser else None
    if client is not None:
        client.loaded.wait(300)
        client.go.set()
    server_cpu, client_cpu = cpu_seconds(server), time.process_time()
    first, _SEEN[0] = _SEEN[0], _SEEN[0] + visitors
    load_before = os.getloadavg()
    for i in range(visitors):
        threads.append(threading.Thread(target=who or visitor, args=(url, first + i, barrier, results)))
        threads[-1].start()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    if client is not None:
        client.finish()
        results["browser"] = (client.times, [client.error] if client.error else [], 0)
    report = {"visitors": visitors, "wall_s": round(wall, 1), "loadavg_before": load_before,
              "loadavg_after": os.getloadavg(), "errors": [], "mixups": 0,
              "finished": len([k for k in results if k != "browser"]),
              "client_cpu_s": round(time.process_time() - client_cpu, 1)}
    if server_cpu is not None:
        after = cpu_seconds(server)
        report["server_cpu_s"] = round(after[0] - server_cpu[0], 2)       # the page's handlers, Gradio, figures
        report["workers_cpu_s"] = round(after[1] - server_cpu[1], 1)      # the generations
    for action in ACTIONS:
        samples = sorted(t for times, _, _ in results.values() for t in times.get(action, []))
        if samples:
            report[action] = {"n": len(samples), "p50": round(statistics.median(samples), 2),
                              "p95": round(samples[math.ceil(0.95 * len(samples)) - 1], 2),   # nearest rank
                              "max": round(samples[-1], 2)}
    for _, errors, mixups in results.values():
        report["errors"] += errors
        report["mixups"] += mixups
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a running app (default: start app.py here)")
    parser.add_argument("--workers", type=int, help="the server's generation workers, for the floor (default: as "
                        "app.py would start them here, policy.worker_processes())")
    parser.add_argument("--visitors", type=int, nargs="+", default=[16, 32])
    parser.add_argument("--same-example", action="store_true",
                        help="then the same numbers of visitors press Run to end on the first example together")
    parser.add_argument("--browser", action="store_true",
                        help="a visitor in Chromium steps through the first example and switches views during each "
                             "phase, timed to the end of the browser's work (browser_step / browser_view)")
    parser.add_argument("--race", action="store_true",
                        help="then the same numbers of visitors start a race together: on the first example, then on "
                             "prompts of their own (each race is two generations: the target alone, then with MTP)")
    parser.add_argument("--overhead", action="store_true",
                        help="first, the same numbers of visitors call `trace` 5 times each for one request already "
                             "in the cache: Gradio's own cost per call (wall, and the server's CPU per call)")
    parser.add_argument("--overhead-only", action="store_true", help="only the --overhead phases")
    parser.add_argument("--pid", type=int, help="with --url: the server's process id, for its CPU seconds")
    args = parser.parse_args()
    args.overhead = args.overhead or args.overhead_only
    others = subprocess.run(["pgrep", "-af", "mtp_viz.training|pytest"], capture_output=True, text=True).stdout
    print(f"{os.cpu_count()} CPU cores; other work running: {len(others.splitlines())} process(es)")
    from mtp_viz.ui import policy

    workers = args.workers if args.workers is not None else policy.worker_processes()
    one = generation_seconds()
    print(f"one visitor's generation alone here: {one:.3f} s (median of 6); {max(workers, 1)} worker(s)", flush=True)
    proc, url = (None, args.url) if args.url else start_server()
    # Real visitors' clients run on their own machines; here they share the server's 2 cores, so they step aside
    # (nice 10) and the figures measure the server, not sixteen gradio_client threads parsing JSON beside it.
    os.nice(10)
    try:
        phases = [(n, overhead, ", each calling `trace` 5 times for a cached trace") for n in args.visitors
                  ] if args.overhead else []
        if args.overhead:
            from gradio_client import Client
            Client(url, **client_options(url)).predict(prompt=CACHED[0], seed=CACHED[1], api_name="/trace")
        phases += [] if args.overhead_only else [(n, None, "") for n in args.visitors]
        phases += [(n, same_example, ", same example") for n in args.visitors] if args.same_example else []
        phases += [(n, racer(True), ", racing the same example") for n in args.visitors] if args.race else []
        phases += [(n, racer(False), ", racing prompts of their own") for n in args.visitors] if args.race else []
        for n, who, label in phases:
            report = run(url, n, who, args.pid if proc is None else proc.pid, args.browser)
            print(json.dumps(report))
            lines = [f"{n} visitors{label} ({report['finished']} finished, {report['wall_s']} s):"]
            for action in ACTIONS:
                if action in report:
                    r = report[action]
                    lines.append(f"  {action:<11} n={r['n']:<4} p50 {r['p50']:.2f} s  p95 {r['p95']:.2f} s  "
                                 f"max {r['max']:.2f} s")
                    if action == "trace":       # every visitor's first call: n generations, all new, at once
                        floor = math.ceil(r["n"] / max(workers, 1)) * one
                        lines.append(f"  {'':<11} the floor: {math.ceil(r['n'] / max(workers, 1))} generations of "
                                     f"{one:.3f} s one after another per worker = {floor:.2f} s; p95 is "
                                     f"{r['p95'] / floor:.2f}x the floor")
            lines.append(f"  errors {len(report['errors'])}, mix-ups {report['mixups']}, load average "
                         f"{report['loadavg_before'][0]:.2f} before, {report['loadavg_after'][0]:.2f} after")
            if "cached_trace" in report and "server_cpu_s" in report:
                lines.append(f"  the server's CPU per cached `trace` call: "
                             f"{1000 * report['server_cpu_s'] / report['cached_trace']['n']:.1f} ms")
            lines.append(f"  CPU seconds: the server's process {report.get('server_cpu_s', 'not measured')}, "
                         f"its generation workers {report.get('workers_cpu_s', 'not measured')}, "
                         f"these clients {report['client_cpu_s']}")
            print("\n".join(lines + [f"  {e}" for e in report["errors"][:5]]), flush=True)
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)


if __name__ == "__main__":
    main()
