"""Server time of one Step on the bundled miniature: `python benchmarks/ui_step.py [--view KEY]`.

Knows the UI's handlers and Gradio's Plot postprocessing; measures what the server does per click (the handler,
then turning each figure it sends, the token stream and the chosen view, into the JSON the page receives), not
the browser's drawing (benchmarks/browser_step.py measures that). The trace is made once, as on the first Step;
each timed Step then reveals the next recorded round. Bar: median < 300 ms.
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")   # as app.py sets it for the server
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gradio as gr  # noqa: E402

from mtp_viz.ui import step_through as ui  # noqa: E402
from mtp_viz.ui.service import SERVICE  # noqa: E402
from mtp_viz.ui.session import DEFAULTS  # noqa: E402

REPEATS = 3


def timed_step(state: ui.StepState, controls: dict, plot: gr.Plot) -> tuple[float, ui.StepState]:
    start = time.perf_counter()
    out = ui.step(state, controls, service=SERVICE)
    for fig in (out.stream, out.view):
        if not isinstance(fig, dict):          # gr.skip(): nothing sent
            plot.postprocess(fig)
    return (time.perf_counter() - start) * 1000, out.state


def main() -> None:
    view = sys.argv[sys.argv.index("--view") + 1] if "--view" in sys.argv else ui.FIRST_VIEW
    controls = DEFAULTS
    state = ui.StepState(view=view)
    start = time.perf_counter()
    state = ui.step(state, controls, service=SERVICE).state    # first Step: loads the miniature, records the trace
    first = (time.perf_counter() - start) * 1000
    trace = state.trace
    plot = gr.Plot()
    times = []
    for _ in range(REPEATS * len(trace.rounds)):
        ms, state = timed_step(state, controls, plot)
        times.append(ms)
    med = statistics.median(times)
    print(f"first Step (load miniature + record {len(trace.rounds)} rounds, {len(trace.new_token_ids)} tokens): "
          f"{first:.0f} ms")
    print(f"one Step, token stream + {view} redrawn: median {med:.0f} ms, p90 "
          f"{sorted(times)[int(0.9 * len(times))]:.0f} ms over {len(times)} steps "
          f"(bar: median < 300 ms) -> {'OK' if med < 300 else 'TOO SLOW'}")


if __name__ == "__main__":
    main()
