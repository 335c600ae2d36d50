"""Where a command's time goes, for bot_bench.py --stages: the application's stages wrapped with timers.

Each stage is timed in the thread that runs it, in wall time (what the reply waits for) and in that
thread's CPU time (what it costs this process; work handed to a worker process costs the thread nothing).
Stages: a command (a start or a click) in its worker thread, of which the commit, the computer's moves,
the pictures, and (when pictures are drawn in this process, `--pool 0`) their PNG encoding.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

_lock = threading.Lock()
_wall: dict[str, float] = {}
_cpu: dict[str, float] = {}
_calls: dict[str, int] = {}

ORDER = ("command in its worker thread", "  commit", "  computer's moves", "  pictures", "    of which PNG encoding",
         "  the rest: engine, replay, reply text")


_active = threading.local()
"""The stages this thread is in: a stage entered again from inside itself (the pictures of `cpu_all`, each
drawn through `cpu` when there are no worker processes) is counted once."""


def _timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(fn)
    def timed(*args: Any, **kwargs: Any) -> Any:
        inside: set[str] = _active.__dict__.setdefault("stages", set())
        if name in inside:
            return fn(*args, **kwargs)
        inside.add(name)
        w, c = time.perf_counter(), time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            w, c = time.perf_counter() - w, time.thread_time() - c
            inside.discard(name)
            with _lock:
                _wall[name] = _wall.get(name, 0.0) + w
                _cpu[name] = _cpu.get(name, 0.0) + c
                _calls[name] = _calls.get(name, 0) + 1
    return timed


def install() -> None:
    """Wrap the stages (in this process; before the controller is made)."""
    from bot.app.game import play
    from bot.app.plumbing.runner import Runner
    from render import canvas

    play.GamePlay.move = _timed(ORDER[0], play.GamePlay.move)  # type: ignore[method-assign]
    play.GamePlay.start = _timed(ORDER[0], play.GamePlay.start)  # type: ignore[method-assign]
    play.GamePlay._commit = _timed(ORDER[1], play.GamePlay._commit)  # type: ignore[method-assign]
    canvas.encode = _timed(ORDER[4], canvas.encode)  # type: ignore[attr-defined]  # the name canvas calls, imported from render.png
    play.think = _timed(ORDER[2], play.think)  # the quick ones are made in the thread
    cpu, cpu_all = Runner.cpu, Runner.cpu_all
    computer, pictures = _timed(ORDER[2], cpu), _timed(ORDER[3], cpu)

    def routed(self: Runner, fn: Callable[..., Any], *args: Any) -> Any:
        return (computer if fn is play.think else pictures)(self, fn, *args)

    Runner.cpu = routed  # type: ignore[method-assign]
    Runner.cpu_all = _timed(ORDER[3], cpu_all)  # type: ignore[method-assign]


def totals() -> dict[str, tuple[float, float, int]]:
    with _lock:
        return {k: (_wall[k], _cpu[k], _calls[k]) for k in _wall}


def report(parts: list[dict[str, tuple[float, float, int]]]) -> None:
    """Mean milliseconds a command (start or click) spent in each stage, over all processes."""
    wall = {k: sum(p[k][0] for p in parts if k in p) for k in ORDER[:5]}
    cpu = {k: sum(p[k][1] for p in parts if k in p) for k in ORDER[:5]}
    inner = ORDER[1:4]
    wall[ORDER[5]] = wall[ORDER[0]] - sum(wall[k] for k in inner)
    cpu[ORDER[5]] = cpu[ORDER[0]] - sum(cpu[k] for k in inner)
    clicks = sum(p.get(ORDER[0], (0, 0, 0))[2] for p in parts) or 1
    print(f"where a command's time went (mean over {clicks} starts and clicks; wall = what the reply waited, "
          "cpu = this process's thread):")
    for k in ORDER:
        print(f"  {k:<44} wall {wall[k] / clicks * 1000:7.2f} ms   cpu {cpu[k] / clicks * 1000:7.2f} ms")
