// Complete tier only: it starts the tslab kernel through jupyter_client, as VS Code would (seconds).
// VS Code's Jupyter extension starts a kernel from a kernelspec's argv, filling in {connection_file}
// (older releases leave {resource_dir} as it is), in the notebook's folder. The spec set-up writes
// into .venv for VS Code (scripts/write-kernelspec.mjs) must start the workbook's kernel that way:
// written here into a scratch folder, started with only {connection_file} filled in, from
// notebooks/, and asked for kernel_info, then shut down.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";

const REPO = resolve(__dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "workbook-vscode-kernel-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Starts the spec as VS Code does (only {connection_file} filled in, here by jupyter_client, which
 * would fill {resource_dir} too: the spec has none), from the notebook's folder; asks kernel_info;
 * shuts the kernel down. Prints the reply's content and whether the kernel ended.
 */
const START_AS_VSCODE = `
import json, os, sys
from jupyter_client import KernelManager
spec_file, cwd = sys.argv[1], sys.argv[2]
manager = KernelManager(kernel_name="tslab")
assert manager.kernel_spec.resource_dir == os.path.dirname(spec_file), manager.kernel_spec.resource_dir
manager.start_kernel(cwd=cwd)
try:
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=120)
    reply = client.kernel_info(reply=True, timeout=30)
    client.stop_channels()
    manager.shutdown_kernel(now=False)
    print(json.dumps({"content": reply["content"], "ended": not manager.is_alive()}))
finally:
    if manager.has_kernel and manager.is_alive():
        manager.shutdown_kernel(now=True)
`;

it("starts the workbook's TypeScript kernel from the spec written for VS Code, with only {connection_file} filled in", () => {
  const specDir = join(scratch, "kernels", "tslab");
  const written = spawnSync(process.execPath, [join(REPO, "scripts", "write-kernelspec.mjs"), specDir], {
    encoding: "utf8",
  });
  expect(written.status, written.stderr).toBe(0);
  const spec = JSON.parse(readFileSync(join(specDir, "kernel.json"), "utf8")) as {
    argv: string[];
    display_name: string;
  };
  expect(spec.display_name).toBe("TypeScript (mcp-workbook)");
  expect(
    spec.argv.filter((arg) => /\{(?!connection_file\})/u.test(arg)),
    "placeholders VS Code may leave unfilled",
  ).toEqual([]);

  const python = spawnSync("bash", [join(REPO, "scripts", "jupyter-python.sh"), "jupyter_client"], {
    encoding: "utf8",
  });
  expect(python.status, python.stderr).toBe(0);
  const run = spawnSync(
    python.stdout.trim(),
    ["-c", START_AS_VSCODE, join(specDir, "kernel.json"), join(REPO, "notebooks")],
    // The scratch folder first on JUPYTER_PATH: its kernels/tslab is the spec Jupyter picks.
    { encoding: "utf8", timeout: 150_000, env: { PATH: process.env["PATH"]!, HOME: scratch, JUPYTER_PATH: scratch } },
  );
  expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
  const { content, ended } = JSON.parse(run.stdout) as {
    content: { implementation: string; language_info: { name: string } };
    ended: boolean;
  };
  expect(content.implementation).toBe("tslab");
  expect(content.language_info.name).toBe("typescript");
  expect(ended, "the kernel ended on shutdown").toBe(true);
}, 180_000);
