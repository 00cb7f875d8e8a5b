"""Classic speculative decoding (Leviathan et al.): a separate small causal LM with the target's vocabulary drafts,
with its own KV cache. Knows that model and its cache; the target's passes are the engine's."""
from __future__ import annotations

import time

import torch
from transformers import DynamicCache

from .. import sampling
from ..settings import Settings
from ..trace import DraftStep
from .base import TOP, Draft, below_threshold, ms_since


class DraftModelProposer:
    """Classic speculative decoding: any causal LM with the target's vocabulary, with its own KV cache."""

    target_overrides: dict = {}

    def __init__(self, assistant, settings: Settings, warpers, generator: torch.Generator):
        self.assistant, self.settings, self.warpers, self.generator = assistant, settings, warpers, generator
        self.cache = DynamicCache(config=assistant.config)
        self.cache.activate_past_recording()
        self.cached = 0              # tokens of the committed sequence whose keys/values the drafter holds

    def observe(self, outputs, n_matches: int, committed_len: int) -> None:
        """Drop the drafter's cache entries for rejected drafts (transformers' cache crop)."""
        keep = min(self.cached, committed_len - 1)
        if self.cached:          # crop(0) still trims sliding layers back to their window, once they exist
            self.cache.crop(-(self.cached - keep))
        self.cached = keep

    def propose(self, ids: torch.Tensor, n: int, backend=None) -> Draft:
        """Up to n drafts from the small model's own passes (it runs them itself: they are not the pair's backend's)."""
        draft = Draft()
        inputs = ids[:, self.cached:]
        for step in range(n):
            attention_mask = torch.ones((1, self.cached + inputs.shape[1]), dtype=torch.long, device=ids.device)
            t0 = time.perf_counter()
            out = self.assistant(input_ids=inputs, attention_mask=attention_mask, cache=self.cache,
                                 use_cache=True, logits_to_keep=1)
            ms = ms_since(t0)
            self.cached += inputs.shape[1]
            logits = out.logits[:, -1, :]
            q = sampling.probs(logits, self.warpers, ids)[0]
            token = sampling.sample(q, self.generator) if self.settings.do_sample else int(logits.argmax(-1))
            top_ids, top_probs = sampling.top(q, TOP)
            draft.steps.append(DraftStep(step=step, token_id=token, prob=float(q[token]), top_ids=top_ids,
                                         top_probs=top_probs, position_id=self.cached - 1, ms=ms))
            draft.token_ids.append(token)
            draft.q.append(q)
            draft.passes += 1
            inputs = torch.tensor([[token]], dtype=torch.long, device=ids.device)
            if below_threshold(q, self.settings.confidence_threshold):
                draft.stop = "threshold" if step + 1 < n else None
                break
        return draft
