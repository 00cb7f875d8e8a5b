"""Will a checkpoint fit? Its weight bytes from its config alone, the memory free where it would go, the dtype to use.

Knows configs, dtypes and the machine's memory (RAM, a cgroup's limit, free GPU memory); knows no rounds, no UI
and no network. The weights are counted on the meta device (accelerate's `init_empty_weights`): the model is built
from its config with every tensor shape and no storage, so a 31B model is counted in a second without its 62 GB.
"""
from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from pathlib import Path

import torch

from mtp_viz.problems import Problem, in_words
from mtp_viz.trace import Why

log = logging.getLogger("mtp_viz")
HEADROOM = 1.2        # weights × 1.2: activations, a short generation's KV cache, the allocator's slack
GB = 1e9
CPU_ORDER = (torch.float32, torch.bfloat16)    # on a CPU: float32 when it fits (exact, fastest there), else bf16


@dataclass(frozen=True)
class Plan:
    """The dtype to load in (None when nothing fits) and the numbers behind it, for the round summary."""
    model: str
    dtype: torch.dtype | None
    params: int                          # target + assistant parameters (an unknown assistant counts 0)
    needed: dict[str, int]               # dtype name -> bytes needed (weights × HEADROOM)
    available: int                       # bytes free where the weights go
    where: str                           # "ram" or "gpu": memory.where.* names it

    @property
    def why(self) -> Why | None:
        """The dtype and why, by code (a trace records it; the page says it in the reader's language)."""
        if self.dtype is None:
            return None
        name, gb, first = _name(self.dtype), self.available / GB, _name(CPU_ORDER[0])
        if name != first and first in self.needed:
            return Why("memory.reason.fallback", {"dtype": name, "first": first, "need": self.needed[first] / GB,
                                                  "free": gb, "where": self.where})
        return Why("memory.reason.fits", {"dtype": name, "need": self.needed[name] / GB, "free": gb,
                                          "where": self.where})

    def refusal(self) -> Problem:
        """The refusal of a load that fits in no dtype: the model, the bytes needed and the bytes free."""
        smallest = min(self.needed, key=self.needed.get)
        return Problem("memory.refused", model=self.model, dtype=smallest, need=self.needed[smallest] / GB,
                       need_bytes=self.needed[smallest], free=self.available / GB, free_bytes=self.available,
                       where=in_words(f"memory.where.{self.where}"))


def _name(dtype: torch.dtype) -> str:
    return str(dtype).replace("torch.", "")


# -- how big ------------------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=16)
def param_count(ident: str) -> int | None:
    """Parameters of the model `AutoModelForCausalLM` would load for `ident` (a folder or a cached hub id), counted
    from its config on the meta device; tied weights once. None when its config cannot be read."""
    from accelerate import init_empty_weights
    from transformers import AutoConfig, AutoModelForCausalLM

    try:
        config = AutoConfig.from_pretrained(ident)
        with init_empty_weights():
            model = AutoModelForCausalLM.from_config(config)
    except Exception as exc:  # not downloaded, not a folder, not a causal LM: the load itself will say so
        log.info("no config for %s, memory not checked: %s", ident, exc)
        return None
    tied = getattr(model, "all_tied_weights_keys", None) or {}   # on meta, lm_head is not yet tied to the embedding
    return int(sum(p.numel() for name, p in model.named_parameters() if name not in tied))


def weight_bytes(params: int, dtype: torch.dtype) -> int:
    return int(params) * torch.empty((), dtype=dtype).element_size()


# -- how much is free ---------------------------------------------------------------------------------------------
def _meminfo_available() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def _cgroup_free() -> int | None:
    """Bytes left under a cgroup v2 memory limit (Docker, Spaces), or None without one."""
    try:
        limit = Path("/sys/fs/cgroup/memory.max").read_text().strip()
        used = int(Path("/sys/fs/cgroup/memory.current").read_text().strip())
    except (OSError, ValueError):
        return None
    return None if limit == "max" else max(int(limit) - used, 0)


def available_bytes(device: str) -> tuple[int, str]:
    """(bytes free, where): free memory summed over the GPUs for CUDA (device_map='auto' spreads a model over
    them), else the RAM available (psutil, or /proc/meminfo), no more than a cgroup's limit leaves."""
    if str(device).startswith("cuda") and torch.cuda.is_available():
        return sum(torch.cuda.mem_get_info(i)[0] for i in range(torch.cuda.device_count())), "gpu"
    try:
        import psutil
        ram = int(psutil.virtual_memory().available)
    except ImportError:
        ram = _meminfo_available() or 0
    cgroup = _cgroup_free()
    return (min(ram, cgroup) if cgroup is not None else ram), "ram"


# -- the decision -------------------------------------------------------------------------------------------------
def plan(target: str, assistant: str | None, device: str, dtype: torch.dtype | None = None) -> Plan | None:
    """The dtype that fits for this pair on `device`, or None when the target's config is unreadable (the load
    then fails with its own message). Asked for a dtype: only that one; on CUDA bfloat16; elsewhere float32, then
    bfloat16. A Plan whose dtype is None fits in nothing: `refuse` raises its message."""
    params = param_count(str(target))
    if params is None:
        return None
    params += (param_count(str(assistant)) or 0) if assistant else 0
    candidates = (dtype,) if dtype is not None else (torch.bfloat16,) if str(device).startswith("cuda") \
        else CPU_ORDER
    free, where = available_bytes(device)
    needed = {_name(d): int(weight_bytes(params, d) * HEADROOM) for d in candidates}
    chosen = next((d for d in candidates if needed[_name(d)] <= free), None)
    return Plan(str(target), chosen, params, needed, free, where)


def check(target: str, assistant: str | None, device: str, dtype: torch.dtype | None = None) -> Plan | None:
    """plan(), raising a Problem ("memory.refused") when the pair fits in no dtype."""
    fit = plan(target, assistant, device, dtype)
    if fit is not None and fit.dtype is None:
        raise fit.refusal()
    return fit
