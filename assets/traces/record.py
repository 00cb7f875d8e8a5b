"""Regenerate the shipped example traces from the bundled miniatures: `python assets/traces/record.py [--moe]`.

Knows the example prompts and settings; the rounds come from the real engine, so the files share the live schema.
The app shows the first example's (session.FIRST_TRACE) on page load and lists all of them under "Recorded examples".
`python assets/traces/record.py a_stitch_in_time tom_counted` records only those files (the others keep their times).
The MoE miniature's traces of different prompts, decoded with N = 4 drafts per round, go to moe_batch/ (not
listed in the app): the "Experts touched" view lines them up round by round as a batch of 1, 2, 4 and 8.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from mtp_viz import generate_trace  # noqa: E402
from mtp_viz.training.corpus import HELDOUT_PROMPTS  # noqa: E402
from mtp_viz import worker  # noqa: E402
from mtp_viz.ui import EXAMPLES, SERVICE, START  # noqa: E402
from mtp_viz.ui.session import TOUR_PROMPT  # noqa: E402
from mtp_viz.ui.policy import apply_torch_threads  # noqa: E402

# file stem -> (prompt, proposer, do_sample); every other control at the UI's default, so a replay's
# controls match a live run and Step walks the recorded rounds without running the model again
RECORDINGS = {
    "a_stitch_in_time": (EXAMPLES[0], "mtp", False),
    "actions_speak": (TOUR_PROMPT, "mtp", False),
    "actions_speak_no_drafter": (TOUR_PROMPT, "none", False),
    "once_upon_a_time": (EXAMPLES[1], "mtp", False),
    "once_upon_a_time_sampled": (EXAMPLES[1], "mtp", True),
    "tom_counted": (EXAMPLES[2], "mtp", False),
}
MOE = "miniature-moe"
MOE_RECORDINGS = {"actions_speak_moe": (TOUR_PROMPT, "mtp", False)}
BATCH_SETTINGS = dict(proposer="mtp", num_assistant_tokens=4, schedule="constant", max_new_tokens=32)


def main(moe_only: bool = False, only: tuple[str, ...] = ()) -> None:
    """Every recording; with --moe only the MoE miniature's (the dense ones stay as they are); with stems, only
    those files. Torch runs with the server's thread count (MTP_VIZ_TORCH_THREADS, as app.py sets it), so the
    recorded times are the app's."""
    apply_torch_threads()
    if only:
        pair = SERVICE.models.get(START.model, wait=600)       # a busy machine loads slower than a visitor waits
        for stem in only:
            prompt, proposer, do_sample = RECORDINGS[stem]
            save(worker.run(pair, START.replace(prompt=prompt, proposer=proposer, do_sample=do_sample)),
                 HERE / f"{stem}.json")
        return
    for model, recordings in ((START.model, {} if moe_only else RECORDINGS), (MOE, MOE_RECORDINGS)):
        pair = SERVICE.models.get(model) if recordings else None   # loaded and warmed up exactly as the app does
        for stem, (prompt, proposer, do_sample) in recordings.items():
            req = START.replace(model=model, prompt=prompt, proposer=proposer, do_sample=do_sample)
            save(worker.run(pair, req), HERE / f"{stem}.json")
    pair = SERVICE.models.get(MOE)
    (HERE / "moe_batch").mkdir(exist_ok=True)
    for i, prompt in enumerate(HELDOUT_PROMPTS[:8]):
        save(generate_trace(pair, prompt, **BATCH_SETTINGS), HERE / "moe_batch" / f"prompt_{i}.json")


def save(trace, path: Path) -> None:
    path.write_text(trace.to_json(), encoding="utf-8")
    print(f"{path.name}: {len(trace.rounds)} rounds, {trace.stats['tokens_per_target_pass']:.2f} tokens/pass, "
          f"{trace.output_text!r}")


if __name__ == "__main__":
    main(moe_only="--moe" in sys.argv[1:], only=tuple(a for a in sys.argv[1:] if not a.startswith("--")))
