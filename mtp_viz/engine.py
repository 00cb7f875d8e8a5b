"""Runs speculative decoding one round at a time and records each round as plain data.

Knows token ids, tensors, caches and the verification maths; knows nothing about tokenization, Gradio or Plotly,
and never draws or prints. Each round: draft -> verify -> accept/reject -> commit and crop the KV cache ->
adapt N -> record. The MTP drafter mirrors transformers' `SinglePositionMultiTokenCandidateGenerator` exactly
(same inputs, same slices, same argmax), so greedy drafts are the ones `generate(assistant_model=...)` makes.
"""
from __future__ import annotations

import dataclasses
import threading
import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Iterator, Protocol

import torch
from transformers import DynamicCache

from . import lean, sampling
from .gemma4 import moe_routers
from .settings import MAX_DRAFT, Settings
from .trace import (ACCEPTED, BONUS, CORRECTION, CUT, PREFILL, REJECTED, TARGET, UNCHECKED, UNUSED,
                    DraftStep, Round, VerifyStep, draft_room)

TOP = 5                 # candidates kept per distribution in the record
ALL_CENTROIDS = 512     # keep every centroid score up to this many centroids, else the top KEPT_CENTROIDS
KEPT_CENTROIDS = 128


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
    after ids, then observe the verification pass that judged them."""
    target_overrides: dict        # extra keywords the target's passes need (MTP: hidden states and shared KV)

    def propose(self, ids: torch.Tensor, n: int) -> Draft: ...

    def observe(self, outputs, n_matches: int, committed_len: int) -> None: ...

    def close(self) -> None: ...


def _ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000.0


def cpu_clock(device: torch.device) -> int | None:
    """The generating thread's CPU time in ns, which other processes' work does not inflate (time.thread_time_ns);
    None on an accelerator or when torch runs on more than one thread: this thread's clock would miss that work."""
    return time.thread_time_ns() if device.type == "cpu" and torch.get_num_threads() == 1 else None


def _cpu_ms(c0: int | None) -> float | None:
    return None if c0 is None else (time.thread_time_ns() - c0) / 1e6


class MTPProposer:
    """Gemma 4 MTP drafting, step for step as transformers' SinglePositionMultiTokenCandidateGenerator does it."""

    target_overrides = {"output_hidden_states": True, "return_shared_kv_states": True}

    def __init__(self, target, assistant, settings: Settings, warpers, generator: torch.Generator):
        self.assistant, self.settings, self.warpers, self.generator = assistant, settings, warpers, generator
        self.embed = target.get_input_embeddings()          # shared input embeddings: the target's table
        self.last_outputs, self.n_last_matches, self.is_prefill = None, 0, True
        self.cluster_of_token, self.top_k, self._centroid_logits = None, None, []
        self._hook = None
        self.lean = lean.supports_drafter(assistant)     # the same step without transformers' per-module Python
        self.lean_embedding = self.lean and lean.supports_embedding(self.embed)
        me = getattr(assistant, "masked_embedding", None)
        if me is not None:
            ordering = me.token_ordering.long().view(me.num_centroids, me.vocab_size_per_centroid)
            self.cluster_of_token = torch.empty(me.vocab_size, dtype=torch.long)
            self.cluster_of_token[ordering.reshape(-1).cpu()] = torch.arange(me.num_centroids).repeat_interleave(
                me.vocab_size_per_centroid)
            self.top_k = me.centroid_intermediate_top_k
            self.scored_fraction = self.top_k * me.vocab_size_per_centroid / me.vocab_size
            # The centroid scores the embedder computes anyway: a lean step returns them, else a cheap hook reads
            # them (no extra pass).
            if not self.lean:
                self._hook = me.centroids.register_forward_hook(lambda m, i, o: self._centroid_logits.append(o))
        self.table = None            # mtp_viz.batching's Table when this generation shares its steps with others

    def close(self):
        if self._hook is not None:
            self._hook.remove()
            self._hook = None

    def observe(self, outputs, n_matches: int, committed_len: int) -> None:
        """Keep the verification pass's hidden states and shared KV: the next round drafts from them."""
        self.last_outputs, self.n_last_matches = outputs, n_matches

    def propose(self, ids: torch.Tensor, n: int) -> Draft:
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
        masks = cos_sin = None                                                   # lean steps: made once a round
        scores, times = [], []           # per step: the clusters' scores (None without them), the pass's ms
        for step in range(n):
            inputs_embeds = torch.cat([self._embed(token, ids.device), hidden], dim=-1)   # (1, 1, 2*H_target)
            self._centroid_logits.clear()
            t0 = time.perf_counter()
            if not self.lean:
                out = self.assistant(inputs_embeds=inputs_embeds, attention_mask=attention_mask,
                                     position_ids=position_ids, shared_kv_states=kv, use_cache=False)
            else:
                call = lean.DraftCall(inputs_embeds, attention_mask, position_ids, kv, masks, cos_sin)
                out = self.table.draft(call) if self.table is not None else lean.draft_many(self.assistant, [call])[0]
                masks, cos_sin = out.masks, out.cos_sin
                if out.centroid_logits is not None:
                    self._centroid_logits.append(out.centroid_logits)
            times.append(_ms(t0))
            logits = out.logits[:, -1, :]                                        # (1, V)
            q = sampling.probs(logits, self.warpers, ids)[0]
            token = sampling.sample(q, self.generator) if self.settings.do_sample else int(logits.argmax(-1))
            clustered = self.cluster_of_token is not None and self._centroid_logits
            scores.append(self._centroid_logits[-1][0, -1] if clustered else None)    # (num_centroids,)
            draft.token_ids.append(token)
            draft.q.append(q)
            draft.passes += 1
            hidden = out.last_hidden_state                                       # post_projection: (1, 1, H_target)
            if _below_threshold(q, self.settings.confidence_threshold):
                draft.stop = "threshold" if step + 1 < n else None
                break
        if n > 0:
            self.is_prefill = False
        draft.steps = self._steps(draft, scores, position_id, times)
        return draft

    def _embed(self, token: int, device: torch.device) -> torch.Tensor:
        """The target's scaled input embedding of one token: (1, 1, H_target)."""
        if self.lean_embedding:
            return lean.embedding(self.embed, token)
        return self.embed(torch.tensor([[token]], dtype=torch.long, device=device))

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

    def propose(self, ids: torch.Tensor, n: int) -> Draft:
        draft = Draft()
        inputs = ids[:, self.cached:]
        for step in range(n):
            attention_mask = torch.ones((1, self.cached + inputs.shape[1]), dtype=torch.long, device=ids.device)
            t0 = time.perf_counter()
            out = self.assistant(input_ids=inputs, attention_mask=attention_mask, cache=self.cache,
                                 use_cache=True, logits_to_keep=1)
            ms = _ms(t0)
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
            if _below_threshold(q, self.settings.confidence_threshold):
                draft.stop = "threshold" if step + 1 < n else None
                break
        return draft

    def close(self) -> None:
        pass


class PromptLookupProposer:
    """Prompt lookup decoding: copy what followed the latest earlier occurrence of the last n-gram."""

    target_overrides: dict = {}

    def __init__(self, settings: Settings, vocab: int, eos_ids: set[int]):
        self.settings, self.vocab, self.eos_ids = settings, vocab, eos_ids

    def observe(self, outputs, n_matches: int, committed_len: int) -> None:
        pass

    def propose(self, ids: torch.Tensor, n: int) -> Draft:
        draft = Draft()
        t0 = time.perf_counter()
        found = lookup(ids[0].tolist(), n, self.settings.max_matching_ngram_size)
        cut = next((i + 1 for i, t in enumerate(found) if t in self.eos_ids), len(found))
        tokens = found[:cut]
        ms = _ms(t0)
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

    def close(self) -> None:
        pass


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


class RoutingRecorder:
    """Reads the top-k expert ids each Gemma4TextRouter returns in the target passes the engine runs anyway:
    a forward hook per router, held only for the duration of one pass, so there is no extra pass. Only the
    thread that runs the pass records, so two visitors stepping on one shared model do not mix their routes."""

    def __init__(self, target):
        self.routers = [router for _, router in moe_routers(target)]

    @contextmanager
    def recording(self):
        """Yields a list that holds, after the pass, each MoE layer's top-k ids: (positions, k) tensors."""
        kept, thread = [None] * len(self.routers), threading.get_ident()

        def keeper(layer):
            def hook(_module, _inputs, outputs):    # outputs: (probabilities, top_k_weights, top_k_index)
                if threading.get_ident() == thread:
                    kept[layer] = outputs[2]
            return hook
        handles = [r.register_forward_hook(keeper(i)) for i, r in enumerate(self.routers)]
        try:
            yield kept
        finally:
            for handle in handles:
                handle.remove()


def _below_threshold(q: torch.Tensor, threshold: float | None) -> bool:
    return threshold is not None and threshold > 0 and float(q.max()) < threshold


class SpeculativeDecoder:
    """Holds one generation's state (ids, target cache, proposer, RNG) and yields a Round per step."""

    def __init__(self, target, proposer: Proposer | None, prompt_ids: list[int], settings: Settings,
                 eos_ids: set[int], warpers, generator: torch.Generator):
        """`proposer` drafts (None: plain decoding); `warpers` and `generator` are the ones it samples with too."""
        self.target, self.proposer, self.settings, self.eos_ids = target, proposer, settings, eos_ids
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
        self.routing = RoutingRecorder(target) if moe_routers(target) else None
        self.routes = None           # the latest target pass's routed_experts (None for dense targets)
        self.lean = self.routing is None and lean.supports(target)   # same numbers, less Python (mtp_viz/lean.py)
        self.table = None            # mtp_viz.batching's Table when this generation shares its passes with others

    def share(self, table) -> None:
        """Run every target pass and lean drafter step through `table`, which joins them with other generations'
        (mtp_viz/batching.py). The rounds then record no CPU time: this thread's clock cannot tell its share of a
        pass run for several."""
        if not self.lean:
            raise ValueError("only a lean target pass can be shared")
        self.table = table
        if getattr(self.proposer, "lean", False):
            self.proposer.table = table

    def _cpu(self) -> int | None:
        return None if self.table is not None else cpu_clock(self.device)

    # -- the loop ------------------------------------------------------------------------------------------
    def rounds(self) -> Iterator[Round]:
        # Each phase runs in its own inference_mode block: a mode entered around the yields would stay on in the
        # caller's code while the generator waits (and inference_mode skips no_grad's version counting, ~10 %).
        try:
            t0, c0 = time.perf_counter(), self._cpu()
            with torch.inference_mode():
                first = self._prefill()
            yield dataclasses.replace(first, wall_ms=_ms(t0), cpu_ms=_cpu_ms(c0))
            index = 1
            while not self.done:
                t0, c0 = time.perf_counter(), self._cpu()
                with torch.inference_mode():
                    record = self._round(index)
                yield dataclasses.replace(record, wall_ms=_ms(t0), cpu_ms=_cpu_ms(c0))
                index += 1
        finally:
            if self.proposer is not None:
                self.proposer.close()

    def _prefill(self) -> Round:
        cache_before = self.cache.get_seq_length()
        t0, c0 = time.perf_counter(), self._cpu()
        outputs = self._forward(self.ids, logits_to_keep=1)   # as generate: KV-shared layers see the last position only
        verify_ms, verify_cpu_ms = _ms(t0), _cpu_ms(c0)
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
                     routed_experts=self.routes, draft_cpu_ms=0.0 if verify_cpu_ms is not None else None,
                     verify_cpu_ms=verify_cpu_ms)

    def _round(self, index: int) -> Round:
        n_in_force, start_len = self.n, self.ids.shape[1]
        # 1. draft: at most N, and never past max_length - 1 (the target adds one token of its own)
        budget = min(n_in_force, draft_room(self.max_length, start_len))
        c0 = self._cpu()
        draft = self.proposer.propose(self.ids, budget) if (self.proposer is not None and budget > 0) else Draft()
        self.drafter_passes += draft.passes
        drafts, n = draft.token_ids, len(draft.token_ids)
        draft_cpu_ms = _cpu_ms(c0)
        # 2. verify: one target pass over the last committed token and all n drafts
        cache_before = self.cache.get_seq_length()
        candidate = torch.tensor([drafts], dtype=torch.long, device=self.device).view(1, n)
        t0, c0 = time.perf_counter(), self._cpu()
        outputs = self._forward(torch.cat([self.ids[:, -1:], candidate], dim=1))
        verify_ms, verify_cpu_ms = _ms(t0), _cpu_ms(c0)
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
                     routed_experts=self.routes, draft_stop=self._draft_stop(draft, n_in_force, budget),
                     draft_cpu_ms=draft_cpu_ms, verify_cpu_ms=verify_cpu_ms)

    # -- phases --------------------------------------------------------------------------------------------
    def _forward(self, input_ids: torch.Tensor, logits_to_keep: int | None = None):
        """One target pass that appends `input_ids` to the KV cache."""
        self.target_passes += 1
        total = self.cache.get_seq_length() + input_ids.shape[1]
        attention_mask = torch.ones((1, total), dtype=torch.long, device=self.device)
        overrides = self.proposer.target_overrides if self.proposer is not None else {}
        keep = logits_to_keep or input_ids.shape[1]
        if self.table is not None:
            return self.table.forward(lean.Call(input_ids, attention_mask, self.cache, keep), overrides)
        if self.lean:
            return lean.forward(self.target, input_ids, attention_mask, self.cache, keep, **overrides)
        with self.routing.recording() if self.routing else nullcontext() as kept:
            outputs = self.target(input_ids=input_ids, attention_mask=attention_mask, cache=self.cache,
                                  use_cache=True, logits_to_keep=keep, **overrides)
        if kept is not None:
            self.routes = [ids.view(input_ids.shape[1], -1).tolist() for ids in kept]   # [layer][position][k]
        return outputs

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
