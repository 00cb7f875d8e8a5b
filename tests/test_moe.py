"""MoE routing: the engine's record, the trace schema, the "Experts touched" view and the shipped MoE miniature."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from mtp_viz import ModelPair, generate_trace, lab_math
from mtp_viz.figures import build_all, experts, statistics
from mtp_viz.gemma4 import moe_routers
from mtp_viz.strings import t
from mtp_viz.tiny import gemma4_assistant, gemma4_target
from mtp_viz.settings import Settings
from mtp_viz.schema import parse_trace
from mtp_viz.trace import SCHEMA_VERSION, PREFILL, TARGET, ModelInfo, Round, Trace

from conftest import LANGS, PROMPT

E, K = 16, 2
ASSETS = Path(__file__).resolve().parent.parent / "assets"


def moe_target(seed=0):
    return gemma4_target(seed=seed, enable_moe_block=True, num_experts=E, top_k_experts=K, moe_intermediate_size=16)


@pytest.fixture(scope="module")
def moe_pair():
    return ModelPair(moe_target(), gemma4_assistant(), name="tiny-moe")


@pytest.fixture(scope="module")
def moe_trace(moe_pair):
    return generate_trace(moe_pair, PROMPT, max_new_tokens=20, num_assistant_tokens=4, schedule="heuristic")


@torch.no_grad()
def replay_routes(target, ids):
    """One plain pass over the whole sequence, with the routers' top-k kept by hooks: [layer][position] = set."""
    kept = []
    handles = [r.register_forward_hook(lambda m, i, o: kept.append(o[2])) for _, r in moe_routers(target)]
    try:
        target(input_ids=torch.tensor([ids]))
    finally:
        for h in handles:
            h.remove()
    return [[set(row) for row in layer.tolist()] for layer in kept]


def committed_positions(trace):
    """(sequence position, [layer] -> set) for every position whose input token was committed."""
    out = [(p, [set(layer[p]) for layer in trace.rounds[0].routed_experts]) for p in range(len(trace.prompt_ids))]
    for r in trace.rounds[1:]:
        for j in range(r.num_accepted + 1):
            out.append((r.start_len - 1 + j, [set(layer[j]) for layer in r.routed_experts]))
    return out


def test_recorded_routing_equals_a_replay_pass(moe_pair, moe_trace):
    ids = moe_trace.prompt_ids + moe_trace.new_token_ids
    replay = replay_routes(moe_pair.target, ids)
    pairs = committed_positions(moe_trace)
    assert [p for p, _ in pairs] == list(range(len(ids) - 1))     # every input position once, in order
    flips = sum(rec[layer] != replay[layer][p] for p, rec in pairs for layer in range(len(rec)))
    # the incremental passes and the one long pass differ in float rounding, which may swap a near-tie
    # between the k-th and (k+1)-th expert; on this model none swap, and we allow 1 in 100
    assert flips <= 0.01 * len(pairs) * len(pairs[0][1])


def test_every_round_routes_each_position_to_k_distinct_experts_in_range(moe_trace):
    layers = len(moe_trace.model_info.moe_layers)
    for r in moe_trace.rounds:
        positions = len(moe_trace.prompt_ids) if r.index == 0 else r.num_drafted + 1
        assert len(r.routed_experts) == layers
        for layer in r.routed_experts:
            assert len(layer) == positions
            assert all(len(set(ids)) == K and all(0 <= e < E for e in ids) for ids in layer)


def test_one_position_rounds_touch_exactly_k_experts_per_layer(moe_pair):
    trace = generate_trace(moe_pair, PROMPT, max_new_tokens=6, proposer="none")
    rounds = [r for r in trace.rounds if r.last_token_kind == TARGET]
    assert rounds and all(experts.distinct_per_layer(r.routed_experts) == [K] * 4 for r in rounds)


def test_model_info_has_the_moe_facts(moe_trace):
    info = moe_trace.model_info
    assert info.moe_layers == [0, 1, 2, 3] and info.num_experts == E and info.top_k_experts == K
    assert info.expert_bytes == 3 * 16 * 64 * 4   # gate, up, down of width 16 over hidden 64, float32


def test_dense_traces_record_no_routing(tiny_pair):
    trace = generate_trace(tiny_pair, PROMPT, max_new_tokens=6)
    assert all(r.routed_experts is None for r in trace.rounds)
    assert trace.model_info.moe_layers is None and trace.model_info.expert_bytes is None
    fig = experts.build(trace, -1)
    assert "dense" in fig.layout.annotations[0].text and not fig.data


def test_moe_trace_survives_json(moe_trace):
    again = parse_trace(moe_trace.to_json())
    assert again == moe_trace and again.schema_version == SCHEMA_VERSION


def test_version_1_traces_still_load_and_draw(tiny_pair):
    data = json.loads(generate_trace(tiny_pair, PROMPT, max_new_tokens=6).to_json())
    data["schema_version"] = 1
    for r in data["rounds"]:
        del r["routed_experts"]
    old = parse_trace(json.dumps(data))
    assert all(r.routed_experts is None for r in old.rounds)
    assert len(build_all(old, -1)) == len(build_all(old, 0))
    with pytest.raises(ValueError, match="version 99"):
        parse_trace(json.dumps({**data, "schema_version": 99}))


def test_view_draws_a_moe_trace(moe_trace):
    i = 2
    fig = experts.build(moe_trace, i, batch=[moe_trace])
    metas = {d.meta for d in fig.data}
    assert {"grid", "distinct", "expected", "k", "verify_bytes", "step_bytes", "speedup_free",
            "speedup_costed", "batch_draft_union", "batch_plain_union"} <= metas
    grid = next(d for d in fig.data if d.meta == "grid")
    positions = moe_trace.rounds[i].num_drafted + 1
    assert [sum(row) for row in grid.z] == [positions * K] * 4       # each position counted k times per layer
    assert fig.layout.title.text.startswith(t("fig.experts.title"))
    assert "one-token steps on average" in statistics.build(moe_trace, -1).layout.title.text.replace("<br>", " ")
    fig.to_json()
    note = t("fig.experts.no_rounds").split()[0] + " " + t("fig.experts.no_rounds").split()[1]
    assert not [a for a in fig.layout.annotations if note in a.text]
    prefill = experts.build(moe_trace, 0, batch=[moe_trace])      # no verification yet: the three panels say so
    assert len([a for a in prefill.layout.annotations if note in a.text]) == 3


def test_expected_distinct_is_the_independence_formula():
    assert lab_math.experts_touched(16, 2, 1) == pytest.approx(2)
    assert lab_math.experts_touched(16, 2, 5) == pytest.approx(16 * (1 - (7 / 8) ** 5))


def hand_trace(rounds):
    """A trace of one MoE layer (E=4, k=1) from (routes, num_accepted, emitted) per round after the prefill."""
    def make(index, routes, accepted, emitted):
        return Round(index=index, num_assistant_tokens=len(routes) - 1, draft_token_ids=[9] * (len(routes) - 1),
                     num_accepted=accepted, emitted_token_ids=[9] * emitted, draft_steps=[], verify_steps=[],
                     draft_ms=0.0, verify_ms=0.0, last_token_kind=PREFILL, last_token_prob=1.0, start_len=3,
                     cache_len_before=0, cache_len_verified=0, cache_len_after=0,
                     routed_experts=[[[e] for e in routes]])
    made = [make(0, [0, 0], 0, 1)] + [make(i + 1, *r) for i, r in enumerate(rounds)]
    info = ModelInfo(name="hand", proposer="mtp", vocab_size=16, target_num_layers=1, target_layer_types=[],
                     num_experts=4, top_k_experts=1, moe_layers=[0], expert_bytes=10)
    return Trace(prompt_ids=[2, 3], new_token_ids=[], rounds=made, target_forward_passes=len(made),
                 drafter_forward_passes=0, settings=Settings(), model_info=info, stats={})


def test_batch_unions_match_a_hand_count():
    a = hand_trace([([0, 1, 1], 1, 2), ([2, 2, 3], 0, 1)])
    b = hand_trace([([1, 2, 2], 2, 3), ([3, 3, 3], 0, 1)])
    one, two = experts.batch_rows([a, b], sizes=(1, 2, 4))
    # B=1: rounds {0,1} and {2,3}; plain decoding fed 0, 1, then 2
    assert one == dict(B=1, draft_union=2.0, plain_union=1.0, draft_bytes_per_token=40 / 3,
                       plain_bytes_per_token=10.0)
    # B=2: {0,1}|{1,2} = 3 and {2,3}|{3} = 2 experts for 7 tokens; plain steps {0,1}, {1,2}, {2}
    assert two == dict(B=2, draft_union=2.5, plain_union=5 / 3, draft_bytes_per_token=50 / 7,
                       plain_bytes_per_token=50 / 6)


# -- the shipped MoE miniature --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def shipped():
    from mtp_viz import load_pair
    return load_pair("miniature-moe")


@pytest.mark.slow        # loads the MoE miniature
def test_shipped_moe_pair_is_shaped_like_26b_a4b_scaled_down(shipped):
    pair = shipped
    cfg = pair.target.config
    assert type(pair.target).__name__ == "Gemma4ForCausalLM" and cfg.enable_moe_block
    assert cfg.num_experts >= 16 and cfg.top_k_experts / cfg.num_experts <= 0.25
    files = [p for p in (ASSETS / "miniature-moe").rglob("*") if p.is_file()]
    assert files and all(p.stat().st_size < 10_000_000 for p in files)


@pytest.mark.slow        # generates with the MoE miniature
def test_shipped_moe_pair_greedy_equals_the_targets_own(shipped):
    pair = shipped
    ids = pair.tokenizer("Actions speak", return_tensors="pt").input_ids
    trace = generate_trace(pair, "Actions speak", max_new_tokens=24, num_assistant_tokens=4, schedule="constant")
    plain = pair.target.generate(ids, do_sample=False, max_new_tokens=24)
    assert trace.new_token_ids == plain[0, ids.shape[1]:].tolist()
    assert trace.stats["mean_accepted_drafts"] >= 2.0


def test_shipped_moe_trace_replays():
    trace = parse_trace((ASSETS / "traces" / "actions_speak_moe.json").read_text(encoding="utf-8"))
    assert trace.model_info.name == "miniature-moe" and experts.is_moe(trace)
    batch = experts.recorded_batch()
    assert len(batch) >= 8 and len({tuple(t.prompt_ids) for t in batch}) == len(batch)
    rows = experts.batch_rows(list(batch))
    assert [r["B"] for r in rows] == [1, 2, 4, 8]
    assert rows[0]["draft_union"] > trace.model_info.top_k_experts


def test_moe_preset_and_balance_loss():
    from mtp_viz.training.presets import MOE, QUICK_MOE, target_config
    from mtp_viz.training.target import balance_loss
    for preset in (MOE, QUICK_MOE):
        cfg = target_config(preset)
        assert cfg.enable_moe_block and cfg.num_experts >= 16 and cfg.top_k_experts / cfg.num_experts <= 0.25
    probs = torch.full((8, 4), 0.25)                       # every expert equally likely ...
    ids = torch.tensor([[0], [1], [2], [3]] * 2)           # ... and equally used: the loss's minimum, 1
    assert float(balance_loss([(probs, None, ids)], 4)) == pytest.approx(1.0)
    favoured = torch.tensor([[0.7, 0.1, 0.1, 0.1]]).expand(8, 4)   # a router that prefers expert 0 ...
    skewed = torch.zeros(8, 1, dtype=torch.long)                     # ... and sends every token there
    assert float(balance_loss([(favoured, None, skewed)], 4)) == pytest.approx(4 * 0.7)


def test_one_figure_for_what_a_verification_costs(moe_trace):
    """Issue 33, item 7: what a verification costs in one-token steps is one number, experts.verify_cost, and the
    Statistics heading, the Experts view's heading and bars, and the tour's words all quote it."""
    from mtp_viz.strings import number
    from mtp_viz.ui import moe_story

    i = len(moe_trace.rounds) - 1
    v = experts.verify_cost(moe_trace, i)
    rounds = experts.verifications(moe_trace, i)
    step = experts.pass_bytes(moe_trace)[1]
    assert v == pytest.approx(sum(experts.pass_bytes(moe_trace, r)[0] / step for r in rounds) / len(rounds))
    assert v > 1.0 and experts.verify_cost(moe_trace, 0) is None
    fig = experts.build(moe_trace, i, batch=[moe_trace])
    bars = next(d for d in fig.data if d.meta == "verify_bytes")
    line = next(d for d in fig.data if d.meta == "step_bytes")
    assert sum(y / line.y[0] for y in bars.y) / len(bars.y) == pytest.approx(v)
    for lang in LANGS:
        said = number(v, lang, 2)
        assert said in statistics.build(moe_trace, i, lang).layout.title.text.replace("<br>", " ")
        assert said in fig.layout.title.text.replace("<br>", " ") if lang == "en" else True
        assert said in moe_story.miniature(moe_trace, i, lab_math.PRESETS["26b"], 4, lang)
