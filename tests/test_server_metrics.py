"""Tests for mtp_viz.server_metrics, figures/server.py and ui/server_panel.py: a real server's /metrics pages in,
the right figures or one clear message out; a URL is never fetched in public mode.

The exposition texts are written here in each engine's format: vLLM's counters as prometheus_client writes them
(`_total` samples, `_created` gauges, model_name and engine labels, one per-position series per draft position);
SGLang's gauges with its rank labels. Nothing here runs a model or opens a socket.
"""
from __future__ import annotations

import io
import math

import pytest

from mtp_viz import lab_math, server_metrics
from mtp_viz.figures import server as views
from mtp_viz.problems import Problem
from mtp_viz.strings import t
from mtp_viz.ui import server_panel

E2B = "google/gemma-4-E2B-it"
UNRELATED = """# HELP node_cpu_seconds_total Seconds the CPUs spent in each mode.
# TYPE node_cpu_seconds_total counter
node_cpu_seconds_total{cpu="0",mode="idle"} 183713.5
node_cpu_seconds_total{cpu="0",mode="user"} 5210.25
# HELP node_memory_MemAvailable_bytes Memory information field MemAvailable_bytes.
# TYPE node_memory_MemAvailable_bytes gauge
node_memory_MemAvailable_bytes 1.2041695232e+10
"""


def counter(name: str, help_text: str, series: list[tuple[dict, float]]) -> str:
    """One counter as prometheus_client exposes it: HELP/TYPE on `name_total`, then the `_created` gauge."""
    def labels(d):
        return "{" + ",".join(f'{k}="{v}"' for k, v in d.items()) + "}"
    lines = [f"# HELP {name}_total {help_text}", f"# TYPE {name}_total counter"]
    lines += [f"{name}_total{labels(d)} {v:.1f}" for d, v in series]
    lines += [f"# HELP {name}_created {help_text}", f"# TYPE {name}_created gauge"]
    lines += [f"{name}_created{labels(d)} 1.7791e+09" for d, _ in series]
    return "\n".join(lines)


def vllm_page(drafts, tokens, accepted, per_pos=(), model=E2B, spec=True) -> str:
    """A vLLM /metrics page: a few unrelated metrics, then the speculative-decoding counters (vllm/v1/spec_decode/
    metrics.py: drafts, draft tokens, accepted tokens, accepted tokens per position)."""
    base = {"engine": "0", "model_name": model}
    parts = [
        "# HELP vllm:num_requests_running Number of requests in model execution batches.",
        "# TYPE vllm:num_requests_running gauge",
        f'vllm:num_requests_running{{engine="0",model_name="{model}"}} 3.0',
        counter("vllm:generation_tokens", "Number of generation tokens processed.", [(base, 91234.0)]),
        "# HELP vllm:time_to_first_token_seconds Histogram of time to first token in seconds.",
        "# TYPE vllm:time_to_first_token_seconds histogram",
        f'vllm:time_to_first_token_seconds_bucket{{engine="0",le="0.1",model_name="{model}"}} 10.0',
        f'vllm:time_to_first_token_seconds_bucket{{engine="0",le="+Inf",model_name="{model}"}} 12.0',
        f'vllm:time_to_first_token_seconds_count{{engine="0",model_name="{model}"}} 12.0',
        f'vllm:time_to_first_token_seconds_sum{{engine="0",model_name="{model}"}} 0.84',
    ]
    if spec:
        parts += [counter("vllm:spec_decode_num_drafts", "Number of spec decoding drafts.", [(base, drafts)]),
                  counter("vllm:spec_decode_num_draft_tokens", "Number of draft tokens.", [(base, tokens)]),
                  counter("vllm:spec_decode_num_accepted_tokens", "Number of accepted tokens.", [(base, accepted)])]
        if per_pos:
            parts.append(counter("vllm:spec_decode_num_accepted_tokens_per_pos", "Accepted tokens per draft position.",
                                 [({**base, "position": str(i)}, v) for i, v in enumerate(per_pos)]))
    return "\n".join(parts) + "\n"


def sglang_page(length=3.4, rate=0.6, model="google/gemma-4-31B-it") -> str:
    """An SGLang /metrics page (python/sglang/srt/metrics/collector.py): gauges per rank, no window."""
    labels = f'dp_rank="0",engine_type="unified",model_name="{model}",tp_rank="0"'
    return "\n".join([
        "# HELP sglang:num_running_reqs The number of running requests.",
        "# TYPE sglang:num_running_reqs gauge",
        f"sglang:num_running_reqs{{{labels}}} 2.0",
        "# HELP sglang:spec_accept_length The average acceptance length of speculative decoding.",
        "# TYPE sglang:spec_accept_length gauge",
        f"sglang:spec_accept_length{{{labels}}} {length}",
        "# HELP sglang:spec_accept_rate The average acceptance rate of speculative decoding "
        "(`accepted tokens / total draft tokens` in batch).",
        "# TYPE sglang:spec_accept_rate gauge",
        f"sglang:spec_accept_rate{{{labels}}} {rate}",
    ]) + "\n"


BEFORE = vllm_page(1000, 4000, 2500, [800, 700, 600, 400])
AFTER = vllm_page(3000, 12000, 7000, [2600, 2000, 1500, 900])   # window: 2000 rounds, 8000 drafted, 4500 kept


def error_key(before, after, gamma=None) -> str:
    with pytest.raises(Problem) as info:
        server_metrics.read(before, after, gamma)
    assert str(info.value) == t(info.value.code, **info.value.values)     # the English message is the table's
    return info.value.code


# -- vLLM: a window between two pages -------------------------------------------------------------------------
def test_vllm_window_gives_rate_length_positions_and_alpha():
    s = server_metrics.read(BEFORE, AFTER)
    assert (s.engine, s.model, s.windowed) == ("vllm", E2B, True)
    assert (s.drafts, s.draft_tokens, s.accepted) == (2000, 8000, 4500)
    assert s.acceptance_rate == pytest.approx(4500 / 8000)
    assert s.mean_acceptance_length == pytest.approx(1 + 4500 / 2000)
    assert s.position_shares == pytest.approx((0.9, 0.65, 0.45, 0.25))
    assert (s.gamma, s.gamma_source) == (4, "counters")
    # α as the lab fits it: accepted drafts over drafts the target checked, every position
    assert s.alpha == pytest.approx(lab_math.alpha_from_positions([1800, 1300, 900, 500], [2000, 1800, 1300, 900]))
    assert s.alpha == pytest.approx(0.75) and s.alpha_source == "positions"
    assert s.resets == () and s.notes == ()


def test_one_page_counts_since_the_server_started():
    s = server_metrics.read("", AFTER)
    assert not s.windowed and s.drafts == 3000 and s.mean_acceptance_length == pytest.approx(1 + 7000 / 3000)


def test_predictions_are_the_lab_cost_model():
    s = server_metrics.read(BEFORE, AFTER)
    curve = server_metrics.predict(s, 0.05)
    assert list(curve["num_assistant_tokens"]) == list(range(1, 17))
    assert curve["tokens_per_target_pass"].iloc[3] == pytest.approx(lab_math.expected_tokens(0.75, 4))
    assert curve["speedup"].iloc[3] == pytest.approx(lab_math.walltime_improvement(0.75, 4, 0.05))
    assert server_metrics.best_n(s, 0.05) == lab_math.best_gamma(0.75, 0.05, range(1, 17))
    assert server_metrics.best_n(s, 0.05) > server_metrics.best_n(s, 0.5)    # a costlier drafter: shorter drafts


def test_a_counter_reset_is_detected_and_named():
    restarted = vllm_page(500, 2000, 1200, [450, 350, 250, 150])        # the server restarted after BEFORE
    s = server_metrics.read(BEFORE, restarted)
    assert "vllm:spec_decode_num_drafts" in s.resets and "server.note.reset" in s.notes
    assert (s.drafts, s.accepted) == (500, 1200)                         # the window starts at the restart
    assert s.position_shares == pytest.approx((0.9, 0.7, 0.5, 0.3))
    note = t("server.note.reset", names=", ".join(s.resets))
    assert "vllm:spec_decode_num_drafts" in note and "restart" in note


def test_missing_per_position_counter_falls_back_to_the_rate():
    s = server_metrics.read(vllm_page(1000, 4000, 2500), vllm_page(3000, 12000, 7000))
    assert s.position_shares == () and "server.note.no_positions_vllm" in s.notes
    assert (s.alpha_source, s.gamma) == ("rate", 4)
    assert s.alpha == pytest.approx(lab_math.alpha_from_rate(4500 / 8000, 4))


def test_missing_metrics_and_empty_windows_get_clear_messages():
    assert error_key(None, vllm_page(0, 0, 0, spec=False)) == "server.error.no_spec.vllm"
    assert error_key(AFTER, AFTER) == "server.error.no_drafts"
    assert error_key(None, vllm_page(0, 0, 0, [0, 0])) == "server.error.no_drafts_ever"
    no_accepted = "\n".join(line for line in AFTER.splitlines() if "num_accepted_tokens_total" not in line)
    key = error_key(None, no_accepted)
    assert key == "server.error.missing"
    assert error_key(BEFORE, vllm_page(3000, 12000, 7000, [2600, 2000, 1500, 900], model="other")) == \
        "server.error.different"


def test_two_models_on_one_page_picks_the_busier_and_says_so():
    big, small = {"engine": "0", "model_name": E2B}, {"engine": "0", "model_name": "small"}
    page = "\n".join([counter("vllm:spec_decode_num_drafts", "d", [(big, 3000), (small, 10)]),
                      counter("vllm:spec_decode_num_draft_tokens", "t", [(big, 12000), (small, 40)]),
                      counter("vllm:spec_decode_num_accepted_tokens", "a", [(big, 7000), (small, 20)])]) + "\n"
    s = server_metrics.read(None, page)
    assert (s.model, s.drafts, s.accepted) == (E2B, 3000, 7000) and "server.note.others" in s.notes


# -- SGLang: gauges, no window, no positions -------------------------------------------------------------------
def test_sglang_gauges_give_what_they_support_and_say_what_they_do_not():
    s = server_metrics.read(sglang_page(length=3.4, rate=0.6), sglang_page(length=3.4, rate=0.6))
    assert (s.engine, s.windowed, s.drafts, s.position_shares) == ("sglang", False, None, ())
    assert s.acceptance_rate == pytest.approx(0.6) and s.mean_acceptance_length == pytest.approx(3.4)
    assert (s.gamma, s.gamma_source) == (4, "implied")                    # (3.4 − 1) / 0.6
    assert s.alpha == pytest.approx(lab_math.alpha_from_rate(2.4 / 4, 4)) and s.alpha_source == "length"
    assert {"server.note.gauges", "server.note.no_positions_sglang"} <= set(s.notes)
    entered = server_metrics.read(None, sglang_page(), gamma=5)
    assert (entered.gamma, entered.gamma_source) == (5, "entered")
    assert entered.alpha == pytest.approx(lab_math.alpha_from_rate(2.4 / 5, 5))


def test_sglang_length_alone_needs_the_n_and_says_so():
    page = "\n".join(line for line in sglang_page().splitlines() if "spec_accept_rate" not in line)
    s = server_metrics.read(None, page)
    assert s.alpha is None and "server.note.need_gamma" in s.notes
    assert server_metrics.predict(s, 0.1).empty and server_metrics.best_n(s, 0.1) is None


# -- pages that are not what they should be -------------------------------------------------------------------
@pytest.mark.parametrize("text, key", [
    (UNRELATED, "server.error.no_spec"),
    ("<html><body><h1>404 Not Found</h1></body></html>", "server.error.not_prometheus"),
    ("hello world, this is not prometheus", "server.error.not_prometheus"),
    ('{"vllm:spec_decode_num_drafts_total": 3}', "server.error.not_prometheus"),
    ("   \n", "server.error.empty"),
])
def test_unrelated_garbage_and_empty_pages_are_refused(text, key):
    assert error_key(None, text) == key


def test_too_large_text_is_refused_before_parsing():
    huge = "# padding\n" * (server_metrics.MAX_CHARS // 10 + 1)
    assert error_key(None, huge) == "server.error.too_large"


# -- figures --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, measured, predicted", [("en", "measured on your server", "predicted"),
                                                       ("de", "gemessen auf Ihrem Server", "vorhergesagt"),
                                                       ("zh-TW", "在你的伺服器上實測", "預測")])
def test_figures_label_measured_and_predicted_in_each_language(lang, measured, predicted):
    s = server_metrics.read(BEFORE, AFTER)
    curves, positions = views.build_all(s, 0.05, lang, reference=0.9)
    metas = {tr.meta: tr for tr in curves.data}
    assert {"measured", "predicted", "miniature", "predicted_speedup", "best", "limit"} <= set(metas)
    assert metas["measured"].x == (4,) and metas["measured"].y == (pytest.approx(3.25),)
    assert measured in metas["measured"].name and predicted in metas["predicted"].name
    assert metas["best"].x == (server_metrics.best_n(s, 0.05),)
    bars = {tr.meta: tr for tr in positions.data}
    assert list(bars["positions"].y) == pytest.approx([0.9, 0.65, 0.45, 0.25])
    assert measured in bars["positions"].name and predicted in bars["alpha_k"].name
    assert curves.layout.separators == positions.layout.separators == (",." if lang == "de" else ".,")
    assert list(bars["positions"].text) == (["0,90", "0,65", "0,45", "0,25"] if lang == "de" else
                                            ["0.90", "0.65", "0.45", "0.25"])
    assert list(bars["alpha_k"].y) == pytest.approx([0.75 ** k for k in range(1, 5)])


def test_figures_without_data_or_positions_say_why():
    empty = views.build_all(None, 0.05)
    assert all(t("server.no_data") in fig.layout.annotations[0].text for fig in empty)
    sglang = server_metrics.read(None, sglang_page())
    assert views.acceptance(sglang).layout.annotations[0].text.replace("<br>", " ") == \
        t("server.note.no_positions_sglang")       # wrapped to fit the plot


# -- the panel's handlers -------------------------------------------------------------------------------------
def test_read_handler_reports_and_draws():
    status, curves, positions = server_panel.read(BEFORE, AFTER, 0.05, 0)
    assert "2,000 · 8,000 · 4,500" in status and "56.2%" in status and "3.25" in status and "0.750" in status and "measured on your server" in status
    assert "0.90 · 0.65 · 0.45 · 0.25" in status and "**predicted**" in status
    assert curves.layout.title.text.startswith("Your server on the cost model")
    status, *rest = server_panel.read("", sglang_page(), 0.05, 0)
    assert "not reported by SGLang" in status and len(rest) == 2


def test_read_handler_refuses_bad_input_and_keeps_the_plots():
    status, curves, positions = server_panel.read("", "<html>", 0.05, 0)
    assert status.startswith("⚠️") and "Prometheus" in status
    assert curves is not None and type(curves).__name__ == type(positions).__name__    # gr.skip() both
    status, *_ = server_panel.read("", AFTER, 5.0, 0)
    assert "at most 2" in status


class FakeResponse(io.BytesIO):
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_public_mode_refuses_a_url_without_any_request(monkeypatch):
    calls = []
    monkeypatch.setattr(server_panel.urllib.request, "urlopen", lambda *a, **k: calls.append(a) or 1 / 0)
    monkeypatch.setenv("MTP_VIZ_PUBLIC", "1")
    text, status = server_panel.fetch("http://127.0.0.1:8000/metrics")
    assert "public mode" in status and calls == []
    assert text is not None and not isinstance(text, str)                 # gr.skip(): the box keeps its text
    with pytest.raises(Problem):
        server_panel.fetch_text("http://10.0.0.1/metrics")
    assert calls == []


def test_local_mode_reads_a_url_once_with_a_timeout_and_a_size_cap(monkeypatch):
    seen = []

    def urlopen(url, timeout):
        seen.append((url, timeout))
        return FakeResponse(AFTER.encode())
    monkeypatch.delenv("MTP_VIZ_PUBLIC", raising=False)
    monkeypatch.delenv("SPACE_ID", raising=False)
    monkeypatch.setenv("GRADIO_SERVER_NAME", "127.0.0.1")
    monkeypatch.setattr(server_panel.urllib.request, "urlopen", urlopen)
    text, status = server_panel.fetch("http://127.0.0.1:8000/metrics")
    assert text == AFTER and seen == [("http://127.0.0.1:8000/metrics", server_panel.FETCH_TIMEOUT_S)]
    assert f"{len(AFTER):,}" in status
    monkeypatch.setattr(server_panel.urllib.request, "urlopen",
                        lambda url, timeout: FakeResponse(b"x" * (server_metrics.MAX_CHARS + 1)))
    assert "characters" in server_panel.fetch("http://127.0.0.1:8000/metrics")[1]
    _, status = server_panel.fetch("file:///etc/passwd")
    assert "http://" in status


def test_upload_and_preset(tmp_path):
    path = tmp_path / "after.txt"
    path.write_text(AFTER)
    assert server_panel.upload(str(path)) == (AFTER, "")
    c, note = server_panel.choose_preset("31b")
    assert c == lab_math.PRESETS["31b"]["c"] and "projected, not measured" in note


def test_panel_builds_and_disables_the_url_in_public_mode(monkeypatch):
    import gradio as gr

    monkeypatch.setenv("MTP_VIZ_PUBLIC", "1")
    with gr.Blocks() as demo:
        server_panel.build(demo)
    boxes = [b for b in demo.blocks.values() if isinstance(b, gr.Textbox)]
    url = next(b for b in boxes if b.placeholder and "metrics" in b.placeholder)
    assert url.interactive is False
    assert not math.isnan(server_panel.DEFAULT_C)
