"""Runs speculative decoding one round at a time and records each round as plain data.

Knows token ids, tensors, caches and the verification maths; knows nothing about tokenization, Gradio or Plotly,
and never draws or prints. Each round: draft -> verify -> accept/reject -> commit and crop the KV cache ->
adapt N -> record. Who drafts is a Proposer (mtp_viz/proposers/); how a model pass runs is the generation's
Backend (mtp_viz/backends.py), chosen before the first round: the loop asks neither which one it got.
"""
from __future__ import annotations

import dataclasses
import time
from typing import Iterator

import torch
from transformers import DynamicCache

from . import sampling
from .backends import Backend
from .proposers.base import TOP, Draft, Proposer, ms_since
from .settings import MAX_DRAFT, Settings
from .trace import (ACCEPTED, BONUS, CORRECTION, CUT, PREFILL, REJECTED, TARGET, UNCHECKED, UNUSED,
                    DraftStep, Round, VerifyStep, draft_room)


def cpu_clock(device: torch.device) -> int | None:
    """The generating thread's CPU time in ns, which other processes' work does not inflate (time.thread_time_ns);
    None on an accelerator or when torch runs on more than one thread: this thread's clock would miss that work."""
    return time.thread_time_ns() if device.type == "cpu" and torch.get_num_threads() == 1 else None


def _cpu_ms(c0: int | None) -> float | None:
    return None if c0 is None else (time.thread_time_ns() - c0) / 1e6


class SpeculativeDecoder:
    """Holds one generation's state (ids, target cache, proposer, RNG) and yields a Round per step."""

    def __init__(self, target, proposer: Proposer | None, prompt_ids: list[int], settings: Settings,
                 eos_ids: set[int], warpers, generator: torch.Generator, backend: Backend):
        """`proposer` drafts (None: plain decoding); `warpers` and `generator` are the ones it samples with too;
        `backend` runs the target's passes and the drafter's steps."""
        self.target, self.proposer, self.settings, self.eos_ids = target, proposer, settings, eos_ids
        self.backend = backend
        self.device = next(target.parameters()).device
        self.ids = torch.tensor([prompt_ids], dtype=torch.long, device=self.device)
        self.max_length = len(prompt_ids) + settings.max_new_tokens
        self.cache = DynamicCache(config=target.config)
        self.cache.activate_past_recording()     # sliding-window layers keep rejected positions until cropped
        self.generator, self.warpers = generator, warpers
        self.n = settings.num_assistant_tokens
        self.target_passes = 0
        self.drafter_passes = 0
        self.done = False

    def _cpu(self) -> int | None:
        """The CPU clock's reading, where this thread's clock holds the generation's work (not a shared pass)."""
        return None if self.backend.shared else cpu_clock(self.device)

    # -- the loop ------------------------------------------------------------------------------------------
    def rounds(self) -> Iterator[Round]:
        # Each phase runs in its own inference_mode block: a mode entered around the yields would stay on in the
        # caller's code while the generator waits (and inference_mode skips no_grad's version counting, ~10 %).
        t0, c0 = time.perf_counter(), self._cpu()
        with torch.inference_mode():
            first = self._prefill()
        yield dataclasses.replace(first, wall_ms=ms_since(t0), cpu_ms=_cpu_ms(c0))
        index = 1
        while not self.done:
            t0, c0 = time.perf_counter(), self._cpu()
            with torch.inference_mode():
                record = self._round(index)
            yield dataclasses.replace(record, wall_ms=ms_since(t0), cpu_ms=_cpu_ms(c0))
            index += 1

    def _prefill(self) -> Round:
        cache_before = self.cache.get_seq_length()
        t0, c0 = time.perf_counter(), self._cpu()
        outputs = self._forward(self.ids, logits_to_keep=1)   # as generate: KV-shared layers see the last position only
        verify_ms, verify_cpu_ms = ms_since(t0), _cpu_ms(c0)
        p = sampling.probs(outputs.logits[0, -1:].float(), self.warpers, self.ids)    # (1, V)
        token = self._choose(outputs.logits[0, -1], p[0])
        stopped = self._commit([token])
        if self.proposer is not None:
            self.proposer.observe(outputs, 0, self.ids.shape[1])
        return Round(index=0, num_assistant_tokens=0, draft_token_ids=[], num_accepted=0, emitted_token_ids=[token],
                     draft_steps=[], verify_steps=[], draft_ms=0.0, verify_ms=verify_ms, last_token_kind=PREFILL,
                     last_token_prob=float(p[0, token]), start_len=self.ids.shape[1] - 1,
                     cache_len_before=cache_before, cache_len_verified=self.cache.get_seq_length(),
                     cache_len_after=self.cache.get_seq_length(), drafter_passes=0, stopped=stopped,
                     routed_experts=self.backend.routes, draft_cpu_ms=0.0 if verify_cpu_ms is not None else None,
                     verify_cpu_ms=verify_cpu_ms)

    def _round(self, index: int) -> Round:
        n_in_force, start_len = self.n, self.ids.shape[1]
        # 1. draft: at most N, and never past max_length - 1 (the target adds one token of its own)
        budget = min(n_in_force, draft_room(self.max_length, start_len))
        c0 = self._cpu()
        draft = self._draft(budget)
        drafts, n = draft.token_ids, len(draft.token_ids)
        draft_cpu_ms = _cpu_ms(c0)
        # 2. verify: one target pass over the last committed token and all n drafts
        cache_before = self.cache.get_seq_length()
        candidate = torch.tensor([drafts], dtype=torch.long, device=self.device).view(1, n)
        t0, c0 = time.perf_counter(), self._cpu()
        outputs = self._forward(torch.cat([self.ids[:, -1:], candidate], dim=1))
        verify_ms, verify_cpu_ms = ms_since(t0), _cpu_ms(c0)
        cache_verified = self.cache.get_seq_length()
        logits = outputs.logits[0, -(n + 1):].float()                                # (n+1, V)
        p = sampling.probs(logits, self.warpers, self.ids)                            # (n+1, V)
        # 3. accept / reject
        decision = self._decide(drafts, draft.q, logits, p)
        n_matches, next_token = decision.n_matches, decision.next_token
        # 4. commit the accepted prefix + the target's token (cut at eos / max_new_tokens), crop the cache
        emitted = self._cut(drafts[:n_matches] + [next_token])
        n_kept = min(n_matches, len(emitted))
        self.cache.crop(-(n - (len(emitted) - 1)))
        stopped = self._commit(emitted)
        if self.proposer is not None:
            self.proposer.observe(outputs, len(emitted) - 1, self.ids.shape[1])
        # 5. adapt N
        if n > 0:
            self._update_schedule(n_matches == n)
        # 6. record
        kind = (BONUS if n_matches == n else CORRECTION) if n > 0 else TARGET
        if len(emitted) == n_kept:
            kind = CUT
        return Round(index=index, num_assistant_tokens=n_in_force, draft_token_ids=list(drafts),
                     num_accepted=n_kept, emitted_token_ids=emitted,
                     draft_steps=self._draft_records(draft, p),
                     verify_steps=self._verify_records(drafts, draft.q, p, decision, n_kept),
                     draft_ms=sum((s.ms for s in draft.steps), 0.0), verify_ms=verify_ms, last_token_kind=kind,
                     last_token_prob=float(p[n_matches, next_token]), start_len=start_len,
                     cache_len_before=cache_before, cache_len_verified=cache_verified,
                     cache_len_after=self.cache.get_seq_length(), drafter_passes=draft.passes, stopped=stopped,
                     routed_experts=self.backend.routes, draft_stop=self._draft_stop(draft, n_in_force, budget),
                     draft_cpu_ms=draft_cpu_ms, verify_cpu_ms=verify_cpu_ms)

    # -- phases --------------------------------------------------------------------------------------------
    def _draft(self, budget: int) -> Draft:
        """Up to `budget` drafts from the proposer, any drafter step of it run by the backend."""
        if self.proposer is None or budget == 0:
            return Draft()
        draft = self.proposer.propose(self.ids, budget, self.backend)
        self.drafter_passes += draft.passes
        return draft

    def _forward(self, input_ids: torch.Tensor, logits_to_keep: int | None = None):
        """One target pass that appends `input_ids` to the KV cache."""
        self.target_passes += 1
        total = self.cache.get_seq_length() + input_ids.shape[1]
        attention_mask = torch.ones((1, total), dtype=torch.long, device=self.device)
        flags = self.proposer.target_overrides if self.proposer is not None else {}
        return self.backend.forward(input_ids, attention_mask, self.cache, logits_to_keep or input_ids.shape[1],
                                    **flags)

    def _choose(self, logits_row: torch.Tensor, p_row: torch.Tensor) -> int:
        return sampling.sample(p_row, self.generator) if self.settings.do_sample else int(logits_row.argmax(-1))

    def _decide(self, drafts: list[int], q: list[torch.Tensor], logits: torch.Tensor,
                p: torch.Tensor) -> sampling.SpeculativeResult:
        """Greedy: the longest prefix of drafts equal to the target's argmax, then its next argmax (no draws).
        Sampling: Leviathan et al.'s Algorithm 1 (sampling.speculative_sampling)."""
        if not self.settings.do_sample:
            target_ids = logits.argmax(dim=-1).tolist()
            n_matches = sampling.greedy_matches(drafts, target_ids)
            return sampling.SpeculativeResult(n_matches, target_ids[n_matches], [], [], None)
        if not drafts:
            return sampling.SpeculativeResult(0, sampling.sample(p[0], self.generator), [], [], None)
        return sampling.speculative_sampling(drafts, p, torch.stack(q), self.generator)

    def _draft_stop(self, draft: Draft, n_in_force: int, budget: int) -> str | None:
        """Why the round drafted fewer than its N: the proposer's reason, else the token limit (None: it did not)."""
        if self.proposer is None or len(draft.token_ids) >= n_in_force:
            return None
        return draft.stop or ("length" if len(draft.token_ids) >= budget else None)

    def _cut(self, tokens: list[int]) -> list[int]:
        tokens = tokens[: self.max_length - self.ids.shape[1]]
        for i, t in enumerate(tokens):
            if t in self.eos_ids:
                return tokens[: i + 1]
        return tokens

    def _commit(self, tokens: list[int]) -> str | None:
        self.ids = torch.cat([self.ids, torch.tensor([tokens], dtype=torch.long, device=self.device)], dim=1)
        if tokens and tokens[-1] in self.eos_ids:
            self.done = True
            return "eos"
        if self.ids.shape[1] >= self.max_length:
            self.done = True
            return "length"
        return None

    def _update_schedule(self, fully_accepted: bool) -> None:
        if self.settings.schedule == "heuristic":
            self.n = min(self.n + 2, MAX_DRAFT) if fully_accepted else max(1, self.n - 1)

    # -- records -------------------------------------------------------------------------------------------
    def _draft_records(self, draft: Draft, p: torch.Tensor) -> list[DraftStep]:
        """Each step's record with the target's top token at its position (one argmax over the drafts' rows)."""
        n = len(draft.steps)
        if n == 0:
            return []
        target_ids = p[:n].argmax(dim=-1)                                             # (n,)
        cluster_of = getattr(self.proposer, "cluster_of_token", None)
        clusters = cluster_of[target_ids.cpu()].tolist() if cluster_of is not None else [None] * n
        records = []
        for s, target_token, cluster in zip(draft.steps, target_ids.tolist(), clusters):
            miss = None
            if s.selected_clusters is not None and cluster is not None:
                miss = cluster not in s.selected_clusters
            records.append(dataclasses.replace(s, target_token_id=target_token, cluster_miss=miss))
        return records

    def _verify_records(self, drafts, q, p, decision, n_kept: int) -> list[VerifyStep]:
        """One record per draft; agreed drafts past the output's end (eos / max_new_tokens) are UNUSED. The target's
        top-k runs once over the drafts' rows."""
        n_matches, records = decision.n_matches, []
        if not drafts:
            return records
        rows = p[: len(drafts)]                                                       # (n, V)
        top_probs, top_ids = torch.topk(rows, min(TOP, rows.shape[-1]))
        p_x = rows.gather(1, torch.tensor(drafts, device=rows.device).unsqueeze(1))[:, 0].tolist()
        for i, (x, ids, probs) in enumerate(zip(drafts, top_ids.tolist(), top_probs.tolist())):
            verdict = ACCEPTED if i < n_matches else (REJECTED if i == n_matches else UNCHECKED)
            if verdict == ACCEPTED and i >= n_kept:
                verdict = UNUSED
            rec = dict(step=i, draft_token_id=x, p=p_x[i], q=float(q[i][x]), target_token_id=ids[0],
                       target_prob=probs[0], target_top_ids=ids, target_top_probs=probs, verdict=verdict)
            if i < len(decision.r):           # sampling: the paper's uniform draw r is the trace's u
                rec.update(u=decision.r[i], accept_prob=decision.accept_prob[i])
                if verdict == REJECTED and decision.p_prime is not None:
                    r_ids, r_probs = sampling.top(decision.p_prime, TOP)
                    rec.update(residual_token_id=decision.next_token, residual_top_ids=r_ids,
                               residual_top_probs=r_probs)
            records.append(VerifyStep(**rec))
        return records
