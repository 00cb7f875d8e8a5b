"""Several visitors' generations on one model pair at once, their verification passes joined into one (cross-request
batching, as vLLM and SGLang serve many users): a backend (mtp_viz/backends.py) that takes each generation's lean
passes to a Table, and lean.forward_many / draft_many. Knows the decoders api.prepare builds; knows nothing of the
server, its queue or the page (mtp_viz/ui/service.py decides which requests meet here).

How. Each generation runs its own engine loop on its own thread, unchanged: it samples, decides and records alone.
Only its passes go through a Table, its backend swapped for a Joined one before its first round: the target's, and
the MTP drafter's steps. A pass waits there until every generation still running has asked for its next one. Then
the last to ask runs the drafter steps among them as one lean.draft_many call (each reads its own target's KV) and
hands each its own outputs; the verification passes wait on until every generation has finished drafting and asks
for one, and then run as one lean.forward_many call (each keeps its own KV cache). So each round's verification, the
costly pass, is one pass for all. Which passes meet depends only on what each generation asks for, never on the
threads' timing, so a job of the same requests always joins the same passes.

What it costs the truth. A verification pass is the same arithmetic on more rows, so its logits may differ from a
lone pass's in the last bits (about 1e-5 on the miniature): greedy output is the target's own unless two tokens tie
to that precision, and sampling keeps the target's distribution (tests/test_batching.py checks both). A lone
request never comes here. The rounds of a shared pass record no CPU time (which thread's clock would hold a share
of a pass run for eight?) and its trace says how many others it ran with (Trace.shared_with): its page then
measures no speed-up, and the race and "Measure again" run alone.
"""
from __future__ import annotations

import dataclasses
import threading
from dataclasses import dataclass

import torch

from . import lean
from .api import assemble, prepare
from .backends import Lean
from .proposers import MTPProposer, PromptLookupProposer
from .settings import Settings
from .trace import Trace


@dataclass
class _Seat:
    call: lean.Call | lean.DraftCall
    flags: dict | None             # a target pass's output keywords; None for a drafter step
    output: object = None
    error: BaseException | None = None
    done: bool = False


class Table:
    """Where the passes of `members` generations on one model pair meet, and are run together: the target's
    verification passes as one, the drafter's steps as one."""

    def __init__(self, target, assistant, members: int):
        self.target, self.assistant, self.live = target, assistant, members
        self._cond = threading.Condition()
        self._waiting: list[_Seat] = []

    def forward(self, call: lean.Call, flags: dict) -> lean.Output:
        """This generation's target pass, once every generation still running has asked for a pass of its own."""
        return self._take(_Seat(call, flags))

    def draft(self, call: lean.DraftCall) -> lean.DraftOutput:
        """This generation's drafter step, once every generation still running has asked for a pass of its own."""
        return self._take(_Seat(call, None))

    def _take(self, seat: _Seat):
        with self._cond:
            self._waiting.append(seat)
            self._run_if_all_wait()
            while not seat.done:
                self._cond.wait()
        if seat.error is not None:
            raise seat.error
        return seat.output

    def leave(self) -> None:
        """A generation is done (or failed): the others no longer wait for its passes."""
        with self._cond:
            self.live -= 1
            self._run_if_all_wait()

    def _run_if_all_wait(self) -> None:
        if not self._waiting or len(self._waiting) < self.live:
            return
        seats = [seat for seat in self._waiting if seat.flags is None]   # drafter steps first: the target passes
        if seats:                                                        # wait until every generation has drafted
            self._waiting = [seat for seat in self._waiting if seat.flags is not None]
        else:
            seats, self._waiting = self._waiting, []
        groups: dict[tuple, list[_Seat]] = {}
        for seat in seats:
            key = ("draft",) if seat.flags is None else ("target", tuple(sorted(seat.flags.items())))
            groups.setdefault(key, []).append(seat)
        for key, group in groups.items():
            calls = [s.call for s in group]
            try:     # on whichever thread came last, maybe one leaving outside the engine's inference mode
                with torch.inference_mode():
                    outputs = (lean.draft_many(self.assistant, calls) if key[0] == "draft"
                               else lean.forward_many(self.target, calls, **group[0].flags))
            except BaseException as exc:   # every generation in the pass hears of it
                for seat in group:
                    seat.error = exc
            else:
                for seat, output in zip(group, outputs):
                    seat.output = output
        for seat in seats:
            seat.done = True
        self._cond.notify_all()


class Joined(Lean):
    """A generation's backend whose lean passes wait at a Table and run there with other generations' (the same
    choices, model by model, as the lean backend it replaces). Its rounds record no CPU time: this thread's clock
    cannot tell its share of a pass run for several."""

    shared = True

    def __init__(self, alone: Lean, table: Table):
        super().__init__(alone.target, alone.assistant, alone.lean_target, alone.lean_drafter)
        self.table = table

    def forward(self, input_ids, attention_mask, cache, logits_to_keep, **flags) -> lean.Output:
        """The target pass, taken at the table (a Joined backend is only made for a lean target)."""
        return self.table.forward(lean.Call(input_ids, attention_mask, cache, logits_to_keep), flags)

    def drafter_step(self, call: lean.DraftCall) -> lean.DraftOutput:
        return self.table.draft(call)


def _shareable(decoder) -> bool:
    """Whether a generation's passes can all meet at a Table: a lean target, and a drafter that drafts with a lean
    step or with no model at all (a draft model, or an MTP drafter on transformers' calls, would run transformers'
    modules on several threads at once)."""
    backend, proposer = decoder.backend, decoder.proposer
    return isinstance(backend, Lean) and backend.lean_target and (
        proposer is None or isinstance(proposer, PromptLookupProposer)
        or isinstance(proposer, MTPProposer) and backend.lean_drafter)


def generate_together(pair, requests: list[tuple]) -> list[Trace | BaseException]:
    """The Trace of each (prompt, Settings) request on one pair, generated together: every generation whose target
    takes lean passes shares them (a lone one, or a target that does not, runs as generate_trace runs it). A
    request's failure is its own: it is returned in its place, and the others go on."""
    results: list[Trace | BaseException | None] = [None] * len(requests)
    ready = []
    for i, (prompt, settings) in enumerate(requests):
        try:
            ready.append((i, *prepare(pair, prompt, Settings.checked(**settings.as_dict()))))
        except Exception as exc:
            results[i] = exc
    shared = [r for r in ready if _shareable(r[1])] if len(ready) > 1 else []
    table = Table(pair.target, pair.assistant, len(shared)) if len(shared) > 1 else None

    def run(i, decoder, prompt_ids, settings):
        joined = decoder.backend.shared
        try:
            trace = assemble(pair, prompt_ids, list(decoder.rounds()), decoder, settings)
            results[i] = dataclasses.replace(trace, shared_with=len(shared) - 1) if joined else trace
        except Exception as exc:
            results[i] = exc
        finally:
            if joined:
                table.leave()

    with pair.lock:
        if table is not None:
            for _, decoder, _, _ in shared:
                decoder.backend = Joined(decoder.backend, table)
            threads = [threading.Thread(target=run, args=r, name=f"batched-{r[0]}", daemon=True) for r in shared]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        for r in ready:
            if not r[1].backend.shared:
                run(*r)
    return results
