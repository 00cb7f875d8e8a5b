"""Tests for mtp_viz.training: the quick build end to end, and training's drafter forward against the real one."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from transformers import AutoTokenizer, Gemma4AssistantForCausalLM, Gemma4ForCausalLM

from mtp_viz.training.assistant import balanced_clusters, target_rows
from mtp_viz.training.card import LICENCE, architecture_facts, title
from mtp_viz.training.corpus import HELDOUT_PROMPTS, documents
from mtp_viz.training.drafting import draft_rounds, target_features
from mtp_viz.training.measure import speculative_greedy
from mtp_viz.training.presets import FULL, QUICK, assistant_config, target_config

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def random_pair():
    torch.manual_seed(0)
    target = Gemma4ForCausalLM(target_config(QUICK)).eval()
    assistant = Gemma4AssistantForCausalLM(assistant_config(QUICK)).eval()
    assistant.masked_embedding.token_ordering.copy_(torch.randperm(QUICK.vocab_size))
    return target, assistant


@pytest.fixture(scope="module")
def quick_build(tmp_path_factory):
    out = tmp_path_factory.mktemp("miniature")
    cmd = [sys.executable, "-m", "mtp_viz.training", "--quick", "--out", str(out), "--work", str(out / "work")]
    subprocess.run(cmd, cwd=REPO, check=True, capture_output=True, timeout=120)
    return out


def generate_kv_view(shared_kv, b, t, junk, seq_len, window, num_drafts):
    """The KV transformers hands the assistant for round start t after a round that left `junk` rejected drafts,
    picked from target_features' [committed, wrong] layout: written out entry by entry, apart from round_masks."""
    first_cached = max(0, t + junk - num_drafts - window + 1)
    junk_sliding = min(junk, 1) if first_cached == 0 else min(junk, first_cached + 1)
    pick = {"full_attention": list(range(t + 1)) + ([seq_len + t + 1] if junk else []),
            "sliding_attention": list(range(max(0, t + junk_sliding - window), t + 1))
            + [seq_len + s for s in range(t + 1, t + junk_sliding + 1)]}
    return {k: (v[0][b:b + 1, :, pick[k]], v[1][b:b + 1, :, pick[k]]) for k, v in shared_kv.items()}


@torch.no_grad()
def test_target_features_add_the_kv_of_wrong_tokens_without_changing_the_rest(random_pair):
    target, _ = random_pair
    ids, wrong = torch.randint(3, QUICK.vocab_size, (2, 2, 20))
    hidden, kv, logits = target_features(target, ids)
    hidden2, kv2, logits2 = target_features(target, ids, wrong)
    torch.testing.assert_close(hidden2, hidden, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(logits2, logits, atol=1e-5, rtol=1e-5)
    s = 13  # the wrong token at s, after the committed tokens < s, as a verify pass would cache it
    direct = target(input_ids=torch.cat([ids[:, :s], wrong[:, s:s + 1]], 1), return_shared_kv_states=True).shared_kv_states
    for name, (k, v) in direct.items():
        torch.testing.assert_close(kv2[name][0][:, :, 20 + s], k[:, :, s], atol=1e-5, rtol=1e-5)
        torch.testing.assert_close(kv2[name][1][:, :, 20 + s], v[:, :, s], atol=1e-5, rtol=1e-5)


@torch.no_grad()
def test_batched_training_forward_equals_real_assistant_calls(random_pair):
    """Training unrolls many rounds at once; each must equal generate()'s one-position assistant calls."""
    target, assistant = random_pair
    embed, window, steps, seq_len = target.get_input_embeddings(), target.config.sliding_window, 3, 30
    ids, wrong = torch.randint(3, QUICK.vocab_size, (2, 2, seq_len))
    hidden, shared_kv, _ = target_features(target, ids, wrong)
    starts = torch.arange(2, 26)  # long enough to pass the sliding window
    junk = torch.randint(0, steps + 1, (2, len(starts)))
    batched = draft_rounds(assistant, embed, ids, hidden, shared_kv, starts, steps, junk)
    for b in range(2):
        for q, t in enumerate(starts.tolist()):
            kv = generate_kv_view(shared_kv, b, t, int(junk[b, q]), seq_len, window, steps)
            token, state = ids[b:b + 1, t + 1: t + 2], hidden[b:b + 1, t: t + 1]
            for logits, _, drafts in batched:
                out = assistant(inputs_embeds=torch.cat([embed(token), state], -1), position_ids=torch.tensor([[t + 1]]),
                                shared_kv_states=kv, attention_mask=torch.ones(1, t + 2, dtype=torch.long))
                scored = out.logits[0, 0] > out.logits[0, 0].min()
                torch.testing.assert_close(out.logits[0, 0][scored], logits[b, q][scored], atol=1e-4, rtol=1e-4)
                assert out.logits.argmax(-1).item() == drafts[b, q].item()
                token, state = out.logits.argmax(-1), out.last_hidden_state


@torch.no_grad()
def test_the_distribution_distilled_at_each_draft_step_is_the_one_its_label_was_chosen_from(random_pair):
    """On a greedy rollout each step's label is the argmax of the target distribution the drafter is pulled toward,
    so the KL term and the cross-entropy teach the same token (a position off by one would not)."""
    target, _ = random_pair
    ids = target.generate(torch.randint(3, QUICK.vocab_size, (2, 6)), do_sample=False, max_new_tokens=24,
                          eos_token_id=None, min_new_tokens=24)
    _, _, logits = target_features(target, ids)
    starts = torch.arange(5, ids.shape[1] - 5)
    for k in range(3):
        assert torch.equal(target_rows(logits, starts, k).argmax(-1), ids[:, starts + 2 + k])
    assert not torch.equal(target_rows(logits, starts, 1).argmax(-1), ids[:, starts + 1 + 1])


@torch.no_grad()
def test_speculative_loop_gives_the_target_greedy_output(random_pair):
    target, assistant = random_pair
    ids = torch.randint(3, QUICK.vocab_size, (1, 12))
    run = speculative_greedy(target, assistant, ids, max_new_tokens=20, eos_id=-1)
    plain = target.generate(ids, do_sample=False, max_new_tokens=20, eos_token_id=None)
    assert run.new_ids == plain[0, 12:].tolist()
    assert len(run.new_ids) == sum(a + 1 for a in run.accepted) + 1 + (run.target_passes - 1 - len(run.accepted))


@torch.no_grad()
def test_speculative_loop_stops_at_eos_even_inside_accepted_drafts(random_pair):
    target, assistant = random_pair
    ids = torch.randint(3, QUICK.vocab_size, (1, 12))
    plain = target.generate(ids, do_sample=False, max_new_tokens=20, eos_token_id=None)[0, 12:].tolist()
    eos = plain[5]  # pretend the sixth new token is <eos>
    run = speculative_greedy(target, assistant, ids, max_new_tokens=20, eos_id=eos)
    assert run.new_ids == plain[: plain.index(eos) + 1]


def test_card_reads_the_full_size_configs():
    target = Gemma4ForCausalLM(target_config(FULL))
    facts = architecture_facts(target, Gemma4AssistantForCausalLM(assistant_config(FULL)))
    assert (facts["head_dim"], facts["global_head_dim"], facts["layer_types"].split(", ")[-1]) == (48, 64, "full")
    assert 8_000_000 <= facts["target_params"] <= 12_000_000          # 35 narrow layers: the files stay small
    assert facts["kv_sources"] == {"sliding_attention": 13, "full_attention": 14}


def test_shipped_cards_carry_the_title_and_licence_the_card_writes():
    """Only the mixture-of-experts pair says so in its title; every card gives the weights' licence (Apache-2.0)."""
    for card in sorted(REPO.glob("assets/*/MODEL_CARD.md")):
        text = card.read_text()
        moe = json.loads((card.parent / "target" / "config.json").read_text()).get("enable_moe_block", False)
        assert text.splitlines()[0] == title({"num_experts": 32} if moe else {}), card
        assert text.endswith(LICENCE) and "Apache License 2.0" in LICENCE, card


def test_balanced_clusters_are_equal_sized_and_cover_the_vocabulary():
    vectors = torch.randn(64, 8)
    ordering = balanced_clusters(vectors, 8, torch.Generator().manual_seed(0), iters=3)
    assert sorted(ordering.tolist()) == list(range(64))


def test_held_out_prompts_are_not_in_the_full_corpus():
    text = "\n".join(documents(FULL.corpus_chars))
    assert not [p for p in HELDOUT_PROMPTS if p in text]


@pytest.mark.slow
def test_quick_build_writes_a_loadable_pair(quick_build):
    target = Gemma4ForCausalLM.from_pretrained(quick_build / "target", dtype=torch.float32)
    assistant = Gemma4AssistantForCausalLM.from_pretrained(quick_build / "assistant", dtype=torch.float32)
    tokenizer = AutoTokenizer.from_pretrained(quick_build / "tokenizer")
    assert assistant.config.backbone_hidden_size == target.config.hidden_size
    assert assistant.config.use_ordered_embeddings
    assert sorted(assistant.masked_embedding.token_ordering.tolist()) == list(range(target.config.vocab_size))
    assert assistant.generation_config.num_assistant_tokens == 4
    assert target.config.layer_types[-1] == "full_attention"
    ids = tokenizer("Actions speak", return_tensors="pt").input_ids
    assert ids[0, 0].item() == tokenizer.bos_token_id
    plain = target.generate(ids, do_sample=False, max_new_tokens=10)
    assisted = target.generate(ids, assistant_model=assistant, do_sample=False, max_new_tokens=10)
    assert torch.equal(plain, assisted)
    assert all(p.stat().st_size < 10_000_000 for p in quick_build.rglob("*") if p.is_file())
    assert "accepted drafts per round" in (quick_build / "MODEL_CARD.md").read_text()
    assert json.loads((quick_build / "assistant" / "config.json").read_text())["num_centroids"] == QUICK.num_centroids
