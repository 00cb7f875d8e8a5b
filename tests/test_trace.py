"""The trace is plain data: JSON round trip, long-form frame, statistics, and no torch in the module."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import PROMPT
from trace_fixtures import make_trace

from mtp_viz.schema import parse_trace
from mtp_viz import generate_trace


@pytest.fixture(scope="module")
def traces(tiny_pair, llama_pair):
    return [generate_trace(tiny_pair, PROMPT, max_new_tokens=30, num_assistant_tokens=4),
            generate_trace(tiny_pair, PROMPT, max_new_tokens=30, do_sample=True, temperature=0.1, seed=2),
            generate_trace(llama_pair, PROMPT, max_new_tokens=30, proposer="prompt-lookup")]


def test_json_round_trip_is_exact(traces):
    for t in traces:
        again = parse_trace(t.to_json())
        assert again == t
        assert again.to_json() == t.to_json()


def test_bad_json_is_a_clear_error():
    with pytest.raises(ValueError, match="not JSON"):
        parse_trace("{not json")
    with pytest.raises(ValueError, match="new_token_ids: Field required"):
        parse_trace(json.dumps({"prompt_ids": [1]}))
    with pytest.raises(ValueError, match="not an object"):
        parse_trace("[1, 2]")


def test_frame_has_one_row_per_event(traces):
    t = traces[0]
    df = t.to_frame()
    n_draft = sum(len(r.draft_steps) for r in t.rounds)
    n_verify = sum(len(r.verify_steps) for r in t.rounds)
    assert (df.event == "draft").sum() == n_draft
    assert (df.event == "verify").sum() == n_verify
    assert df[df.event == "emit"].token_id.tolist() == t.new_token_ids


def test_stats_agree_with_the_rounds(traces):
    for t in traces:
        s = t.stats
        drafting = [r for r in t.rounds if r.num_drafted]
        assert s["num_drafts"] == len(drafting)
        assert s["num_accepted_tokens"] == sum(r.num_accepted for r in drafting)
        assert sum(s["num_accepted_tokens_per_pos"]) == s["num_accepted_tokens"]
        assert sum(s["accepted_histogram"]) == s["num_drafts"]
        assert s["tokens_per_target_pass"] == pytest.approx(len(t.new_token_ids) / t.target_forward_passes)
        if s["num_drafts"]:
            assert s["mean_acceptance_length"] == pytest.approx(1 + s["mean_accepted_drafts"])


def test_trace_module_imports_no_torch():
    code = "import sys; import mtp_viz.trace; assert 'torch' not in sys.modules, 'torch imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_to_dict_is_what_dataclasses_asdict_gives():
    """to_dict skips asdict's deep copies for speed; the result must be the same nested data."""
    import dataclasses

    trace = make_trace()
    assert trace.to_dict() == dataclasses.asdict(trace)
    assert parse_trace(trace.to_json()) == trace


def test_to_json_holds_what_json_dumps_of_to_dict_holds(traces):
    """to_json is orjson's for speed: the same data as the standard library's encoder, ids as string keys, and no
    escapes (the text is UTF-8)."""
    import json

    for trace in traces + [make_trace(sampled=True)]:
        data = trace.to_dict()
        data["token_text"] = {str(k): v for k, v in data["token_text"].items()}
        assert json.loads(trace.to_json()) == json.loads(json.dumps(data))
    import dataclasses

    assert '"prompt_text":"Grüße, 繁體"' in dataclasses.replace(make_trace(), prompt_text="Grüße, 繁體").to_json()


# -- a character split across tokens (issue 36 item 5) -----------------------------------------------------------
@pytest.mark.parametrize("text", ["Grüße aus München", "一隻熊在森林裡", "a<b> ü <0x41>"])
def test_a_character_split_across_tokens_reads_as_itself(text):
    """The miniature's byte-level tokenizer splits ü into two tokens and 熊 into three: the trace records each piece's
    bytes ("<0xC3>"), and readable() / text() join them again; no replacement character anywhere."""
    from dataclasses import replace
    from transformers import AutoTokenizer

    from mtp_viz.api import readable_piece
    from mtp_viz.model_table import FOLDERS, MINIATURE
    tok = AutoTokenizer.from_pretrained(FOLDERS[MINIATURE] / "tokenizer")
    ids = tok.encode(text, add_special_tokens=False)
    pieces = {i: readable_piece(tok, i) for i in ids}
    assert not any("\ufffd" in p for p in pieces.values())
    trace = replace(make_trace(), token_text=pieces)
    shown = trace.readable(ids)
    assert trace.text(ids) == text and "\ufffd" not in "".join(shown)
    assert shown[0] == text[0] and len(shown) == len(ids)
    if not text.isascii():
        assert any(p.startswith("<0x") for p in pieces.values())     # the split really happened


def test_a_byte_that_makes_no_character_stays_explicit():
    from dataclasses import replace
    trace = replace(make_trace(), token_text={1: "<0xC3>", 2: " x", 3: "<0xE7>", 4: "<0x86>"})
    assert trace.readable([1, 2]) == ["<0xC3>", " x"]
    assert trace.readable([3, 4]) == ["<0xE7>", "<0x86>"]      # two of 熊's three bytes: no character yet
    assert trace.text([3, 4, 1]) == "<0xE7><0x86><0xC3>"
