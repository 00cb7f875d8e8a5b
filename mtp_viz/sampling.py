"""The verification maths of speculative decoding as small pure functions, in the papers' names.

Knows tensors and an explicit torch.Generator; knows no model, no cache, no trace. Names follow Leviathan et al.
2023 ("Fast Inference from Transformers via Speculative Decoding", Algorithm 1) and Chen et al. 2023: the target's
distribution p, the drafter's q, a uniform draw r per draft, and the residual p' = norm(max(0, p - q)).
Temperature, top-k and top-p are transformers' own logits processors, applied identically to both sides.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch
from transformers import LogitsProcessorList, TemperatureLogitsWarper, TopKLogitsWarper, TopPLogitsWarper


def build_warpers(do_sample: bool, temperature: float, top_k: int | None, top_p: float | None) -> LogitsProcessorList:
    """The processors that turn raw logits into the sampling distribution (empty for greedy decoding)."""
    warpers = LogitsProcessorList()
    if not do_sample:
        return warpers
    if temperature != 1.0:
        warpers.append(TemperatureLogitsWarper(temperature))
    if top_k is not None and top_k > 0:
        warpers.append(TopKLogitsWarper(top_k=top_k, min_tokens_to_keep=1))
    if top_p is not None and top_p < 1.0:
        warpers.append(TopPLogitsWarper(top_p=top_p, min_tokens_to_keep=1))
    return warpers


def probs(logits: torch.Tensor, warpers: LogitsProcessorList, input_ids: torch.Tensor) -> torch.Tensor:
    """softmax(warp(logits)) in float32. logits: (T, V) -> (T, V)."""
    scores = logits.float()
    for warp in warpers:             # LogitsProcessorList's own loop, less its signature look-up per processor and call
        scores = warp(input_ids, scores)
    return scores.softmax(dim=-1)


def sample(p: torch.Tensor, generator: torch.Generator) -> int:
    """One token from a distribution p: (V,). The generator lives on the CPU, so draws match on any device."""
    return int(torch.multinomial(p.float().cpu(), 1, generator=generator).item())


def residual(p_i: torch.Tensor, q_i: torch.Tensor) -> torch.Tensor:
    """p' = norm(max(0, p - q)), the distribution a rejected position is resampled from. (V,) -> (V,)."""
    r = torch.clamp(p_i - q_i, min=0.0)
    total = r.sum()
    # Not in the paper: floating point can leave p - q <= 0 everywhere when p ~= q; then a rejection had
    # probability ~0 and p itself is the correct fallback.
    return r / total if total > 0 else p_i


@dataclass
class SpeculativeResult:
    """What one verification under sampling decided. Lists are per checked draft position."""
    n_matches: int               # accepted drafts
    next_token: int              # the resampled correction or the bonus token
    r: list[float]               # uniform draws, one per checked position
    accept_prob: list[float]     # min(1, p_i(x_i) / q_i(x_i)) per checked position
    p_prime: torch.Tensor | None  # the residual distribution at the rejection, None after full acceptance


def speculative_sampling(draft_ids: list[int], p: torch.Tensor, q: torch.Tensor,
                         generator: torch.Generator) -> SpeculativeResult:
    """Leviathan et al. Algorithm 1 for one round.

    draft_ids: the n drafts x_1..x_n, each sampled from q_i.  p: (n+1, V) target probabilities at the n draft
    positions plus the one after.  q: (n, V) the drafter's probabilities the drafts were sampled from.
    """
    n = len(draft_ids)
    r_all, accept_all = [], []
    for i, x_i in enumerate(draft_ids):
        p_i, q_i = p[i, x_i].item(), q[i, x_i].item()
        accept_prob = min(1.0, p_i / q_i) if q_i > 0 else 0.0
        r_i = torch.rand((), generator=generator).item()
        r_all.append(r_i)
        accept_all.append(accept_prob)
        if r_i >= accept_prob:       # reject x_i: resample position i from the residual
            p_prime = residual(p[i], q[i])
            return SpeculativeResult(i, sample(p_prime, generator), r_all, accept_all, p_prime)
    # all n drafts accepted: the bonus token comes from the target's next distribution
    return SpeculativeResult(n, sample(p[n], generator), r_all, accept_all, None)


def greedy_matches(draft_ids: list[int], target_ids: list[int]) -> int:
    """Length of the prefix of drafts equal to the target's argmax tokens."""
    n = 0
    for d, t in zip(draft_ids, target_ids):
        if d != t:
            break
        n += 1
    return n


def top(probs_row: torch.Tensor, k: int = 5) -> tuple[list[int], list[float]]:
    """The k most likely tokens of a (V,) distribution and their probabilities, as plain lists."""
    values, ids = torch.topk(probs_row, min(k, probs_row.shape[-1]))
    return ids.tolist(), values.tolist()
