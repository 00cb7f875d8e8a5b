"""Speculative sampling keeps the target's distribution: pure-function checks and a chi-square test on a tiny vocab."""
from __future__ import annotations

import itertools

import pytest
import torch
from conftest import gemma4_assistant, gemma4_target

from mtp_viz import ModelPair, generate_trace
from mtp_viz import sampling

V = 16
PROMPT = [2, 5, 6, 7]
# chi-square critical values at p = 0.001 (df -> value), from standard tables
CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12, 9: 27.88, 10: 29.59, 11: 31.26, 12: 32.91, 13: 34.53,
            14: 36.12, 15: 37.70}


def test_residual_is_a_distribution():
    g = torch.Generator().manual_seed(0)
    for _ in range(20):
        p = torch.rand(V, generator=g).softmax(-1)
        q = (3 * torch.rand(V, generator=g)).softmax(-1)
        r = sampling.residual(p, q)
        assert r.sum().item() == pytest.approx(1.0, abs=1e-6)
        assert (r >= 0).all() and (r[q >= p] == 0).all()


def test_identical_distributions_accept_everything():
    g = torch.Generator().manual_seed(0)
    p = torch.rand(4, V, generator=g).softmax(-1)
    res = sampling.speculative_sampling([1, 2, 3], p, p[:3], g)
    assert res.n_matches == 3 and res.accept_prob == [1.0, 1.0, 1.0] and res.p_prime is None


def test_impossible_draft_is_rejected():
    p = torch.zeros(2, V)
    p[:, 0] = 1.0
    q = torch.full((1, V), 1.0 / V)
    res = sampling.speculative_sampling([5], p, q, torch.Generator().manual_seed(0))
    assert res.n_matches == 0 and res.next_token == 0 and res.accept_prob == [0.0]


def test_warpers_are_transformers_processors():
    w = sampling.build_warpers(True, 0.5, 3, 0.9)
    assert [type(x).__name__ for x in w] == ["TemperatureLogitsWarper", "TopKLogitsWarper", "TopPLogitsWarper"]
    probs = sampling.probs(torch.randn(1, V), w, torch.zeros(1, 1, dtype=torch.long))
    assert (probs > 0).sum().item() <= 3 and probs.sum().item() == pytest.approx(1.0)
    assert len(sampling.build_warpers(False, 0.5, 3, 0.9)) == 0


@pytest.fixture(scope="module")
def small_vocab_pair():
    # no eos: every run yields its three positions, so the marginals need no stopping correction
    return ModelPair(gemma4_target(vocab=V, eos_token_id=None), gemma4_assistant(vocab=V, num_centroids=4, top_k=2, seed=3))


def exact_marginals(target, warpers, positions=3) -> list[torch.Tensor]:
    """P(x_t) for the first `positions` generated tokens, summing over every path (V^(t-1) prefixes)."""
    marginals, path_probs, prefixes = [], torch.ones(1), [[]]
    with torch.no_grad():
        for _ in range(positions):
            ids = torch.tensor([PROMPT + pre for pre in prefixes])
            logits = target(input_ids=ids).logits[:, -1].float()
            p = sampling.probs(logits, warpers, ids)                             # (paths, V)
            joint = path_probs[:, None] * p                                       # (paths, V)
            marginals.append(joint.sum(0))
            path_probs = joint.reshape(-1)
            prefixes = [pre + [x] for pre, x in itertools.product(prefixes, range(V))]
    return marginals


def chi_square(counts: torch.Tensor, expected_p: torch.Tensor) -> tuple[float, int]:
    """Pearson's statistic, pooling cells with expected count < 5 into one; returns (statistic, df)."""
    n = counts.sum()
    expected = expected_p * n
    big = expected >= 5
    obs = torch.cat([counts[big], counts[~big].sum()[None]]) if (~big).any() else counts[big]
    exp = torch.cat([expected[big], expected[~big].sum()[None]]) if (~big).any() else expected[big]
    keep = exp > 0
    return float(((obs[keep] - exp[keep]) ** 2 / exp[keep]).sum()), int(keep.sum()) - 1


@pytest.mark.slow
@pytest.mark.parametrize("warp", [dict(temperature=0.05), dict(temperature=0.07, top_k=6, top_p=0.9)],
                         ids=["temperature", "top-k-top-p"])
def test_sampling_keeps_target_marginals(small_vocab_pair, warp):
    runs = 1200
    warpers = sampling.build_warpers(True, warp["temperature"], warp.get("top_k"), warp.get("top_p"))
    exact = exact_marginals(small_vocab_pair.target, warpers)
    counts = torch.zeros(3, V)
    rejections = accepts = 0
    for seed in range(runs):
        t = generate_trace(small_vocab_pair, PROMPT, max_new_tokens=5, num_assistant_tokens=4,
                           schedule="constant", do_sample=True, seed=seed, **warp)
        for pos in range(3):
            counts[pos, t.new_token_ids[pos]] += 1
        rejections += sum(r.last_token_kind == "correction" for r in t.rounds)
        accepts += t.stats["num_accepted_tokens"]
    assert rejections > 100 and accepts > 100           # both paths of Algorithm 1 were exercised
    for pos in range(3):
        stat, df = chi_square(counts[pos], exact[pos])
        print(f"{warp} position {pos + 1}: chi-square {stat:.1f}, df {df}, bound {CHI2_999[min(df, 15)]}")
        assert stat < CHI2_999[min(df, 15)], f"position {pos + 1}: chi-square {stat:.1f} (df {df})"
    # power check: the same counts are far from the drafter-independent uniform distribution
    stat, df = chi_square(counts[2], torch.full((V,), 1.0 / V))
    assert stat > CHI2_999[min(df, 15)]


def test_same_seed_same_trace(small_vocab_pair):
    kw = dict(max_new_tokens=24, do_sample=True, temperature=0.1, num_assistant_tokens=3)
    a = generate_trace(small_vocab_pair, PROMPT, seed=7, **kw)
    b = generate_trace(small_vocab_pair, PROMPT, seed=7, **kw)
    c = generate_trace(small_vocab_pair, PROMPT, seed=8, **kw)
    strip = lambda t: [(r.draft_token_ids, r.emitted_token_ids, [v.u for v in r.verify_steps]) for r in t.rounds]  # noqa
    assert strip(a) == strip(b)
    assert strip(a) != strip(c)


def test_sampled_rounds_record_the_maths(small_vocab_pair):
    t = generate_trace(small_vocab_pair, PROMPT, max_new_tokens=32, do_sample=True, temperature=0.1, seed=1)
    seen_rejection = False
    for r in t.rounds[1:]:
        for v in r.verify_steps:
            if v.verdict == "unchecked":
                assert v.u is None
                continue
            assert v.accept_prob == pytest.approx(min(1.0, v.p / v.q))
            assert (v.u < v.accept_prob) == (v.verdict == "accepted")
            if v.verdict == "rejected" and r.stopped is None:
                seen_rejection = True
                assert v.residual_token_id == r.emitted_token_ids[-1]
                assert sum(v.residual_top_probs) <= 1.0 + 1e-6
    assert seen_rejection
