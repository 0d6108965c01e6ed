#!/usr/bin/env python3
"""Run one notebook top to bottom in a fresh tslab kernel, headless, and fail loudly.

    run_notebook.py NOTEBOOK [--timeout S] [--startup-timeout S] [--out EXECUTED.ipynb]
                    [--env KEY=VALUE ...] [--json]

Exit status: 0 every code cell ran and none failed; 1 a cell errored, was aborted, timed out or
did not run (each one is named, with the kernel's stderr text); 2 the notebook could not be run
at all (bad arguments, no Jupyter, library not built, kernel did not start).

Parameters: the kernel inherits this process's environment, so a test or a grader passes values
to a notebook as environment variables (`WORKBOOK_LOG_DIR=/tmp/x run_notebook.py ...`, or
`--env WORKBOOK_LOG_DIR=/tmp/x`) and the notebook reads them with `process.env`.

A cell tagged `raises-exception` is expected to fail: it passes only if it does raise.

Why this is not just `jupyter nbconvert --execute`: tslab writes a cell's error to stderr only
(nbclient's exception then reads "<Error>:"), answers "abort" without running anything to requests
that arrive within 200 ms of an error, and nbclient counts an aborted cell as a success.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
KERNEL_NAME = "tslab"
# tslab ignores requests for 200 ms after an error; wait a little longer before the next one.
PAUSE_AFTER_ERROR_SECONDS = 0.3
# Seconds a kernel gets to start unless told otherwise, and at least what a fresh one after a failed start gets.
DEFAULT_STARTUP_SECONDS = 60
JUPYTER_MODULES = ("nbclient", "nbformat", "jupyter_client")
INSTALL_HINT = (
    "Jupyter is missing. Run `npm run setup`, or install it yourself:\n"
    "  Debian/Ubuntu: sudo apt-get install jupyter-core jupyter-client python3-nbclient "
    "python3-nbformat python3-nbconvert jupyter-notebook python3-ipykernel\n"
    "  elsewhere:     python3 -m pip install notebook nbclient nbconvert ipykernel"
)


# Set in the environment of the re-executed run: a Python the finder named that still cannot import
# Jupyter is reported, not executed again (no loop). Real paths cannot tell this apart: a venv's
# python resolves to the interpreter it was made from, yet imports different packages.
REEXECUTED = "WORKBOOK_RUN_NOTEBOOK_REEXECUTED"


def reexec_with_a_python_that_has_jupyter() -> None:
    """The first python3 on PATH may lack Jupyter (a pyenv build does here): ask the one finder."""
    finder = REPO / "scripts" / "jupyter-python.sh"
    try:
        found = subprocess.run(["bash", str(finder), *JUPYTER_MODULES], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        found = subprocess.CompletedProcess([], 1, "", f"{finder} could not run: {error}\n")
    python = found.stdout.strip()
    if found.returncode == 0 and python and os.environ.get(REEXECUTED) != python:
        os.execve(python, [python, __file__, *sys.argv[1:]], {**os.environ, REEXECUTED: python})
    if found.returncode == 0 and python:
        sys.stderr.write(f"run_notebook: {python} was named by {finder} but cannot import Jupyter here\n")
    sys.stderr.write(f"run_notebook: {INSTALL_HINT}\n{found.stderr}")
    sys.exit(2)


try:
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellTimeoutError, DeadKernelError
    from nbclient.util import ensure_async
except ImportError:
    reexec_with_a_python_that_has_jupyter()
# Imported: the kernel and anything it starts begin afresh.
os.environ.pop(REEXECUTED, None)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="run_notebook.py",
        description="Execute a notebook in a fresh tslab kernel; exit 1 on any failed or skipped cell.",
    )
    parser.add_argument("notebook", type=Path)
    parser.add_argument("--timeout", type=int, default=120, help="seconds allowed per cell (default 120)")
    parser.add_argument(
        "--startup-timeout",
        type=int,
        default=DEFAULT_STARTUP_SECONDS,
        help=f"seconds for the first kernel to start (default {DEFAULT_STARTUP_SECONDS}; a fresh one after it gets at least that)",
    )
    parser.add_argument("--out", type=Path, help="write the executed notebook here (also when a cell fails)")
    parser.add_argument("--env", action="append", default=[], metavar="KEY=VALUE", help="set an environment variable for the kernel (repeatable)")
    parser.add_argument("--json", action="store_true", help="print one JSON summary line on stdout")
    args = parser.parse_args(argv)
    for item in args.env:
        if "=" not in item or item.startswith("="):
            parser.error(f"--env expects KEY=VALUE, got {item!r}")
    return args


def first_line(source: str) -> str:
    for line in source.splitlines():
        if line.strip():
            return line.strip()[:100]
    return ""


def is_runnable(cell) -> bool:
    return cell.cell_type == "code" and bool(cell.source.strip())


def stderr_text(cell) -> str:
    """What the kernel said went wrong: tslab's stderr stream, plus any standard error output."""
    parts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream" and output.get("name") == "stderr":
            parts.append(output.get("text", ""))
        elif output.get("output_type") == "error":
            parts.append("\n".join(output.get("traceback", [])) or f"{output.get('ename')}: {output.get('evalue')}")
    return "".join(parts)


def library_not_built(nb) -> str | None:
    imports_library = any("mcp-workbook" in cell.source for cell in nb.cells if cell.cell_type == "code")
    built = REPO / "lib" / "dist" / "index.js"
    if imports_library and not built.exists():
        return f"the notebook imports mcp-workbook but {built} does not exist: run `npm run build` first"
    return None


class KernelDidNotStart(Exception):
    """The kernel never became ready: no cell ran, so a fresh kernel may run the notebook."""


async def execute_in_a_kernel_that_starts(nb, notebook_dir: Path, args: argparse.Namespace) -> dict:
    """execute(), with one more fresh kernel when the first never became ready (tslab's zeromq can
    fail its first kernel_info with EBUSY on a busy machine, and then answers nothing)."""
    try:
        return await execute(nb, notebook_dir, args)
    except KernelDidNotStart as error:
        sys.stderr.write(f"run_notebook: the kernel did not start ({error}); starting a fresh one\n")
        # The first may only have been slow on a busy machine: the fresh one gets the default time at least.
        fresh = argparse.Namespace(**{**vars(args), "startup_timeout": max(args.startup_timeout, DEFAULT_STARTUP_SECONDS)})
        return await execute(nb, notebook_dir, fresh)


async def execute(nb, notebook_dir: Path, args: argparse.Namespace) -> dict:
    replies: dict[int, dict] = {}

    async def pause_after_error(**_kwargs) -> None:
        await asyncio.sleep(PAUSE_AFTER_ERROR_SECONDS)

    def record_reply(cell, cell_index, execute_reply) -> None:
        replies[cell_index] = execute_reply.get("content", {}) if execute_reply else {}

    client = NotebookClient(
        nb,
        kernel_name=KERNEL_NAME,
        timeout=args.timeout,
        startup_timeout=args.startup_timeout,
        allow_errors=True,  # this loop decides what a failure is, cell by cell
        record_timing=True,
        resources={"metadata": {"path": str(notebook_dir)}},  # the kernel's working directory
        on_cell_error=pause_after_error,
        on_cell_executed=record_reply,
    )

    failures: list[dict] = []
    stopped_at: int | None = None  # the cell after which nothing ran
    started = time.monotonic()
    kernel_ready = None
    try:
        async with client.async_setup_kernel():
            reply = await client.async_wait_for_reply(await ensure_async(client.kc.kernel_info()))
            if reply is not None and "language_info" in reply["content"]:
                nb.metadata["language_info"] = reply["content"]["language_info"]
            kernel_ready = time.monotonic()
            stopped_at = await run_cells(client, nb, replies, failures, args)
    except Exception as error:
        if kernel_ready is None:
            raise KernelDidNotStart(f"{type(error).__name__}: {error}") from error
        raise
    finished = time.monotonic()

    code_cells = [i for i, cell in enumerate(nb.cells) if is_runnable(cell)]
    if stopped_at is not None:
        failures += [failure(i, nb.cells[i], "not run", "") for i in code_cells if i > stopped_at]
    return {
        "ok": not failures,
        "code_cells": len(code_cells),
        "cells_run": len(replies),
        "kernel_start_seconds": round((kernel_ready or finished) - started, 3),
        "run_seconds": round(finished - (kernel_ready or finished), 3),
        "failures": failures,
    }


async def run_cells(client, nb, replies: dict[int, dict], failures: list[dict], args: argparse.Namespace) -> int | None:
    """Runs the cells in order, adding each failure to `failures`; returns the cell it stopped at, if it stopped."""
    for index, cell in enumerate(nb.cells):
        if not is_runnable(cell):
            continue
        tags = cell.metadata.get("tags", [])
        try:
            await client.async_execute_cell(cell, index, execution_count=client.code_cells_executed + 1)
        except CellTimeoutError:
            failures.append(failure(index, cell, "timeout", f"no reply within {args.timeout} s"))
            return index
        except DeadKernelError:
            failures.append(failure(index, cell, "kernel died", stderr_text(cell)))
            return index
        status = replies.get(index, {}).get("status")
        expects_error = "raises-exception" in tags
        if status is None:
            why = "skipped (tag skip-execution)" if client.skip_cells_with_tag in tags else "not run"
            failures.append(failure(index, cell, why, ""))
            continue
        if status == "abort":
            failures.append(failure(index, cell, "aborted by the kernel", stderr_text(cell)))
        elif status == "error" and not expects_error:
            failures.append(failure(index, cell, "error", stderr_text(cell)))
        elif status == "ok" and expects_error:
            failures.append(failure(index, cell, "expected an error (tag raises-exception), none came", ""))
        if failures and failures[-1]["index"] == index:
            return index


def failure(index: int, cell, status: str, stderr: str) -> dict:
    return {"index": index, "status": status, "source": first_line(cell.source), "stderr": stderr}


# Stack frames inside the kernel's own machinery say nothing about the learner's cell.
KERNEL_FRAMES = ("node_modules/tslab/", "(node:vm:", "sigintHandlersWrap")


def readable(stderr: str) -> list[str]:
    lines = stderr.rstrip().splitlines()
    return [line for line in lines if not (line.lstrip().startswith("at ") and any(f in line for f in KERNEL_FRAMES))]


def report_failures(notebook: Path, failures: list[dict]) -> None:
    lines = [f"run_notebook: FAILED {notebook}"]
    for item in failures:
        lines.append(f"  cell {item['index']} ({item['status']}): {item['source']}")
        for text_line in readable(item["stderr"])[:40]:
            lines.append(f"    | {text_line}")
    sys.stderr.write("\n".join(lines) + "\n")


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    notebook = args.notebook.resolve()
    if not notebook.is_file():
        sys.stderr.write(f"run_notebook: no notebook at {args.notebook}\n")
        return 2
    try:
        nb = nbformat.read(str(notebook), as_version=4)
    except Exception as error:  # nbformat raises several unrelated types for bad files
        sys.stderr.write(f"run_notebook: {args.notebook} is not a readable notebook: {error}\n")
        return 2
    problem = library_not_built(nb)
    if problem:
        sys.stderr.write(f"run_notebook: {problem}\n")
        return 2

    # The kernelspec lives in the repo; nothing is installed system-wide.
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(REPO / ".jupyter"), os.environ.get("JUPYTER_PATH", "")) if p
    )
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # quiets a debugger warning
    for item in args.env:
        key, value = item.split("=", 1)
        os.environ[key] = value

    started = time.monotonic()
    try:
        summary = asyncio.run(execute_in_a_kernel_that_starts(nb, notebook.parent, args))
    except Exception as error:  # the kernel did not start, or its spec was not found
        sys.stderr.write(f"run_notebook: could not run {args.notebook}: {type(error).__name__}: {error}\n")
        return 2
    summary = {"notebook": str(args.notebook), **summary, "seconds": round(time.monotonic() - started, 3)}

    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, str(args.out))
    if not summary["ok"]:
        report_failures(args.notebook, summary["failures"])
    if args.json:
        sys.stdout.write(json.dumps(summary) + "\n")
    elif summary["ok"]:
        sys.stdout.write(
            f"run_notebook: ok {args.notebook}: {summary['cells_run']} cells in {summary['seconds']} s "
            f"(kernel start {summary['kernel_start_seconds']} s)\n"
        )
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
