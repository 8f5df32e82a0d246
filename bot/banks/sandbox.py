"""Importing an uploaded document in a process of its own, with a memory ceiling and a time limit.

The limits of bot/banks/limits.py refuse what is plainly too big, but a reader can still need far more
memory than a document's size suggests, and a thread cannot be stopped or capped. So the bot reads and
imports each upload in a child process: its address space is capped (RLIMIT_AS, `max_memory_mb`), its
CPU time too (RLIMIT_CPU), and the bot kills it after `max_seconds` of wall time. Whatever the document
does to the child, the bot goes on serving: the admin is told the document was too big to read.

Children come from a fork server (multiprocessing's "forkserver"): one clean process, started at the
first upload with the importer already imported, forks each child in milliseconds (a fresh interpreter
would take about a second to import the importer). Where that is not available (no `resource` module,
e.g. Windows) the import runs in a thread, with the limits of bot/banks/limits.py only.

What comes back is bounded as well: the child sends its result only when it pickles to at most
`max_result` bytes, and the bot reads no more than that, so the bot holds a small result whatever the
document made. `run_isolated` runs any import function that way (`studybot import` uses it too).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import signal
import traceback
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bot.banks.import_queue import import_queue
from bot.banks.importer import ImportResult
from bot.banks.issues import DocumentError, Issue
from bot.banks.limits import UPLOAD_LIMITS, DocumentLimits, DocumentTooLarge
from bot.banks.upload import import_upload

try:
    import resource
except ImportError:  # pragma: no cover - not on Linux or macOS
    resource = None  # type: ignore[assignment]

__all__ = ["import_isolated", "run_isolated"]

log = logging.getLogger(__name__)

_CONTEXT: Any = None


def _context() -> Any:
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = multiprocessing.get_context("forkserver")
        _CONTEXT.set_forkserver_preload(["bot.banks.sandbox"])
    return _CONTEXT


async def import_isolated(
    data: bytes,
    file_name: str | None,
    bank_id: str,
    limits: DocumentLimits = UPLOAD_LIMITS,
    on_wait: Callable[[int], Awaitable[None]] | None = None,
    *,
    refuse_when_full: bool = False,
) -> ImportResult:
    """`import_upload` in a capped child process, one at a time in this process (the import queue:
    `on_wait(n)` when n are ahead; QueueFull when too many wait, if `refuse_when_full`); DocumentError or
    DocumentTooLarge as it would raise."""
    args = (data, file_name, bank_id, limits)

    async def read() -> ImportResult:
        return await asyncio.to_thread(run_isolated, import_upload, args, limits, file_name or "document")

    return await import_queue().run(read, on_wait, refuse_when_full=refuse_when_full)


def run_isolated(
    job: Callable[..., ImportResult], args: tuple[Any, ...], limits: DocumentLimits, name: str
) -> ImportResult:
    """`job(*args)` (a module-level function, for the child to find) in a capped child process, or in
    this thread where there is no fork server; DocumentError or DocumentTooLarge as it would raise."""
    if resource is None or "forkserver" not in multiprocessing.get_all_start_methods():
        return job(*args)
    return _run_child(job, args, limits, name)


def _run_child(
    job: Callable[..., ImportResult], args: tuple[Any, ...], limits: DocumentLimits, name: str
) -> ImportResult:
    ctx = _context()
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(send, job, args, limits), daemon=True, name="studybot-import")
    child.start()
    send.close()
    try:
        if not receive.poll(limits.max_seconds + 5):
            raise _too_big(
                name,
                f"读取超过 {limits.max_seconds:.0f} 秒，已停止",
                f"reading it took longer than {limits.max_seconds:.0f} s and was stopped",
            )
        kind, payload = pickle.loads(receive.recv_bytes(limits.max_result + 4096))  # never more than that
    except EOFError:  # the child died: out of memory or out of CPU time
        child.join(5)
        log.warning("importing %r: the reading process ended with %s", name, child.exitcode)
        if child.exitcode == -signal.SIGXCPU:
            raise _too_big(
                name,
                f"读取超过 {limits.max_seconds:.0f} 秒，已停止",
                f"reading it took longer than {limits.max_seconds:.0f} s and was stopped",
            ) from None
        raise _too_big(
            name,
            f"读取它需要的内存超过上限 {limits.max_memory_mb} MB",
            f"reading it needs more memory than the limit of {limits.max_memory_mb} MB",
        ) from None
    except OSError:  # "bad message length": a child that sent more than it may
        raise _result_too_big(name, limits) from None
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        child.join(5)
    if kind == "ok":
        return payload  # type: ignore[no-any-return]
    if kind == "bug":
        log.error("importing %r failed: a bug of ours in the importer:\n%s", name, payload)
        raise DocumentError(
            name, 0, "读取时出错（这是我们的问题，已记录）", "reading it failed (an error of ours; it was logged)"
        )
    source, issues, too_big = payload
    found = [Issue(*i) for i in issues]
    if too_big:
        raise DocumentTooLarge.from_issues(source, found)
    raise DocumentError.from_issues(source, found)


def _result_too_big(name: str, limits: DocumentLimits) -> DocumentTooLarge:
    mb = limits.max_result / (1024 * 1024)
    return _too_big(name, f"读出的题库超过 {mb:.1f} MB", f"the bank it makes is over {mb:.1f} MB")


def _too_big(name: str, zh: str, en: str) -> DocumentTooLarge:
    return DocumentTooLarge.because(
        name,
        f"无法读取：{zh}；请拆分或只保留文字后再试",
        f"cannot read it: {en}; split it or keep the text only and send it again",
    )


def _near(ceiling: int) -> bool:
    """This process came within a tenth of its memory ceiling (Linux: the peak size of its address space)."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return False
    peak = next((int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmPeak:")), 0)
    return peak >= ceiling * 0.9


def _child(send: Connection, job: Callable[..., ImportResult], args: tuple[Any, ...], limits: DocumentLimits) -> None:
    """In the child: cap memory and CPU time, import, send back the result (or the error as plain data)."""
    assert resource is not None
    ceiling = limits.max_memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))
    cpu = int(limits.max_seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    try:
        result: tuple[str, Any] = ("ok", job(*args))
    except DocumentError as exc:
        if not isinstance(exc, DocumentTooLarge) and _near(ceiling):
            # A parser that runs out of memory often says "invalid document" (libxml2 does): it was the ceiling.
            exc = _too_big(
                exc.source,
                f"读取它需要的内存超过上限 {limits.max_memory_mb} MB",
                f"reading it needs more memory than the limit of {limits.max_memory_mb} MB",
            )
        result = _error(exc)
    except MemoryError:
        os._exit(3)  # nothing can be sent without memory: the parent reads the closed pipe
    except Exception:  # a bug in a reader: its traceback goes to the bot's log
        result = ("bug", traceback.format_exc()[-4000:])
    try:
        payload = pickle.dumps(result)
        if len(payload) > limits.max_result:
            name = result[1].bank.source if result[0] == "ok" else "document"
            payload = pickle.dumps(_error(_result_too_big(name, limits)))
        with contextlib.suppress(BrokenPipeError):
            send.send_bytes(payload)
    except MemoryError:
        os._exit(3)
    send.close()


def _error(exc: DocumentError) -> tuple[str, Any]:
    issues = [(i.level, i.line, i.zh, i.en, i.sheet) for i in exc.issues]
    return ("error", (exc.source, issues, isinstance(exc, DocumentTooLarge)))
