"""How a generation's model passes run: the target pass and the MTP drafter step behind one interface (Backend),
chosen once when a pair is prepared (api.prepare, choose), so the decoding loop never asks which it got.

Two here: Transformers, the models' own forward calls (any model, any device; it records a mixture of experts'
routing), and Lean, mtp_viz/lean.py's passes wherever they compute exactly what transformers does, the models' own
calls elsewhere. mtp_viz/batching.py adds a third that runs a generation's lean passes together with other
generations'. Knows model calls and hooks; knows nothing of rounds, proposers, sampling or traces.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

import torch

from . import lean
from .gemma4 import moe_routers


@dataclass
class Step:
    """What a drafter step gives (a subset of transformers' Gemma4AssistantOutput; lean.DraftOutput has the same)."""
    logits: torch.Tensor                          # (1, 1, V)
    last_hidden_state: torch.Tensor               # (1, 1, H_target): post_projection, the next step's input
    centroid_logits: torch.Tensor | None = None   # (1, 1, num_centroids): the clusters' scores (ordered embeddings)


class Backend(Protocol):
    """A generation's passes on its pair: the target's (which append to its KV cache) and the MTP drafter's."""
    shared: bool                 # its passes run for several generations at once: no thread's CPU clock holds its share
    routes: list | None          # the latest target pass's routed experts, [layer][position][k] (None: a dense target)

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor, cache, logits_to_keep: int,
                **flags): ...    # the target's output: logits (1, logits_to_keep, V), hidden_states, shared_kv_states

    def draft(self, inputs_embeds: torch.Tensor, attention_mask: torch.Tensor, position_ids: torch.Tensor,
              shared_kv: dict) -> Step: ...

    def embed(self, token: int) -> torch.Tensor: ...   # the target's scaled input embedding of one token: (1, 1, H)


def choose(target, assistant=None) -> Backend:
    """The backend for a generation on this pair: lean passes wherever they are exact, else transformers' calls."""
    lean_target = not moe_routers(target) and lean.supports(target)   # a routing record needs the modules' calls
    lean_drafter = assistant is not None and lean.supports_drafter(assistant)
    if lean_target or lean_drafter:
        return Lean(target, assistant, lean_target, lean_drafter)
    return Transformers(target, assistant)


@contextmanager
def outputs_of(modules: list, pick=lambda output: output):
    """Yields a list that holds, after the pass, what each module returned in it (through `pick`): a forward hook
    per module, held only for the pass, so there is no extra pass. Only the thread that runs the pass records, so
    two visitors stepping on one shared model do not mix their records."""
    kept, thread = [None] * len(modules), threading.get_ident()

    def keeper(i):
        def hook(_module, _inputs, output):
            if threading.get_ident() == thread:
                kept[i] = pick(output)
        return hook
    handles = [m.register_forward_hook(keeper(i)) for i, m in enumerate(modules)]
    try:
        yield kept
    finally:
        for handle in handles:
            handle.remove()


class Transformers:
    """The models' own forward calls. A mixture of experts' routers are read as they route (the top-k expert ids
    each Gemma4TextRouter returns), and the efficient embedder's centroid scores as it computes them."""

    shared = False

    def __init__(self, target, assistant=None):
        self.target, self.assistant = target, assistant
        self.embedding = target.get_input_embeddings()          # shared input embeddings: the target's table
        self.routers = [router for _, router in moe_routers(target)]
        self.routes = None
        me = getattr(assistant, "masked_embedding", None)
        self.centroids = [me.centroids] if me is not None else []

    def forward(self, input_ids, attention_mask, cache, logits_to_keep, **flags):
        with outputs_of(self.routers, lambda o: o[2]) as kept:   # o: (probabilities, top_k_weights, top_k_index)
            outputs = self.target(input_ids=input_ids, attention_mask=attention_mask, cache=cache, use_cache=True,
                                  logits_to_keep=logits_to_keep, **flags)
        if self.routers:
            self.routes = [ids.view(input_ids.shape[1], -1).tolist() for ids in kept]   # [layer][position][k]
        return outputs

    def draft(self, inputs_embeds, attention_mask, position_ids, shared_kv) -> Step:
        with outputs_of(self.centroids) as kept:
            out = self.assistant(inputs_embeds=inputs_embeds, attention_mask=attention_mask,
                                 position_ids=position_ids, shared_kv_states=shared_kv, use_cache=False)
        return Step(out.logits, out.last_hidden_state, kept[0] if kept else None)

    def embed(self, token: int) -> torch.Tensor:
        return self.embedding(torch.tensor([[token]], dtype=torch.long, device=self.embedding.weight.device))


class Lean(Transformers):
    """mtp_viz/lean.py's target pass and drafter step where `lean.supports*` says they are exact (chosen per model
    by `choose`), the parent's transformers calls for the other model."""

    def __init__(self, target, assistant, lean_target: bool, lean_drafter: bool):
        super().__init__(target, assistant)
        self.lean_target, self.lean_drafter = lean_target, lean_drafter
        self.lean_embedding = lean_drafter and lean.supports_embedding(self.embedding)
        self._round = None       # the latest step's inputs and the masks and rotary tables made for them

    def forward(self, input_ids, attention_mask, cache, logits_to_keep, **flags):
        if not self.lean_target:
            return super().forward(input_ids, attention_mask, cache, logits_to_keep, **flags)
        return lean.forward(self.target, input_ids, attention_mask, cache, logits_to_keep, **flags)

    def draft(self, inputs_embeds, attention_mask, position_ids, shared_kv):
        """The step's masks and rotary tables depend only on the attention mask, positions and shared KV, which all
        the steps of a round share (the same tensors): the round's first step makes them, the others reuse them."""
        if not self.lean_drafter:
            return super().draft(inputs_embeds, attention_mask, position_ids, shared_kv)
        inputs, kept = (attention_mask, position_ids, shared_kv), (None, None)
        if self._round is not None and all(a is b for a, b in zip(inputs, self._round[0])):
            kept = self._round[1]
        out = self.drafter_step(lean.DraftCall(inputs_embeds, attention_mask, position_ids, shared_kv, *kept))
        self._round = inputs, (out.masks, out.cos_sin)
        return out

    def embed(self, token: int) -> torch.Tensor:
        return lean.embedding(self.embedding, token) if self.lean_embedding else super().embed(token)

    def drafter_step(self, call: lean.DraftCall) -> lean.DraftOutput:
        """One lean drafter step (a subclass may run it with others')."""
        return lean.draft_many(self.assistant, [call])[0]
