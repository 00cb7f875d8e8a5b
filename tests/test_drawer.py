"""Tests of the drawer (ui/drawer.py): jobs run in a process of their own at a low priority, one per key, given up when
nobody wants them, answers kept, and a drawing process that dies is replaced.

Knows the drawer only, with the standard library's functions as its jobs; test_player.py tests the whole decks the
step-through asks it for.
"""
from __future__ import annotations

import asyncio
import os
import time

import pytest

from mtp_viz.ui.drawer import NICE, Drawer


@pytest.fixture(scope="module")
def drawer():
    made = Drawer()
    yield made
    made.stop()


def test_a_job_is_drawn_once_in_a_process_of_low_priority_for_everyone_who_asks(drawer):
    async def both():
        return await asyncio.gather(*(drawer.draw("nice", os.getpriority, os.PRIO_PROCESS, 0) for _ in range(2)))

    assert asyncio.run(both()) == [NICE, NICE]          # the niceness of the process that drew it
    assert drawer.pending() == 0
    assert asyncio.run(drawer.draw("pid", os.getpid)) != os.getpid()


def test_an_answer_is_kept_for_whoever_asks_for_it_again(drawer):
    first = asyncio.run(drawer.draw("now", time.time))
    assert asyncio.run(drawer.draw("now", time.time)) == first != asyncio.run(drawer.draw("later", time.time))


def test_a_job_nobody_wants_any_more_is_given_up_before_it_starts(drawer):
    async def run():
        busy = asyncio.ensure_future(drawer.draw("busy", time.sleep, 4))
        await asyncio.sleep(0.5)
        started = time.monotonic()
        given_up = await drawer.draw("unwanted", os.getpid, wanted=lambda: time.monotonic() - started < 1.5)
        return given_up, time.monotonic() - started, drawer.pending(), await busy

    given_up, waited, pending, busy = asyncio.run(run())
    assert given_up is None and waited < 3.5                # not waiting for the busy job to end first
    assert pending == 1                                     # the busy job only: the later one was dropped
    assert busy is None                                     # time.sleep's answer


def test_a_drawing_process_that_dies_is_replaced(drawer):
    first = asyncio.run(drawer.draw("pid before", os.getpid))
    assert asyncio.run(drawer.draw("die", os._exit, 3)) is None
    second = asyncio.run(drawer.draw("pid after", os.getpid))
    assert second not in (None, first)


def test_without_processes_a_job_runs_in_a_thread_of_this_process():
    assert asyncio.run(Drawer(False).draw("pid", os.getpid)) == os.getpid()
