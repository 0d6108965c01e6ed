#!/usr/bin/env python3
"""Start a tslab kernel, open unclosed clients in it, then end the kernel one way.

    kernel_ends.py HOW MODES_JSON

HOW is how the kernel ends: "sigkill" (killed from outside: nothing of it runs), "restart"
(Jupyter's restart: a shutdown request, then a new kernel, which is shut down afterwards) or
"shutdown" (Jupyter's shutdown request). MODES_JSON is a JSON list of teaching-server modes; one
StdioClient per mode is opened in a cell and never closed.

Prints one JSON line: {"kernel": pid, "groups": [server pids], "ended": HOW}, once the old kernel
process is gone. What is left of the groups is for the caller to count (lib/src/chaos/leftovers).
Exit status 2 when the kernel could not be started or the cell failed.
"""
from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

CELL = """
import { StdioClient, teachingServerCommand } from "mcp-workbook";
const chaosModes: string[] = JSON.parse(process.env.WORKBOOK_CHAOS_MODES ?? "[]");
const chaosEnv = { PATH: process.env.PATH ?? "", WORKBOOK_CHAOS_RUN: process.env.WORKBOOK_CHAOS_RUN ?? "" };
const chaosClients = chaosModes.map((mode) => new StdioClient(teachingServerCommand(mode), { allowed: ["word_count"], timeoutMs: 2000, env: chaosEnv }));
await Promise.all(chaosClients.map(async (client) => {
  try {
    await client.initialize();
    await client.listTools();
    client.callTool("word_count", { text: "left in flight" }).catch(() => undefined);
  } catch {
    // the mode's lesson: refused, yet its process is there to be cleaned up
  }
}));
console.log("CHAOS " + JSON.stringify({ kernel: process.pid, groups: chaosClients.map((client) => client.pid) }));
"""


def gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf8") as stat:
            state = stat.read().rsplit(")", 1)[1].split()[0]
        return state in ("Z", "X")
    except FileNotFoundError:
        return True


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[1] not in ("sigkill", "restart", "shutdown"):
        sys.stderr.write(__doc__ or "")
        return 2
    how, modes = sys.argv[1], sys.argv[2]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(REPO / ".jupyter"), os.environ.get("JUPYTER_PATH", "")) if p)
    os.environ["WORKBOOK_CHAOS_MODES"] = modes
    from jupyter_client.manager import KernelManager

    manager = KernelManager(kernel_name="tslab")
    manager.start_kernel(cwd=str(REPO / "notebooks"))
    client = manager.client()
    client.start_channels()
    printed: list[str] = []
    try:
        client.wait_for_ready(timeout=120)

        def keep(message: dict) -> None:
            if message["msg_type"] == "stream":
                printed.append(message["content"]["text"])

        reply = client.execute_interactive(CELL, timeout=120, output_hook=keep)
        lines = [line for line in "".join(printed).splitlines() if line.startswith("CHAOS ")]
        if reply["content"]["status"] != "ok" or not lines:
            sys.stderr.write(f"kernel_ends: the cell failed: {reply['content']} {''.join(printed)}\n")
            manager.shutdown_kernel(now=True)
            return 2
        held = json.loads(lines[-1][len("CHAOS "):])
        kernel = held["kernel"]
        if how == "sigkill":
            os.kill(kernel, signal.SIGKILL)
        elif how == "restart":
            manager.restart_kernel(now=False)
        else:
            manager.shutdown_kernel(now=False)
        deadline = time.monotonic() + 30
        while not gone(kernel) and time.monotonic() < deadline:
            time.sleep(0.05)
        sys.stdout.write(json.dumps({**held, "ended": how}) + "\n")
        sys.stdout.flush()
        return 0
    finally:
        client.stop_channels()
        if manager.has_kernel:
            manager.shutdown_kernel(now=True)  # the restarted kernel, or a killed one's leftovers in Jupyter


if __name__ == "__main__":
    sys.exit(main())
