"""Prompt lookup decoding: drafts by copying what followed the latest earlier occurrence of the last n-gram. Knows
token ids only: no model, no backend."""
from __future__ import annotations

import time

import torch

from ..settings import Settings
from ..trace import DraftStep
from .base import Draft, ms_since


class PromptLookupProposer:
    """Prompt lookup decoding: copy what followed the latest earlier occurrence of the last n-gram."""

    target_overrides: dict = {}

    def __init__(self, settings: Settings, vocab: int, eos_ids: set[int]):
        self.settings, self.vocab, self.eos_ids = settings, vocab, eos_ids

    def observe(self, outputs, n_matches: int, committed_len: int) -> None:
        pass

    def propose(self, ids: torch.Tensor, n: int, backend=None) -> Draft:
        draft = Draft()
        t0 = time.perf_counter()
        found = lookup(ids[0].tolist(), n, self.settings.max_matching_ngram_size)
        cut = next((i + 1 for i, t in enumerate(found) if t in self.eos_ids), len(found))
        tokens = found[:cut]
        ms = ms_since(t0)
        if len(tokens) < n:
            draft.stop = "eos" if cut < len(found) else "lookup"
        for step, token in enumerate(tokens):
            q = torch.zeros(self.vocab, device=ids.device)
            q[token] = 1.0                        # a looked-up draft is certain: q is one-hot
            draft.steps.append(DraftStep(step=step, token_id=token, prob=1.0, top_ids=[token], top_probs=[1.0],
                                         position_id=ids.shape[1] + step, ms=ms if step == 0 else 0.0))
            draft.token_ids.append(token)
            draft.q.append(q)
        return draft


def lookup(seq: list[int], n: int, max_ngram: int) -> list[int]:
    """Up to n tokens that followed the first earlier match of the sequence's last k-gram (k = max_ngram..1)."""
    length = len(seq)
    for size in range(min(max_ngram, length - 1), 0, -1):
        ngram = seq[-size:]
        for start in range(0, length - size + 1):
            if seq[start:start + size] == ngram:
                begin, end = start + size, min(start + size + n, length)
                if begin < end:
                    return seq[begin:end]
    return []
