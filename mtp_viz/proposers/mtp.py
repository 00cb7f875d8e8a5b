"""Gemma 4 multi-token prediction: the MTP assistant drafts from the target's last hidden state and reads the
target's KV cache (shared KV), step for step as transformers' SinglePositionMultiTokenCandidateGenerator does it
(same inputs, same slices, same argmax), so greedy drafts are the ones `generate(assistant_model=...)` makes.

Knows the drafter's inputs and its clusters of the vocabulary (the efficient embedder); each drafter step and
embedding is the generation's backend's (mtp_viz/backends.py), so nothing here knows how a pass runs.
"""
from __future__ import annotations

import time

import torch

from .. import sampling
from ..settings import Settings
from ..trace import DraftStep
from .base import TOP, Draft, below_threshold, ms_since

ALL_CENTROIDS = 512     # keep every centroid score up to this many centroids, else the top KEPT_CENTROIDS
KEPT_CENTROIDS = 128


class MTPProposer:
    """Gemma 4 MTP drafting, step for step as transformers' SinglePositionMultiTokenCandidateGenerator does it."""

    target_overrides = {"output_hidden_states": True, "return_shared_kv_states": True}

    def __init__(self, target, assistant, settings: Settings, warpers, generator: torch.Generator):
        """`target` and `assistant` are the pair's models; the drafter's passes run through the backend that
        `propose` is given (the target's input embeddings are shared: backend.embed)."""
        self.assistant, self.settings, self.warpers, self.generator = assistant, settings, warpers, generator
        self.last_outputs, self.n_last_matches, self.is_prefill = None, 0, True
        self.cluster_of_token, self.top_k = None, None
        me = getattr(assistant, "masked_embedding", None)
        if me is not None:
            ordering = me.token_ordering.long().view(me.num_centroids, me.vocab_size_per_centroid)
            self.cluster_of_token = torch.empty(me.vocab_size, dtype=torch.long)
            self.cluster_of_token[ordering.reshape(-1).cpu()] = torch.arange(me.num_centroids).repeat_interleave(
                me.vocab_size_per_centroid)
            self.top_k = me.centroid_intermediate_top_k
            self.scored_fraction = self.top_k * me.vocab_size_per_centroid / me.vocab_size

    def observe(self, outputs, n_matches: int, committed_len: int) -> None:
        """Keep the verification pass's hidden states and shared KV: the next round drafts from them."""
        self.last_outputs, self.n_last_matches = outputs, n_matches

    def propose(self, ids: torch.Tensor, n: int, backend) -> Draft:
        draft = Draft()
        current_length = ids.shape[1]
        kv = {k: (v[0][:, :, :current_length, :], v[1][:, :, :current_length, :])
              for k, v in self.last_outputs.shared_kv_states.items()}
        hidden = self.last_outputs.hidden_states[-1]                            # (1, T_last, H_target)
        hidden = hidden[:, -1:] if self.is_prefill else hidden[:, self.n_last_matches: self.n_last_matches + 1]
        token = int(ids[0, -1])                                                  # the step's input token
        position_id = current_length - 1                                         # constant through the round
        position_ids = torch.tensor([[position_id]], dtype=torch.long, device=ids.device)
        attention_mask = torch.ones((1, current_length), dtype=torch.long, device=ids.device)
        scores, times = [], []           # per step: the clusters' scores (None without them), the pass's ms
        for step in range(n):
            inputs_embeds = torch.cat([backend.embed(token), hidden], dim=-1)   # (1, 1, 2*H_target)
            t0 = time.perf_counter()
            out = backend.draft(inputs_embeds, attention_mask, position_ids, kv)
            times.append(ms_since(t0))
            logits = out.logits[:, -1, :]                                        # (1, V)
            q = sampling.probs(logits, self.warpers, ids)[0]
            token = sampling.sample(q, self.generator) if self.settings.do_sample else int(logits.argmax(-1))
            clustered = self.cluster_of_token is not None and out.centroid_logits is not None
            scores.append(out.centroid_logits[0, -1] if clustered else None)    # (num_centroids,)
            draft.token_ids.append(token)
            draft.q.append(q)
            draft.passes += 1
            hidden = out.last_hidden_state                                       # post_projection: (1, 1, H_target)
            if below_threshold(q, self.settings.confidence_threshold):
                draft.stop = "threshold" if step + 1 < n else None
                break
        if n > 0:
            self.is_prefill = False
        draft.steps = self._steps(draft, scores, position_id, times)
        return draft

    def _steps(self, draft: Draft, scores: list, position_id: int, times: list[float]) -> list[DraftStep]:
        """The round's step records, made once drafting is done: each of the top-k below runs once over all the
        steps' rows (row by row, as it would over each alone: tests/test_engine.py checks the bits)."""
        if not draft.token_ids:
            return []
        q = torch.stack(draft.q)                                                 # (n, V)
        tokens = draft.token_ids
        top_probs, top_ids = torch.topk(q, min(TOP, q.shape[-1]))
        probs = q.gather(1, torch.tensor(tokens, device=q.device).unsqueeze(1))[:, 0].tolist()
        recs = [dict(step=i, token_id=t, prob=prob, top_ids=ids, top_probs=values, position_id=position_id, ms=ms)
                for i, (t, prob, ids, values, ms) in enumerate(zip(tokens, probs, top_ids.tolist(),
                                                                   top_probs.tolist(), times))]
        scored = [i for i, row in enumerate(scores) if row is not None]
        if scored:
            rows = torch.stack([scores[i] for i in scored]).float()              # (steps, num_centroids)
            selected = torch.topk(rows, k=self.top_k).indices.tolist()
            if rows.shape[1] <= ALL_CENTROIDS:
                ids_kept = [list(range(rows.shape[1]))] * len(scored)
                kept_scores = rows.tolist()
            else:
                kept = torch.topk(rows, k=KEPT_CENTROIDS).indices
                ids_kept, kept_scores = kept.tolist(), rows.gather(1, kept).tolist()
            for i, chosen, ids, values in zip(scored, selected, ids_kept, kept_scores):
                recs[i].update(selected_clusters=chosen, centroid_ids=list(ids), centroid_scores=values,
                               scored_fraction=self.scored_fraction)
        return [DraftStep(**rec) for rec in recs]
