"""Regenerate the shipped example traces from the bundled miniature: `python assets/traces/record.py`.

Knows the example prompts and settings; the rounds come from the real engine, so the files share the live schema.
The app shows the first file (alphabetically) on page load and lists all of them under "Recorded examples".
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from mtp_viz import generate_trace  # noqa: E402
from mtp_viz.ui import DEFAULTS, EXAMPLES, get_pair, request  # noqa: E402

# file stem -> (prompt, proposer, do_sample); every other control at the UI's default, so a replay's
# controls match a live run and Step walks the recorded rounds without running the model again
RECORDINGS = {
    "actions_speak": (EXAMPLES[0], "mtp", False),
    "actions_speak_no_drafter": (EXAMPLES[0], "none", False),
    "once_upon_a_time_sampled": (EXAMPLES[1], "mtp", True),
    "surprising_sentence": (EXAMPLES[2], "mtp", False),
}


def main() -> None:
    pair = get_pair(DEFAULTS["model"])   # loaded and warmed up exactly as the app does
    for stem, (prompt, proposer, do_sample) in RECORDINGS.items():
        req = request(**{**DEFAULTS, "prompt": prompt, "proposer": proposer, "do_sample": do_sample})
        kwargs = {k: v for k, v in req.items() if k not in ("model", "assistant", "prompt")}
        trace = generate_trace(pair, prompt, **kwargs)
        (HERE / f"{stem}.json").write_text(trace.to_json(), encoding="utf-8")
        print(f"{stem}: {len(trace.rounds)} rounds, {trace.stats['tokens_per_target_pass']:.2f} tokens/pass, "
              f"{trace.output_text!r}")


if __name__ == "__main__":
    main()
