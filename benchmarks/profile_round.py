"""Where one sampled round's time goes: the target's verification pass, each drafter step, sampling, the trace's
records, and the engine's own bookkeeping, in ms and % of a round.

Runs sampled generations (T = 0.8, 32 new tokens, the page's other defaults) on the bundled default pair, one torch
thread, and times each phase with the thread's CPU clock (time.thread_time), which other processes' work inflates
less than the wall clock (on this 2-core KVM guest at load average 20-25 it still read about 4x its idle figure, so
compare splits and ratios, not absolute times); the wall-clock total is printed beside it. The phases are found by
wrapping, for the run only, the two models' forward methods, the engine's lean passes (mtp_viz/lean.py) and its
calls into mtp_viz.sampling and its record helpers; each
phase's time is exclusive (a record helper's call into sampling.top counts as records). Round 0 (the prefill) is
left out. Knows the public API and the engine's helper names; changes nothing in the models.

    .venv/bin/python benchmarks/profile_round.py                 # "Once upon a time," and the API's examples
    .venv/bin/python benchmarks/profile_round.py --prompts "The cat" --generations 20
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from mtp_viz import api, engine, generate_trace, load_pair, proposers, sampling  # noqa: E402

try:
    from mtp_viz import lean                     # absent before the lean passes: the script also profiles older commits
except ImportError:
    lean = None
from mtp_viz.ui.session import EXAMPLES, PAGE  # noqa: E402

SAMPLED = dict(proposer="mtp", max_new_tokens=32, num_assistant_tokens=PAGE.num_assistant_tokens,
               schedule=PAGE.schedule, do_sample=True, temperature=0.8)


class Clock:
    """Exclusive CPU time per phase: entering a phase pauses the one it was called from."""

    def __init__(self):
        self.spent, self.stack, self.mark = defaultdict(float), [], 0.0

    def _switch(self, now: float) -> None:
        if self.stack:
            self.spent[self.stack[-1]] += now - self.mark
        self.mark = now

    @contextmanager
    def phase(self, name: str):
        self._switch(time.thread_time())
        self.stack.append(name)
        try:
            yield
        finally:
            self._switch(time.thread_time())
            self.stack.pop()


def wrapped(clock: Clock, name, fn):
    def timed(*args, **kwargs):
        label = name(args, kwargs) if callable(name) else name
        with clock.phase(label):
            return fn(*args, **kwargs)
    return timed


@contextmanager
def instrumented(pair, clock: Clock):
    """Wrap the phases for the duration of the block; everything is put back afterwards."""
    step = {"i": 0, "prefill": False}

    def draft_label(args, kwargs):
        step["i"] += 1
        return f"draft step {step['i']}"

    def target_label(args, kwargs):
        return "prefill" if step["prefill"] else "target pass"

    patches = [(pair.target, "forward", target_label), (pair.assistant, "forward", draft_label),
               (api, "assemble", "assembly")]
    if lean is not None:                         # the engine's own passes (mtp_viz/lean.py), where it has them
        patches += [(lean, "forward", target_label), (lean, "draft", draft_label)]
        if hasattr(lean, "draft_many"):          # the engine's lean drafter steps go through draft_many
            patches += [(lean, "draft_many", draft_label)]
    patches += [(sampling, f, "sampling") for f in ("probs", "sample", "speculative_sampling")]
    patches += [(sampling, "top", "records")]
    step_records = "_steps" if hasattr(proposers.MTPProposer, "_steps") else "_step"   # batched per round since _steps
    patches += [(proposers.MTPProposer, step_records, "records"), (engine.SpeculativeDecoder, "_draft_records", "records"),
                (engine.SpeculativeDecoder, "_verify_records", "records")]
    saved = [(obj, attr, obj.__dict__.get(attr)) for obj, attr, _ in patches]
    for obj, attr, name in patches:
        setattr(obj, attr, wrapped(clock, name, getattr(obj, attr)))
    original_round, original_prefill = engine.SpeculativeDecoder._round, engine.SpeculativeDecoder._prefill

    def round_(self, index):
        step["i"], step["prefill"] = 0, False
        with clock.phase("engine bookkeeping"):
            return original_round(self, index)

    def prefill(self):
        step["prefill"] = True
        with clock.phase("prefill"):
            return original_prefill(self)
    engine.SpeculativeDecoder._round, engine.SpeculativeDecoder._prefill = round_, prefill
    try:
        yield
    finally:
        engine.SpeculativeDecoder._round, engine.SpeculativeDecoder._prefill = original_round, original_prefill
        for obj, attr, old in saved:
            if old is None:
                delattr(obj, attr)
            else:
                setattr(obj, attr, old)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--prompts", nargs="+", default=["Once upon a time,", *EXAMPLES])
    parser.add_argument("--generations", type=int, default=12, help="sampled generations per prompt (seeds 0..)")
    parser.add_argument("--model", default=None, help="a bundled pair (default: the default miniature)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    pair = load_pair(args.model)
    generate_trace(pair, "Hello", max_new_tokens=8)                       # PyTorch's first-call costs
    clock, rounds, wall, cpu, passes = Clock(), 0, 0.0, 0.0, defaultdict(int)
    with instrumented(pair, clock):
        for prompt in dict.fromkeys(args.prompts):
            for seed in range(args.generations):
                t0, c0 = time.perf_counter(), time.thread_time()
                trace = generate_trace(pair, prompt, seed=seed, **SAMPLED)
                wall += time.perf_counter() - t0
                cpu += time.thread_time() - c0
                rounds += len(trace.rounds) - 1
                for r in trace.rounds[1:]:
                    passes[r.drafter_passes] += 1
    outside = {k: clock.spent.pop(k, 0.0) for k in ("prefill", "assembly")}     # once per generation, not per round
    total = sum(clock.spent.values())
    print(f"{rounds} sampled rounds (T=0.8, {SAMPLED['max_new_tokens']} tokens, prefill left out) on "
          f"{pair.name}, one thread; drafter steps per round: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(passes.items())))
    print(f"{'phase':<22} {'ms/round':>9} {'%':>6}   (thread CPU time)")
    order = sorted(clock.spent, key=lambda k: (not k.startswith("target"), not k.startswith("draft"), k))
    for name in order:
        ms = clock.spent[name] * 1000 / rounds
        print(f"{name:<22} {ms:9.2f} {100 * clock.spent[name] / total:6.1f}")
    print(f"{'round':<22} {total * 1000 / rounds:9.2f}  100.0")
    gens = len(dict.fromkeys(args.prompts)) * args.generations
    print(f"per generation: {cpu / gens:.3f} s thread CPU, {wall / gens:.3f} s wall; of the CPU time "
          f"{rounds / gens:.1f} rounds {total / gens * 1000:.0f} ms, "
          f"prefill {outside['prefill'] / gens * 1000:.0f} ms, "
          f"the trace's assembly {outside['assembly'] / gens * 1000:.0f} ms")


if __name__ == "__main__":
    main()
