"""What a round did, in the reader's words: the step-through's round status (ending with the prompt's speed-up
headline, figures.statistics.speed_headline) and the numbers the tour's chapters quote.

Reads a recorded Trace and the string tables; knows no Gradio, no layout, no figures and no visitor.
"""
from __future__ import annotations

from mtp_viz.figures.statistics import speed_headline
from mtp_viz.figures.theme import moe_caveat
from mtp_viz.proposer_registry import ENTRIES
from mtp_viz.strings import TABLES, count, large, t
from mtp_viz.trace import BONUS, CORRECTION, UNUSED, ModelInfo, Round, Trace, Why, draft_room
from mtp_viz.ui.session import md


def round_facts(trace: Trace, i: int) -> dict:
    """The numbers both the round status and the tour say about round i: guesses drafted, N, kept, tokens added."""
    r = trace.rounds[i]
    return {"round": i, "drafted": r.num_drafted, "n": r.num_assistant_tokens, "kept": r.num_accepted,
            "new": len(r.emitted_token_ids), "first_rejected": r.num_accepted + 1}


def fewer(trace: Trace, r: Round, lang: str) -> str:
    """Why a round drafted fewer than N guesses, as the engine recorded it (Round.draft_stop); traces older than
    schema 3 did not record it, so for them it is worked out from the settings."""
    if not 0 < r.num_drafted < r.num_assistant_tokens:
        return ""
    left = draft_room(len(trace.prompt_ids) + trace.settings.max_new_tokens, r.start_len)
    stop = r.draft_stop
    if stop is None and trace.schema_version < 3:
        stop = ("length" if r.num_drafted == left else ENTRIES[trace.settings.proposer].stop
                or ("threshold" if trace.settings.confidence_threshold else None))
    return t(f"step.fewer.{stop}", lang, left=left) if stop else ""


def device_reason(info: ModelInfo, lang: str = "en") -> str:
    """Why the model ran where it did, in what dtype, in `lang`: each part said by its code (schema 6); a trace
    older than that says it as it recorded it, in English."""
    if info.device_why is None:
        return info.device_reason or ""
    return t("step.device.then", lang).join(said(why, lang) for why in info.device_why)


def said(why: Why, lang: str = "en") -> str:
    """One part of the device line: its code's sentence, a thread count with its noun in the right plural form and
    the memory it names ("ram", "gpu") in the reader's words."""
    values = dict(why.values)
    if "threads" in values:
        values["threads"] = count(int(values["threads"]), "cpu_thread", lang)
    if "where" in values:
        values["where"] = t(f"memory.where.{values['where']}", lang)
    return t(why.code, lang, **values)


def what_happened(trace: Trace, i: int, lang: str) -> str:
    """One clause: what round i did (the prefill, no guesses, a round cut at the end, or guesses kept plus one)."""
    r = trace.rounds[i]
    said = dict(round_facts(trace, i), fewer=fewer(trace, r, lang))
    if r.index == 0:
        return t("step.what.prefill", lang)
    if not r.draft_token_ids:
        return t("step.what.none", lang)
    if r.last_token_kind not in (CORRECTION, BONUS):   # the round was cut at eos / max new tokens
        unused = sum(v.verdict == UNUSED for v in r.verify_steps)
        return t("step.what.cut", lang, **said) + (t("step.what.unused", lang, unused=unused) if unused else "")
    return t("step.what.round", lang, **said, kind=t(f"step.kind.{r.last_token_kind}", lang))


def why_last_token(trace: Trace, i: int, lang: str) -> str:
    """One line on why round i ends with a correction (a rejected guess) or a bonus token (every guess accepted);
    nothing for the prefill, a round without guesses or one cut at the end."""
    r = trace.rounds[i]
    if r.index == 0 or not r.draft_token_ids or r.last_token_kind not in (CORRECTION, BONUS):
        return ""
    return t(f"step.why.{r.last_token_kind}", lang, **round_facts(trace, i))


def models_line(info: ModelInfo, lang: str) -> str:
    """Which models ran, their sizes, the proposer, and where (with why there, in `lang`)."""
    models = ((info.target_class, info.target_params), (info.assistant_class, info.drafter_params))
    sizes = " + ".join(t("step.params", lang, model=md(str(c)), params=large(p, lang)) for c, p in models if c and p)
    said = {k: md(str(getattr(info, k))) for k in ("name", "proposer", "device", "dtype")}
    if f"step.proposer.{info.proposer}" in TABLES["en"]:
        said["proposer"] = md(t(f"step.proposer.{info.proposer}", lang))
    line = t("step.model_line", lang, sizes=sizes, **said)
    reason = device_reason(info, lang)
    if reason:
        line += t("step.model_line.reason", lang, reason=md(reason))
    return line + (t("step.moe", lang, caveat=md(moe_caveat(info, lang))) if info.moe_caveat else "")


def summary(trace: Trace | None, i: int, lang: str = "en", stale: bool = False, note: str = "") -> str:
    """The round status: what round i did and on which models, after `note` (Markdown) and the stale warning."""
    note = f"{note}\n\n" if note else ""
    if trace is None:
        return note + t("step.empty", lang)
    r = trace.rounds[i]
    end = t("step.stopped", lang, why=t(f"step.stop.{r.stopped}", lang)) if r.stopped else ""
    note += t("step.stale", lang) if stale else ""
    heading = t("step.heading", lang, i=i, last=len(trace.rounds) - 1, what=what_happened(trace, i, lang), end=end)
    # the whole prompt's speed-up, as Statistics and the race say it, once the whole prompt is on screen (earlier it
    # would push the stream and the view below a projector's fold)
    speed = speed_headline(trace, lang, basis=False) if i == len(trace.rounds) - 1 else ""
    return (note + heading + why_last_token(trace, i, lang) + models_line(trace.model_info, lang)
            + (f"\n\n{speed}" if speed else ""))


def output_so_far(trace: Trace | None, i: int) -> str:
    """The prompt in bold, then the text emitted up to round i (Markdown)."""
    if trace is None:
        return ""
    text = trace.text(trace.emitted_upto(i))
    prompt = trace.prompt_text if trace.prompt_text is not None else trace.text(trace.prompt_ids)
    return f"**{md(prompt)}**{md(text)}"
