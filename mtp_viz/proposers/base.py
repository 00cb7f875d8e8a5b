"""What a proposer hands the verifier (a Draft) and what the decoder asks of it (the Proposer interface), with the two
small helpers every proposer and the decoder share. Knows no model and no round."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Protocol

import torch

from ..trace import DraftStep

TOP = 5                 # candidates kept per distribution in the record


@dataclass
class Draft:
    """What a proposer hands to the verifier: the tokens, the q they were drawn from, and the step records."""
    token_ids: list[int] = field(default_factory=list)
    q: list[torch.Tensor] = field(default_factory=list)   # per draft: (V,) drafter probabilities
    steps: list[DraftStep] = field(default_factory=list)  # what is known at drafting time (no target fields yet)
    passes: int = 0
    stop: str | None = None       # why drafting stopped before N: "threshold", "eos" or "lookup" (see trace)


class Proposer(Protocol):
    """What the decoder needs from a drafter (compare transformers' CandidateGenerator): propose up to n tokens
    after ids, with the generation's backend for any drafter step (mtp_viz/backends.py), then observe the
    verification pass that judged them."""
    target_overrides: dict        # extra keywords the target's passes need (MTP: hidden states and shared KV)

    def propose(self, ids: torch.Tensor, n: int, backend) -> Draft: ...

    def observe(self, outputs, n_matches: int, committed_len: int) -> None: ...


def ms_since(t0: float) -> float:
    """Milliseconds on the wall clock since time.perf_counter() read t0."""
    return (time.perf_counter() - t0) * 1000.0


def below_threshold(q: torch.Tensor, threshold: float | None) -> bool:
    """Whether drafting stops after a draft whose top probability is under the confidence threshold."""
    return threshold is not None and threshold > 0 and float(q.max()) < threshold
