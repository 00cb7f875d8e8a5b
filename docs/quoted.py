"""`make docs`: every speed figure README.md and docs/*.md quote, computed from the shipped traces and sweeps
by the functions the app itself draws them with, and written into marked spans of the Markdown:

    the same text <!-- num:race.speedup -->3.55<!-- /num --> times as fast

Knows the Markdown files, the spans' names (`NUMBERS`) and which app function each number comes from; knows no
browser, no model and no torch. `python docs/quoted.py` rewrites every span whose number the data changed;
`--check` writes nothing and exits 1 naming each span that disagrees with the data (tests/test_docs.py runs it).
"""
from __future__ import annotations

import argparse
import functools
import re
import sys
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SPAN = re.compile(r"<!-- num:([\w.-]+) -->(.*?)<!-- /num -->", re.S)


# -- the data, read once --------------------------------------------------------------------------------------------
@functools.cache
def race():
    """The speed-up of the recorded "Actions speak" trace, as every view of it gives it (costs.speedup: its exact
    counts priced at the pair's calibrated pass costs), and the race of it against the target alone."""
    from mtp_viz import costs, race_lanes
    from mtp_viz.ui import tour

    drafted = tour.trace(tour.MTP)
    summary = race_lanes.summary(race_lanes.lane(tour.trace(tour.BASELINE), costs.table_for(drafted)),
                                 race_lanes.lane(drafted))
    return costs.speedup(drafted), summary


@functools.cache
def sweeps() -> dict:
    """The bundled pairs' recorded sweeps (assets/lab_sweep*.csv) by pair, and what the lab reads off each."""
    from mtp_viz import lab_math
    from mtp_viz.figures import lab_charts

    out = {}
    for pair in lab_math.RECORDED_SWEEPS:
        df = lab_math.recorded_sweep(pair)
        model = lab_math.cost_model(df)
        rows = df[(df["proposer"] == model["proposer"])]
        const = rows[rows["schedule"] == "constant"].set_index("num_assistant_tokens")
        heur = rows[rows["schedule"] == "heuristic"].set_index("num_assistant_tokens")
        curve = lab_math.predicted_curve(model, const.index).set_index("num_assistant_tokens")
        out[pair] = {"df": df, "model": model, "const": const, "heur": heur, "curve": curve,
                     "best": lab_charts.best_ns(df), "clock": lab_charts.clock(df)}
    return out


@functools.cache
def moe26() -> dict:
    """The lab's 26B A4B preset at N = 4 as moe_story words it (the lab, the race and the tour quote the same)."""
    from mtp_viz import lab_math
    from mtp_viz.ui import moe_story

    return moe_story.figures(lab_math.PRESETS["26b"], 4)


def _x(value: float, digits: int = 2) -> str:
    return f"{value:.{digits}f}"


def _list(values, digits: int = 2) -> str:
    return ", ".join(_x(v, digits) for v in values)


def _v(pair: str, n: int) -> float:
    """The recorded sweep's verification pass at constant N = n over its one-token pass (v, measured)."""
    s = sweeps()[pair]
    return float(s["const"].loc[n, "target_ms_per_pass"] / s["model"]["t1_ms"])


def _error(pair: str, measured: str, predicted: str) -> float:
    """Mean |curve − measured| / measured over the constant-N rows, in per cent: the one-α curve against the dots."""
    s = sweeps()[pair]
    return float(((s["curve"][predicted] - s["const"][measured]).abs() / s["const"][measured]).mean() * 100)


def lab_table() -> str:
    """The lab section's table, both pairs' recorded sweeps side by side (docs/performance.md)."""
    from mtp_viz.lab_math import DEFAULT_SWEEP

    pairs = list(sweeps())
    ns = [int(n) for n in sweeps()[pairs[0]]["const"].index]
    start = 4 if 4 in sweeps()[pairs[0]]["heur"].index else int(sweeps()[pairs[0]]["heur"].index[0])
    clock = "CPU" if sweeps()[pairs[0]]["clock"] == "cpu" else "wall"

    def row(label: str, cell: Callable[[str], str]) -> list[str]:
        return [label] + [cell(p) for p in pairs]

    def best(p: str) -> str:
        b = sweeps()[p]["best"]
        return f"{b['measured']} / {b['predicted']} / {b['what_if']}"

    rows = [
        ["Measured (" + clock + " clock, " + str(DEFAULT_SWEEP["max_new_tokens"]) + " tokens a prompt)",
         "E2B-shaped pair (default)", "shallow pair"],
        ["---"] * 3,
        row("one-token target pass T", lambda p: _x(sweeps()[p]["model"]["t1_ms"], 1) + " ms"),
        row("c, a drafter pass over T", lambda p: "**" + _x(sweeps()[p]["model"]["c"], 3) + "**"),
        row("v, verification pass over N + 1 tokens, fitted",
            lambda p: f"{_x(sweeps()[p]['model']['v0'])} + {_x(sweeps()[p]['model']['v1'], 3)}·N times T"),
        row(f"v measured at N = {ns[0]} / {ns[-1]}", lambda p: f"{_x(_v(p, ns[0]))} / {_x(_v(p, ns[-1]))}"),
        row("α, fitted (one for every N)", lambda p: _x(sweeps()[p]["model"]["alpha"])),
        row(f"α of the rows at N = {ns[0]} / {ns[-1]}",
            lambda p: " / ".join(_x(sweeps()[p]["const"].loc[n, "alpha"]) for n in (ns[0], ns[-1]))),
        row("speed-up at constant N = " + ", ".join(map(str, ns)),
            lambda p: _list(sweeps()[p]["const"]["speedup_vs_none"]) + "×"),
        row(f"heuristic schedule from N = {start} (the app's default)",
            lambda p: _x(sweeps()[p]["heur"].loc[start, "speedup_vs_none"]) + "×"),
        row("best N: measured / predicted / what-if (v = 1)", best),
        row("one-α curve against the points, mean error: tokens per pass / speed-up",
            lambda p: f"{_x(_error(p, 'tokens_per_target_pass', 'tokens_per_target_pass'), 1)} % / "
                      f"{_x(_error(p, 'speedup_vs_none', 'speedup'), 1)} %"),
    ]
    return "\n" + "\n".join("| " + " | ".join(r) + " |" for r in rows) + "\n"


def _recorded(key: str):
    """A setting of the sweep benchmarks/lab.py records (lab_math.DEFAULT_SWEEP)."""
    from mtp_viz.lab_math import DEFAULT_SWEEP

    return DEFAULT_SWEEP[key]


def _mini_verify() -> str:
    from mtp_viz.figures import experts
    from mtp_viz.ui import tour

    return _x(experts.verify_cost(tour.trace(tour.MOE)))


def _basis() -> str:
    """What the race and the headline price passes at, in the app's words, with the table's date and machine."""
    from mtp_viz.strings import t

    table = race()[0].table
    return f"{t('speed.by.priced', 'en')} (calibrated {table.when} on {table.machine})"


# Every number the docs may quote: a span's name -> the text it holds. One place, as the app's own tables are.
NUMBERS: dict[str, Callable[[], str]] = {
    "race.speedup": lambda: _x(race()[0].ratio),
    "race.spread": lambda: f"{_x(race()[0].low)}–{_x(race()[0].high)}",
    "race.calibrations": lambda: str(len(race()[0].table.calibrations)),
    "race.race": lambda: _x(race()[1]["speedup"]),
    "race.basis": _basis,
    "race.alone_s": lambda: _x(race()[0].alone_ms / 1000),
    "race.drafted_s": lambda: _x(race()[0].drafted_ms / 1000),
    "race.one_token_ms": lambda: _x(race()[0].one_token_ms, 1),
    "race.tokens": lambda: str(race()[0].tokens),
    "race.tokens_per_pass": lambda: _x(race()[0].tokens / race()[0].target_passes),
    "lab.table": lab_table,
    "lab.ns": lambda: ", ".join(str(n) for n in _recorded("ns")),
    "lab.repeats": lambda: str(_recorded("repeats")),
    "lab.tokens": lambda: str(_recorded("max_new_tokens")),
    "lab.c": lambda: _x(sweeps()["miniature"]["model"]["c"]),
    "lab.v4": lambda: _x(_v("miniature", 4)),
    "lab.peak": lambda: _x(sweeps()["miniature"]["best"]["peak"]),
    "lab.best": lambda: str(sweeps()["miniature"]["best"]["measured"]),
    "moe.touched": lambda: _x(moe26()["touched"], 0),
    "moe.v": lambda: _x(moe26()["v"], 1),
    "moe.costed": lambda: _x(moe26()["costed"]),
    "moe.dense": lambda: _x(moe26()["dense"]),
    "moe.best": lambda: str(moe26()["best"]),
    "moe.best_x": lambda: _x(moe26()["best_x"]),
    "moe.slow_n": lambda: str(moe26()["slow_n"]),
    "moe.slow_x": lambda: _x(moe26()["slow_x"]),
    "moe.touched_b8": lambda: _x(moe26()["touched_b8"], 0),
    "moe.touched_b8_draft": lambda: _x(moe26()["touched_b8_draft"], 0),
    "moe.plain_b8": lambda: _x(moe26()["plain_b8"]) + "B",
    "moe.draft_b8": lambda: _x(moe26()["draft_b8"]) + "B",
    "moe.mini_v": _mini_verify,
}


# -- the spans --------------------------------------------------------------------------------------------------------
def values() -> dict[str, str]:
    return {name: make() for name, make in NUMBERS.items()}


def spans(text: str) -> list[tuple[str, str]]:
    """(name, quoted text) of every marked span in a page."""
    return SPAN.findall(text)


def filled(text: str, computed: dict[str, str]) -> str:
    """The page with every span holding its computed text; a span with an unknown name raises KeyError."""
    return SPAN.sub(lambda m: f"<!-- num:{m[1]} -->{computed[m[1]]}<!-- /num -->", text)


def disagreements(pages=PAGES, computed: dict[str, str] | None = None) -> list[str]:
    """'page: name quotes X, the data say Y' for each span whose text is not what the data give."""
    computed = values() if computed is None else computed
    out = []
    for page in pages:
        for name, quoted in spans(page.read_text(encoding="utf-8")):
            if name not in computed:
                out.append(f"{page.relative_to(ROOT)}: {name} is not a number docs/quoted.py knows")
            elif quoted != computed[name]:
                out.append(f"{page.relative_to(ROOT)}: {name} quotes {quoted.strip()!r}, the data say "
                           f"{computed[name].strip()!r}")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a quoted number is stale")
    args = parser.parse_args(argv)
    if args.check:
        wrong = disagreements()
        print("\n".join(wrong) or "every quoted number agrees with the data")
        return 1 if wrong else 0
    computed = values()
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        new = filled(text, computed)
        if new != text:
            page.write_text(new, encoding="utf-8")
            print(f"wrote the numbers of {page.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
