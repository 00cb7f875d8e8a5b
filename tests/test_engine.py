"""Engine equivalences with transformers and invariants of the recorded rounds, on tiny in-memory models."""
from __future__ import annotations

import functools
import subprocess
import sys

import pytest
import torch
from conftest import PROMPT, gemma4_assistant, gemma4_target
from transformers.generation.candidate_generator import SinglePositionMultiTokenCandidateGenerator

from mtp_viz import ModelPair, generate_trace, iter_rounds
from mtp_viz.proposers import lookup
from mtp_viz.trace import ACCEPTED, BONUS, CORRECTION, CUT, MOE_CAVEAT, PREFILL, REJECTED, TARGET, UNCHECKED, UNUSED

NEW = 24    # new tokens a check generates: 8 + 24 positions cross the tiny targets' sliding windows (8, 4) many times


def target_greedy(model, prompt=PROMPT, n=NEW) -> list[int]:
    out = model.generate(torch.tensor([prompt]), do_sample=False, max_new_tokens=n)
    return out[0, len(prompt):].tolist()


@functools.cache
def fixture_greedy(model) -> list[int]:
    """target_greedy of a session fixture's target, which no test changes: worked out once per target."""
    return target_greedy(model)


def hf_assisted(pair, n_tokens, prompt=PROMPT, n=NEW):
    """transformers' own MTP assisted generate, with a spy recording the drafts of every round."""
    pair.assistant.generation_config.num_assistant_tokens = n_tokens
    drafts, original = [], SinglePositionMultiTokenCandidateGenerator.get_candidates

    def spy(self, input_ids, **kwargs):
        candidates, logits = original(self, input_ids, **kwargs)
        if logits is not None:
            drafts.append(candidates[0, input_ids.shape[1]:].tolist())
        return candidates, logits

    SinglePositionMultiTokenCandidateGenerator.get_candidates = spy
    try:
        out = pair.target.generate(torch.tensor([prompt]), assistant_model=pair.assistant, do_sample=False,
                                   max_new_tokens=n)
    finally:
        SinglePositionMultiTokenCandidateGenerator.get_candidates = original
    return out[0, len(prompt):].tolist(), drafts


@pytest.mark.parametrize("fixture", ["tiny_pair", "tiny_pair_plain"])
@pytest.mark.parametrize("n_tokens", [1, 3, 4, 8])
def test_mtp_drafts_equal_transformers(request, fixture, n_tokens):
    pair = request.getfixturevalue(fixture)
    hf_out, hf_drafts = hf_assisted(pair, n_tokens)
    trace = generate_trace(pair, PROMPT, max_new_tokens=NEW, num_assistant_tokens=n_tokens, schedule="constant")
    ours = [r.draft_token_ids for r in trace.rounds if r.draft_token_ids]
    assert ours == hf_drafts
    assert trace.new_token_ids == hf_out == fixture_greedy(pair.target)


def test_drafts_equal_transformers_on_miniature(miniature):
    """The trained pair accepts long runs, so this covers the full-acceptance and bonus paths too."""
    prompt = miniature.tokenizer("Actions speak")["input_ids"]
    hf_out, hf_drafts = hf_assisted(miniature, 4, prompt=prompt, n=48)
    trace = generate_trace(miniature, prompt, max_new_tokens=48, num_assistant_tokens=4, schedule="constant")
    assert [r.draft_token_ids for r in trace.rounds if r.draft_token_ids] == hf_drafts
    assert trace.new_token_ids == hf_out == target_greedy(miniature.target, prompt, 48)
    assert any(r.last_token_kind == BONUS for r in trace.rounds)
    assert trace.stats["num_accepted_tokens"] > 0


@pytest.mark.parametrize("schedule, n_tokens", [("constant", n) for n in (2, 5, 6, 7)] +   # 1, 3, 4, 8: above
                         [("heuristic", n) for n in range(1, 9)])
def test_mtp_greedy_is_lossless(tiny_pair, n_tokens, schedule):
    trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=NEW, num_assistant_tokens=n_tokens, schedule=schedule)
    assert trace.new_token_ids == fixture_greedy(tiny_pair.target)


@pytest.mark.parametrize("variant", [
    dict(enable_moe_block=True, num_experts=4, top_k_experts=2, moe_intermediate_size=32),
    dict(hidden_size_per_layer_input=8),
    dict(attention_k_eq_v=True, num_global_key_value_heads=1),
    dict(sliding_window=4),
    dict(num_hidden_layers=6, num_kv_shared_layers=2, hidden_size_per_layer_input=8,  # E2B-like
         layer_types=["sliding_attention", "full_attention"] * 3),
], ids=["moe", "per-layer-input", "k_eq_v", "window-4", "kv-shared-target"])
def test_target_variants_lossless(variant):
    pair = ModelPair(gemma4_target(**variant), gemma4_assistant(sliding_window=variant.get("sliding_window", 8)))
    hf_out, hf_drafts = hf_assisted(pair, 4)
    trace = generate_trace(pair, PROMPT, max_new_tokens=NEW, num_assistant_tokens=4, schedule="constant")
    assert trace.new_token_ids == target_greedy(pair.target) == hf_out
    assert [r.draft_token_ids for r in trace.rounds if r.draft_token_ids] == hf_drafts
    if "num_kv_shared_layers" in variant:      # like E2B: the drafter reads the last layers that own a cache
        assert trace.model_info.kv_source_layers == {"sliding_attention": 2, "full_attention": 3}
    if "enable_moe_block" in variant:
        assert trace.model_info.is_moe and trace.model_info.moe_caveat == MOE_CAVEAT    # a code, not prose


def test_multimodal_target_class():
    """Real E2B/E4B checkpoints load as Gemma4ForConditionalGeneration; its text path drafts the same way."""
    from transformers import Gemma4Config, Gemma4ForConditionalGeneration

    text = gemma4_target().config.to_dict()
    torch.manual_seed(0)
    target = Gemma4ForConditionalGeneration(Gemma4Config(text_config=text, vision_config=None,
                                                         audio_config=None)).eval()
    pair = ModelPair(target, gemma4_assistant())
    hf_out, hf_drafts = hf_assisted(pair, 4)
    trace = generate_trace(pair, PROMPT, max_new_tokens=NEW, num_assistant_tokens=4, schedule="constant")
    assert trace.new_token_ids == hf_out == target_greedy(target)
    assert [r.draft_token_ids for r in trace.rounds if r.draft_token_ids] == hf_drafts


@pytest.mark.parametrize("proposer", ["draft-model", "prompt-lookup", "none"])
@pytest.mark.parametrize("schedule", ["constant", "heuristic"])
def test_other_proposers_lossless(llama_pair, proposer, schedule):
    for n_tokens in range(1, 9):
        trace = generate_trace(llama_pair, PROMPT, max_new_tokens=NEW, proposer=proposer,
                               num_assistant_tokens=n_tokens, schedule=schedule)
        assert trace.new_token_ids == fixture_greedy(llama_pair.target)
        if proposer == "none":
            assert trace.target_forward_passes == NEW and trace.stats["num_drafts"] == 0


def test_draft_model_matches_transformers_assisted(llama_pair):
    out = llama_pair.target.generate(torch.tensor([PROMPT]), assistant_model=llama_pair.assistant,
                                     do_sample=False, max_new_tokens=NEW)
    trace = generate_trace(llama_pair, PROMPT, max_new_tokens=NEW, proposer="draft-model")
    assert trace.new_token_ids == out[0, len(PROMPT):].tolist()
    assert trace.drafter_forward_passes == sum(r.drafter_passes for r in trace.rounds) > 0


def test_prompt_lookup_finds_repeats():
    assert lookup([1, 2, 3, 4, 9, 2, 3], 3, 2) == [4, 9, 2]
    assert lookup([1, 2, 3, 4, 9, 7, 3], 2, 2) == [4, 9]      # falls back to a 1-gram
    assert lookup([5, 6, 7], 4, 2) == []


def test_rounds_add_up(tiny_pair):
    trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=NEW, num_assistant_tokens=4)
    assert trace.rounds[0].last_token_kind == PREFILL and not trace.rounds[0].draft_token_ids
    total = []
    for r in trace.rounds:
        total += r.emitted_token_ids
        assert r.emitted_token_ids[: r.num_accepted] == r.draft_token_ids[: r.num_accepted]
        if r.stopped is None:
            assert len(r.emitted_token_ids) == r.num_accepted + 1
        verdicts = [v.verdict for v in r.verify_steps]
        assert verdicts.count(ACCEPTED) == r.num_accepted and verdicts[: r.num_accepted] == [ACCEPTED] * r.num_accepted
        if r.stopped is None:
            assert verdicts == [ACCEPTED] * r.num_accepted + ([REJECTED] if r.num_accepted < r.num_drafted else []) \
                + [UNCHECKED] * max(0, r.num_drafted - r.num_accepted - 1)
        if r.index > 0:
            assert r.last_token_kind in (BONUS, CORRECTION, TARGET, CUT)
            assert (r.last_token_kind == BONUS) == (r.num_accepted == r.num_drafted > 0) or r.stopped
            # one verification pass writes every draft, the crop keeps only the committed ones
            assert r.cache_len_verified == r.cache_len_before + r.num_drafted + 1
            assert r.cache_len_after == r.cache_len_before + len(r.emitted_token_ids)
            # MTP: one drafter position id for the whole round, the position of the last committed token
            if r.draft_steps:
                assert {d.position_id for d in r.draft_steps} == {r.start_len - 1}
            # greedy: a rejection's correction is the target's own top token
            if r.last_token_kind == CORRECTION:
                assert r.emitted_token_ids[-1] == r.verify_steps[r.num_accepted].target_token_id
    assert total == trace.new_token_ids and len(total) == NEW
    assert trace.target_forward_passes == len(trace.rounds)
    assert trace.drafter_forward_passes == sum(len(r.draft_steps) for r in trace.rounds)


def test_cluster_invariant(tiny_pair):
    trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=NEW, num_assistant_tokens=4)
    me = tiny_pair.assistant.masked_embedding
    clusters = me.token_ordering.view(me.num_centroids, -1)
    steps = [d for r in trace.rounds for d in r.draft_steps]
    assert steps
    for d in steps:
        assert len(d.selected_clusters) == me.centroid_intermediate_top_k
        allowed = set(clusters[d.selected_clusters].reshape(-1).tolist())
        assert d.token_id in allowed
        assert d.cluster_miss == (d.target_token_id not in allowed)
        top = sorted(zip(d.centroid_scores, d.centroid_ids), reverse=True)[: len(d.selected_clusters)]
        assert {c for _, c in top} == set(d.selected_clusters)
    assert trace.model_info.scored_fraction == pytest.approx(4 * 16 / 256)


def test_a_rounds_records_over_all_its_rows_equal_each_rows_own():
    """The engine records a round's top-k, target tokens and probabilities with one topk, argmax and gather over all
    its rows (MTPProposer._steps, _draft_records, _verify_records): the same ids and bits, ties included, as each
    row's own."""
    g = torch.Generator().manual_seed(0)
    floor = torch.full((7, 4096), -3.0).scatter_(1, torch.randint(0, 4096, (7, 256), generator=g),
                                                  torch.randn(7, 256, generator=g).round())   # an ordered drafter's
    for rows in (torch.randn(11, 4096, generator=g).softmax(-1), floor.softmax(-1), torch.randn(9, 128, generator=g),
                 torch.randint(0, 3, (9, 256), generator=g).float(), torch.zeros(3, 64)):
        for k in (5, 8):
            values, ids = torch.topk(rows, k)
            for i, row in enumerate(rows):
                own_values, own_ids = torch.topk(row, k)
                assert torch.equal(values[i], own_values) and torch.equal(ids[i], own_ids)
        assert rows.argmax(dim=-1).tolist() == [int(row.argmax()) for row in rows]
        tokens = torch.randint(0, rows.shape[1], (rows.shape[0],), generator=g)
        assert rows.gather(1, tokens.unsqueeze(1))[:, 0].tolist() == [float(r[t]) for r, t in zip(rows, tokens)]


def test_heuristic_schedule_moves(tiny_pair, miniature):
    prompt = miniature.tokenizer("Actions speak")["input_ids"]
    for pair, p in ((tiny_pair, PROMPT), (miniature, prompt)):
        trace = generate_trace(pair, p, max_new_tokens=48, num_assistant_tokens=3, schedule="heuristic")
        drafting = [r for r in trace.rounds if r.num_drafted]
        for prev, nxt in zip(drafting, drafting[1:]):
            expected = prev.num_assistant_tokens + 2 if prev.num_accepted == prev.num_drafted else \
                max(1, prev.num_assistant_tokens - 1)
            assert nxt.num_assistant_tokens == min(expected, 32)
    constant = generate_trace(miniature, prompt, max_new_tokens=48, num_assistant_tokens=3, schedule="constant")
    assert {r.num_assistant_tokens for r in constant.rounds[1:]} == {3}


def test_confidence_threshold_ends_rounds_early(tiny_pair):
    trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=NEW, num_assistant_tokens=6, confidence_threshold=0.99)
    # random drafters are never 99% sure: every round stops after its first draft
    assert all(r.num_drafted == 1 for r in trace.rounds[1:] if r.stopped is None)
    assert trace.new_token_ids == fixture_greedy(tiny_pair.target)
    assert {r.draft_stop for r in trace.rounds[1:] if r.stopped is None and r.num_assistant_tokens > 1} == \
        {"threshold"}


def test_each_round_records_why_it_drafted_fewer_than_n(tiny_pair):
    """Round.draft_stop: None when N were drafted; the token limit, the threshold or the lookup otherwise."""
    trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=9, num_assistant_tokens=4, schedule="constant")
    for r in trace.rounds[1:]:
        budget = len(PROMPT) + 9 - r.start_len - 1
        assert r.draft_stop == (None if r.num_drafted == 4 else "length"), r
        assert r.num_drafted == min(4, budget)
    assert trace.rounds[0].draft_stop is None
    looked = generate_trace(tiny_pair, [2, 5, 6, 7, 5, 6, 9], proposer="prompt-lookup", max_new_tokens=12,
                            num_assistant_tokens=4, schedule="constant")
    for r in looked.rounds[1:]:
        if r.num_drafted < 4 and r.draft_stop != "length":
            assert r.draft_stop in ("lookup", "eos"), r
    assert any(r.draft_stop == "lookup" for r in looked.rounds[1:])


def test_stops_at_eos_like_generate():
    target = gemma4_target()
    greedy = target_greedy(target)
    eos = greedy[10]
    target.generation_config.eos_token_id = eos
    pair = ModelPair(target, gemma4_assistant())
    expected = target_greedy(target)
    trace = generate_trace(pair, PROMPT, max_new_tokens=NEW)
    assert trace.new_token_ids == expected and trace.new_token_ids[-1] == eos
    assert trace.rounds[-1].stopped == "eos"


def test_max_new_tokens_cuts_a_round(tiny_pair):
    for n in (1, 2, 5, 13):
        trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=n, num_assistant_tokens=8)
        assert len(trace.new_token_ids) == n and trace.rounds[-1].stopped == "length"


def test_drafts_after_eos_are_unused_not_accepted(miniature):
    """N = 16 on 'Sam has 5 pens': in the last round the target agrees with drafts past <eos>; they are never
    emitted, so they are 'unused', not 'accepted'."""
    prompt = miniature.tokenizer("Sam has 5 pens")["input_ids"]
    trace = generate_trace(miniature, prompt, max_new_tokens=96, num_assistant_tokens=16, schedule="constant")
    last = trace.rounds[-1]
    verdicts = [v.verdict for v in last.verify_steps]
    assert last.stopped == "eos" and last.last_token_kind == CUT
    unused = verdicts.count(UNUSED)
    assert unused > 0 and verdicts[: last.num_accepted + unused] == [ACCEPTED] * last.num_accepted + [UNUSED] * unused
    assert set(verdicts[last.num_accepted + unused:]) <= {REJECTED, UNCHECKED}   # where the target disagreed, if it did
    assert last.emitted_token_ids[-1] == trace.new_token_ids[-1] and len(last.emitted_token_ids) == last.num_accepted
    for r in trace.rounds:
        assert [v.verdict for v in r.verify_steps].count(ACCEPTED) == r.num_accepted


def test_iter_rounds_yields_the_same_rounds(tiny_pair):
    rounds = list(iter_rounds(tiny_pair, PROMPT, max_new_tokens=20))
    trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=20)
    strip = lambda r: (r.draft_token_ids, r.emitted_token_ids, r.num_accepted)  # noqa: E731
    assert [strip(r) for r in rounds] == [strip(r) for r in trace.rounds]


def test_model_info_reads_the_configs(tiny_pair):
    info = generate_trace(tiny_pair, PROMPT, max_new_tokens=2).model_info
    assert info.kv_source_layers == {"sliding_attention": 2, "full_attention": 3}
    assert info.pre_projection == [128, 32] and info.post_projection == [32, 64]
    assert info.num_centroids == 16 and info.centroid_top_k == 4 and info.vocab_size == 256
    assert info.target_layer_types == ["sliding_attention", "full_attention"] * 2


@pytest.mark.slow
def test_engine_never_draws():
    code = ("import sys, mtp_viz.engine, mtp_viz.api; "
            "bad = [m for m in ('gradio', 'plotly', 'matplotlib') if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_chat_template_prompt(miniature):
    trace = generate_trace(miniature, "Tell me a proverb.", chat=True, max_new_tokens=8)
    plain = miniature.tokenizer("Tell me a proverb.")["input_ids"]
    assert trace.prompt_ids != plain and len(trace.prompt_ids) > len(plain)


def test_e2b_kv_sources_from_its_config():
    """E2B: 35 layers, the last 20 share KV, 4 sliding : 1 full -> the drafter reads layers 13 and 14."""
    from transformers import Gemma4TextConfig

    from mtp_viz.gemma4 import kv_source_layers
    types = ["full_attention" if (i + 1) % 5 == 0 else "sliding_attention" for i in range(35)]
    cfg = Gemma4TextConfig(num_hidden_layers=35, num_kv_shared_layers=20, layer_types=types)
    assert kv_source_layers(cfg) == {"sliding_attention": 13, "full_attention": 14}
