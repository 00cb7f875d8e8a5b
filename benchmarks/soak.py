"""A class's load for half an hour: does the server's memory level off? Visitors come and go (each a new gradio_client
session), generate through the `trace` API with new prompts and repeated ones, and some open the page's Run to end
and press Step, their page asking for the trace's whole deck as a browser does. Every `--every` seconds the resident
memory (RSS, and PSS: shared pages counted once) of the server and of each process under it (the fork server, each
generation worker, the drawer, the resource tracker) is read from /proc and written as one CSV row per process.

Knows only the server's URL and process id; the visitors' events are load.py's.

    nice -n 5 .venv/bin/python benchmarks/soak.py --minutes 30 --csv /work/wt/results/soak.csv
"""
from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import load  # noqa: E402  (the server's start, the client options, the page's events)

REPEATED = ["Once upon a time,", "The cat", "Tom counted to", "A little bird"]   # a class's shared examples


def memory_mb(pid: int) -> tuple[float, float] | None:
    """(RSS, PSS) of a process in MB, from /proc; None once it has gone."""
    try:
        rss = next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                   if line.startswith("VmRSS:"))
        pss = next((int(line.split()[1]) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
                    if line.startswith("Pss:")), 0)
    except (OSError, StopIteration):
        return None
    return rss / 1024, pss / 1024


def children(pid: int) -> list[int]:
    try:
        return [int(c) for task in Path(f"/proc/{pid}/task").iterdir()
                for c in (task / "children").read_text().split()]
    except OSError:
        return []


def processes(server: int) -> list[tuple[str, int]]:
    """(role, pid) for the server and every process under it: the fork server's children are the workers."""
    found = [("server", server)]
    for child in children(server):
        try:
            cmd = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if "forkserver" in cmd:
            found.append(("forkserver", child))
            found += [("worker", w) for w in children(child)]
        elif "resource_tracker" in cmd:
            found.append(("tracker", child))
        elif "spawn_main" in cmd:
            found.append(("drawer", child))      # ui/drawer.py's (the workers come from the fork server)
        else:
            found.append(("worker", child))      # spawned directly (no fork server on this platform)
    return found


class Class:
    """`visitors` at once, each coming back as a new visitor after a few actions, until `stop` is set."""

    def __init__(self, url: str, visitors: int, think: tuple[float, float], seed: int = 0):
        self.url, self.think, self.stop = url, think, threading.Event()
        self.calls = self.errors = self.mixups = 0
        self.lock, self.rng = threading.Lock(), random.Random(seed)
        self.threads = [threading.Thread(target=self._visit_forever, args=(i,), daemon=True) for i in range(visitors)]
        for thread in self.threads:
            thread.start()

    def _count(self, calls=0, errors=0, mixups=0):
        with self.lock:
            self.calls, self.errors, self.mixups = self.calls + calls, self.errors + errors, self.mixups + mixups

    def _visit_forever(self, i: int) -> None:
        n = 0
        while not self.stop.is_set():
            n += 1
            try:
                self._one_visitor(f"{i}.{n}", random.Random(f"{i}.{n}"))
            except Exception as exc:        # counted; the class goes on
                self._count(errors=1)
                print(f"visitor {i}.{n}: {type(exc).__name__}: {str(exc)[:160]}", flush=True)

    def _one_visitor(self, name: str, rng: random.Random) -> None:
        from gradio_client import Client

        from mtp_viz.ui.session import DEFAULTS, md

        client = Client(self.url, **load.client_options(self.url))
        stepping = rng.random() < 0.3          # some open the page and step; the others call the API
        if stepping:
            walk, run = load.fn_index(client, "step_at_once"), load.fn_index(client, "run_to_end")
            whole = load.fn_index(client, "whole_deck_for_visitor")
        for action in range(rng.randint(3, 10)):
            if self.stop.wait(rng.uniform(*self.think)):
                break
            repeated = rng.random() < 0.4
            prompt = rng.choice(REPEATED) if repeated else f"{rng.choice(load.WORDS)} {name}.{action}"
            seed = 7 if repeated else rng.randrange(1 << 30)
            if stepping:
                controls = dict(DEFAULTS, prompt=prompt, seed=seed, do_sample=True, temperature=0.9)
                out = client.submit(*load.PAGE_AT, *controls.values(), fn_index=run).result()
                client.submit(fn_index=whole)      # as the page asks after a new trace, not waited for
                for _ in range(rng.randint(1, 5)):
                    out = client.submit(*load.PAGE_AT, 0, *controls.values(), fn_index=walk).result()
                shown = [o for o in out if isinstance(o, str) and o.startswith("**")]
                self._count(calls=1, mixups=not any(o.startswith(f"**{md(prompt)}**") for o in shown))
            else:
                got = json.loads(client.predict(prompt=prompt, seed=seed, do_sample=True, temperature=0.9,
                                                api_name="/trace"))
                self._count(calls=1, mixups=got["prompt_text"] != prompt or got["settings"]["seed"] != seed)
        client.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--every", type=float, default=30, help="seconds between memory samples")
    parser.add_argument("--visitors", type=int, default=10, help="visitors at once (each returns as a new one)")
    parser.add_argument("--think", type=float, nargs=2, default=(4.0, 12.0), help="seconds between a visitor's actions")
    parser.add_argument("--csv", type=Path, required=True)
    args = parser.parse_args()
    proc, url = load.start_server()
    args.csv.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    crowd = Class(url, args.visitors, tuple(args.think))
    try:
        with args.csv.open("w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["t_s", "role", "pid", "rss_mb", "pss_mb", "calls", "errors", "mixups", "load1"])
            while True:
                t = time.monotonic() - started
                load1 = Path("/proc/loadavg").read_text().split()[0]
                for role, pid in processes(proc.pid):
                    mem = memory_mb(pid)
                    if mem is not None:
                        out.writerow([round(t), role, pid, round(mem[0], 1), round(mem[1], 1), crowd.calls,
                                      crowd.errors, crowd.mixups, load1])
                f.flush()
                if t >= args.minutes * 60:
                    break
                time.sleep(max(0.0, args.every - (time.monotonic() - started - t)))
    finally:
        crowd.stop.set()
        for thread in crowd.threads:
            thread.join(120)
        proc.terminate()
        proc.wait(timeout=30)
    summarise(args.csv)


def summarise(path: Path) -> None:
    """The curve at start, 10, 20 and 30 minutes, and the peak: the server's RSS, the workers' (their sum), the
    drawer's."""
    import pandas as pd

    rows = pd.read_csv(path)
    by = rows.groupby(["t_s", "role"])[["rss_mb", "pss_mb"]].sum().unstack("role")
    marks = [by.index[0]] + [by.index[by.index.get_indexer([m * 60], method="nearest")[0]] for m in (10, 20, 30)]
    print(by.loc[sorted(set(marks))].round(0).to_string())
    print("peak:\n" + by.max().round(0).to_string())
    last = rows.iloc[-1]
    print(f"calls {last.calls}, errors {last.errors}, mix-ups {last.mixups}")


if __name__ == "__main__":
    main()
