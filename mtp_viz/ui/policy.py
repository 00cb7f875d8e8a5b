"""Deployment policy: which models a visitor may choose and what the server allows. Knows no layout and no maths.

The one place that decides public versus local behaviour; every tab and the API ask it, none decides on its own.
Public mode is on when `SPACE_ID` is set (a Hugging Face Space), when `MTP_VIZ_PUBLIC=1`, or when the server
listens on a non-loopback address (`GRADIO_SERVER_NAME=0.0.0.0`, as in Docker). Every switch is an environment
variable read when asked, so tests can flip them.
"""
from __future__ import annotations

import ipaddress
import logging
import os
from pathlib import Path

from mtp_viz.model_table import BUNDLED, DRAFT_MODELS, FOLDERS, MINIATURE, MODELS, MTP_ASSISTANTS
from mtp_viz.settings import NAMES, Request, on_page
from mtp_viz.problems import Problem, in_words
from mtp_viz.proposer_registry import ENTRIES, MTP_ASSISTANT, SMALL_MODEL, PairKinds, drafts_with
from mtp_viz.strings import t

log = logging.getLogger("mtp_viz")

# What the server runs at most, from the page and the API alike: each setting marked `limit` in settings.py, up to
# its slider's maximum (16 guesses per round; 256 new tokens, enough to watch round by round and short enough for a
# shared CPU). LIMITS maps each such setting to its maximum.
LIMITS = {name: on_page(name).slider[1] for name in NAMES if on_page(name) is not None and on_page(name).limit}
SERVER_MAX_DRAFT, SERVER_MAX_NEW_TOKENS = LIMITS["num_assistant_tokens"], LIMITS["max_new_tokens"]


def _env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        log.warning("%s=%r is not a whole number; using %d", name, os.environ.get(name), default)
        return default


def max_prompt_chars() -> int:
    """The longest prompt accepted, in characters (`MTP_VIZ_MAX_PROMPT_CHARS`, default 500)."""
    return _env_int("MTP_VIZ_MAX_PROMPT_CHARS", 500)


def queue_settings() -> dict:
    """demo.queue() keywords sized for 2 vCPUs: two events at once, at most 64 waiting (env overrides)."""
    return {"default_concurrency_limit": _env_int("MTP_VIZ_CONCURRENCY", 2),
            "max_size": _env_int("MTP_VIZ_QUEUE_SIZE", 64)}


def generating_events() -> dict:
    """Event keywords for the events that may generate (Step, Run to end, Measure again, Play, the `trace` API):
    admitted up to the queue's size, because they take their turn in the service's one first-come line instead of
    in a queue of their own, where a later event could overtake an earlier one of another kind."""
    return {"concurrency_limit": queue_settings()["max_size"]}


def generation_slots() -> int:
    """Generations that run at once in the server's process (`MTP_VIZ_CONCURRENCY`, default 2, like the queue);
    the bundled miniatures' run in the worker processes instead, one per worker."""
    return max(1, _env_int("MTP_VIZ_CONCURRENCY", 2))


def worker_processes() -> int:
    """Processes app.py starts to generate the bundled miniatures (`MTP_VIZ_WORKERS`, default 2; 0: none, the
    server's process generates). More than the machine's cores only take turns on them, so that is the most."""
    count, cores = max(0, _env_int("MTP_VIZ_WORKERS", 2)), os.cpu_count() or 1
    if count > cores:
        log.warning("MTP_VIZ_WORKERS=%d is more than this machine's %d cores; starting %d", count, cores, cores)
    return min(count, cores)


def batch_size() -> int:
    """The most waiting generations a worker runs together, their passes joined (`MTP_VIZ_BATCH`, default 16; 1 runs
    each alone). On the miniature a joined verification pass costs 6.5 ms per sequence for 16, 8 for 8, 29 alone."""
    return max(1, _env_int("MTP_VIZ_BATCH", 16))


def gather_s() -> float:
    """How long a worker that could start a job waits for more requests to join it while they keep coming
    (`MTP_VIZ_GATHER_MS`, default 50; 0: a job starts at once): it starts once none has come for that long, once
    the oldest has waited four times that long, or once a whole batch waits for each free worker. A dynamic
    batcher's queue delay, as in NVIDIA Triton's `max_queue_delay_microseconds`."""
    return max(0, _env_int("MTP_VIZ_GATHER_MS", 50)) / 1000


def trace_cache_size() -> int:
    """Traces kept for identical requests (`MTP_VIZ_TRACE_CACHE`, default 32; 0 keeps none)."""
    return max(0, _env_int("MTP_VIZ_TRACE_CACHE", 32))


def launch_settings() -> dict:
    """demo.launch() keywords the policy owns: the upload cap (`MTP_VIZ_MAX_UPLOAD`, default 5mb), and the sessions
    Gradio keeps (`MTP_VIZ_SESSIONS`, default 200): every visitor and every API client makes one, about 315 KiB for
    this page's block configs and its gr.State, and with a trace on the page about 0.5 MB of the server's memory in
    all; Gradio keeps 10,000 by default, dropping an API client's never (it sends no heartbeat). Beyond the bound the
    least recently used session is dropped. 200 holds a class of 40 with two tabs each and a burst of API clients
    besides, and bounds what sessions hold to about 100 MB, which a class's churn reaches within half an hour (the
    server's memory then levels off: benchmarks/soak.py)."""
    return {"max_file_size": os.environ.get("MTP_VIZ_MAX_UPLOAD", "5mb"),
            "state_session_capacity": max(1, _env_int("MTP_VIZ_SESSIONS", 200))}


def torch_threads() -> int | None:
    """Threads for torch's matrix maths (`MTP_VIZ_TORCH_THREADS`): 1 by default when the server offers only the
    bundled miniatures, whose matrices are too small to share out: on a busy 2-vCPU machine, two threads waiting on
    each other made a 32-token generation take 3.6 s instead of 0.12 s. Otherwise None (torch's own choice)."""
    if os.environ.get("MTP_VIZ_TORCH_THREADS"):
        return max(1, _env_int("MTP_VIZ_TORCH_THREADS", 1))
    allowed = allowed_models()
    return 1 if allowed is not None and set(allowed) <= set(BUNDLED) else None



def apply_torch_threads() -> None:
    """Set torch's thread count from torch_threads(), once, at server start (it holds for every worker thread)."""
    threads = torch_threads()
    if threads:
        import torch
        torch.set_num_threads(threads)


STATE_TTL_S = 2 * 3600    # a visitor's trace is forgotten two hours after their last action
LOAD_WAIT_S = 15.0        # a request waits this long for a model load, then says "still loading" and frees its worker
MAX_HUB_PAIRS = 2         # real checkpoints kept in memory besides the bundled miniatures


# -- public or local ---------------------------------------------------------------------------------------------
def _loopback(host: str) -> bool:
    host = host.strip().strip("[]")
    if host in ("", "localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False       # a host name other than localhost: reachable from elsewhere


def is_public() -> bool:
    """True on a Space, with MTP_VIZ_PUBLIC=1, or when the server listens beyond loopback."""
    if os.environ.get("SPACE_ID") or os.environ.get("MTP_VIZ_PUBLIC", "").strip().lower() in ("1", "true", "yes"):
        return True
    return not _loopback(os.environ.get("GRADIO_SERVER_NAME", "127.0.0.1"))


def bundled() -> list[str]:
    """The bundled miniatures that are actually shipped (assets/<name>/target exists)."""
    return [name for name in BUNDLED if (FOLDERS[name] / "target" / "config.json").exists()]


def allowed_models() -> list[str] | None:
    """The model ids a visitor may choose in public mode (`MTP_VIZ_MODELS`, comma-separated; default the bundled
    miniatures); None locally, where any hub id or folder works."""
    if not is_public():
        return None
    listed = [m.strip() for m in os.environ.get("MTP_VIZ_MODELS", "").split(",") if m.strip()]
    return listed or bundled()


def model_choices() -> list[tuple[str, str]]:
    """(label key, id) pairs for the Model dropdown, in the model table's order: everything known locally (a bundled
    model only where it is shipped), only the allowed models in public (an allowed id the table does not know is its
    own label). The labels are "model.*" keys of the string tables, which the page turns into words in the visitor's
    language (ui.words.choices)."""
    allowed = allowed_models()
    if allowed is None:
        shipped = bundled()
        return [(m.label, m.id) for m in MODELS if not m.bundled or m.id in shipped]
    labels = {m.id: m.label for m in MODELS}
    return [(labels.get(ident, ident), ident) for ident in allowed]


# -- checks ------------------------------------------------------------------------------------------------------
class Refused(Problem):
    """A request the deployment does not allow; the message says what is allowed and nothing else."""


def check_model(model: str | None, assistant: str | None = "") -> tuple[str, str]:
    """The (model, assistant) pair to load, or Refused. Never touches the file system or the network."""
    from huggingface_hub.errors import HFValidationError
    from huggingface_hub.utils import validate_repo_id

    model, assistant = (model or "").strip() or MINIATURE, (assistant or "").strip()
    allowed = allowed_models()
    if allowed is not None and (model not in allowed or (
            model not in BUNDLED and assistant not in ("", MTP_ASSISTANTS.get(model)))):
        raise Refused("public.model_refused",
                      allowed=", ".join(allowed) or in_words("public.nothing_allowed"))
    if model in BUNDLED:
        # one cache entry per bundled miniature, and one for its bundled draft model, whatever else the box says
        return model, assistant if assistant and assistant == DRAFT_MODELS.get(model) else ""
    for ident in (model, assistant):
        if ident and not _looks_like_path(ident):
            try:
                validate_repo_id(ident)
            except HFValidationError:
                raise Problem("public.bad_hub_id", ident=ident[:80]) from None
    return model, assistant


def assistant_for(model: str, proposer: str, assistant: str) -> str:
    """The assistant a request really uses: for a bundled target, its bundled draft model under a proposer that
    drafts with a small model of its own (proposer_registry) and its own MTP drafter ("") otherwise; for any other
    model, what the visitor typed."""
    model = (model or "").strip() or MINIATURE
    if model in BUNDLED:
        return DRAFT_MODELS.get(model, "") if drafts_with(proposer) == SMALL_MODEL else ""
    return (assistant or "").strip()


def check_proposer(model: str | None, proposer: str | None, assistant: str | None = "") -> None:
    """Refuse, before anything loads, a proposer the pair cannot run (its registry entry decides, as it does after
    loading). Only one that drafts with a small model of its own can be known not to: a bundled miniature has
    one only where the model table names one (DRAFT_MODELS), and a Gemma 4 checkpoint only when the Assistant box names one other
    than its own MTP assistant (MTP_ASSISTANTS)."""
    if drafts_with(proposer) != SMALL_MODEL:
        return
    model, assistant = (model or "").strip() or MINIATURE, (assistant or "").strip()
    if model not in BUNDLED and (model not in MTP_ASSISTANTS or assistant not in ("", MTP_ASSISTANTS[model])):
        return                        # a model we know nothing of, or a draft model the visitor named
    has = SMALL_MODEL if model in BUNDLED and model in DRAFT_MODELS else MTP_ASSISTANT
    if ENTRIES[proposer].refusal(PairKinds(has, gemma4_target=True)) is None:
        return
    # refused: said as what this server offers instead, not in the engine's words
    if model in BUNDLED or is_public():
        offered = {ident for _, ident in model_choices()}
        targets = [m for m in DRAFT_MODELS if m in offered]
        raise Problem("public.proposer.no_draft_model", model=model,
                      instead=in_words("public.proposer.instead", targets=", ".join(targets)) if targets else "")
    raise Problem("public.proposer.name_assistant", model=model)


def _looks_like_path(ident: str) -> bool:
    """Local only: a folder is named as one (starts with / . ~ or contains a backslash, or exists)."""
    return ident.startswith(("/", ".", "~")) or "\\" in ident or Path(ident).is_dir()


def check_request(req: Request) -> None:
    """The limits every generation obeys, from the page or the API: a prompt that is neither empty nor too long, the
    settings' LIMITS, and a proposer the model pair can run (check_proposer)."""
    check_proposer(req.model, req.proposer, req.assistant)
    prompt = req.prompt
    if isinstance(prompt, str) and not prompt.strip():
        raise Problem("public.prompt_empty")
    if isinstance(prompt, str) and len(prompt) > max_prompt_chars():
        raise Problem("public.prompt_too_long", n=len(prompt), limit=max_prompt_chars())
    for name, limit in LIMITS.items():
        value = getattr(req.settings, name)
        if isinstance(value, (int, float)) and value > limit:
            raise Problem("public.over_limit", name=name, value=value, limit=limit)


# -- errors ------------------------------------------------------------------------------------------------------
def message_for(exc: BaseException, lang: str = "en") -> str:
    """What a visitor reads for any exception, in `lang`: a Problem said by its code in the visitor's language, any
    other ValueError as raised (English), otherwise what happened and what to do. Anything but bad input is logged
    with its traceback; nothing is swallowed, and no message is read back."""
    if isinstance(exc, Problem):
        return exc.said(lang)
    if isinstance(exc, ValueError):
        return str(exc)
    log.error("request failed", exc_info=exc)
    if isinstance(exc, MemoryError):
        return t("public.error.memory", lang)
    if isinstance(exc, OSError):
        return t("public.error.os", lang)
    return t("public.error.other", lang, kind=type(exc).__name__)
