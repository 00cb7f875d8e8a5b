"""Bring the shipped traces to the current schema without recording them again: `python assets/traces/upgrade.py`.

Knows what a newer schema records that an older file already says in other words; every number a trace measured
(its rounds, times, statistics) stays as recorded, so no figure drawn from it changes. Schema 6: the English device
line that models.pick_device wrote (ModelInfo.device_reason) becomes ModelInfo.device_why, by code. A line in any
other wording is left as it is (the page then shows it as recorded, in English). Each file is read and checked by
schema.parse_trace, the reader every trace goes through, and written as the app writes a trace.
"""
from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from mtp_viz.schema import parse_trace  # noqa: E402
from mtp_viz.trace import SCHEMA_VERSION, Trace, Why  # noqa: E402

# what pick_device wrote before schema 6 -> its code; the values are the named groups
ENGLISH = [(r"no GPU found; running on (?P<threads>\d+) CPU thread\(s\)", "step.device.cpu"),
           (r"CUDA GPU found: (?P<name>[^;]+)", "step.device.cuda"),
           (r"Apple GPU \(MPS\) found", "step.device.mps"),
           (r"device (?P<device>[^;\s]+) requested", "step.device.requested")]


def device_why(reason: str) -> list[Why] | None:
    """The codes an old device line says, or None when any of it is in other words."""
    for pattern, code in ENGLISH:
        found = re.fullmatch(pattern, reason)
        if found:
            values = {k: int(v) if v.isdigit() else v for k, v in found.groupdict().items()}
            return [Why(code, values)]
    return None


def upgraded(trace: Trace) -> Trace:
    info = trace.model_info
    if info.device_why is None and info.device_reason:
        why = device_why(info.device_reason)
        if why is not None:
            info = dataclasses.replace(info, device_why=why, device_reason=None)
    return dataclasses.replace(trace, model_info=info, schema_version=SCHEMA_VERSION)


def main() -> None:
    for path in sorted(HERE.rglob("*.json")):
        old = parse_trace(path.read_text(encoding="utf-8"))
        new = upgraded(old)
        again = parse_trace(new.to_json())
        assert dataclasses.replace(again, model_info=old.model_info, schema_version=old.schema_version) == old
        path.write_text(again.to_json(), encoding="utf-8")
        print(f"{path.relative_to(HERE)}: schema {old.schema_version} -> {again.schema_version}, "
              f"device {again.model_info.device_why or again.model_info.device_reason}")


if __name__ == "__main__":
    main()
