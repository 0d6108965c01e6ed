// VS Code's Jupyter extension starts a kernel from a kernelspec's argv, filling in {connection_file}
// (older releases leave {resource_dir} as it is), in the notebook's folder. The spec set-up writes
// into .venv for VS Code (scripts/write-kernelspec.mjs) must start the workbook's kernel that way:
// written here into a scratch folder, started with only {connection_file} filled in, from
// notebooks/, and asked for kernel_info over its own connection file, then shut down.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";

const REPO = resolve(__dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "workbook-vscode-kernel-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Starts argv as VS Code does, asks kernel_info, shuts the kernel down; prints the reply's content. */
const START_AS_VSCODE = `
import json, os, signal, subprocess, sys
from jupyter_client import BlockingKernelClient
from jupyter_client.connect import write_connection_file
argv, cwd, connection = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
write_connection_file(connection, ip="127.0.0.1")
kernel = subprocess.Popen([connection if a == "{connection_file}" else a for a in argv], cwd=cwd, start_new_session=True)
try:
    client = BlockingKernelClient(connection_file=connection)
    client.load_connection_file()
    client.start_channels()
    client.wait_for_ready(timeout=90)
    reply = client.kernel_info(reply=True, timeout=30)
    client.shutdown()
    kernel.wait(timeout=20)
    print(json.dumps({"content": reply["content"], "exit": kernel.returncode}))
finally:
    if kernel.poll() is None:
        os.killpg(kernel.pid, signal.SIGKILL)
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
    [
      "-c",
      START_AS_VSCODE,
      JSON.stringify(spec.argv),
      join(REPO, "notebooks"),
      join(scratch, "kernel-connection.json"),
    ],
    { encoding: "utf8", timeout: 150_000, env: { PATH: process.env["PATH"]!, HOME: scratch } },
  );
  expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
  const { content, exit } = JSON.parse(run.stdout) as {
    content: { status: string; language_info: { name: string } };
    exit: number;
  };
  expect(content.status).toBe("ok");
  expect(content.language_info.name).toBe("typescript");
  expect(exit, "the kernel ended on shutdown").toBe(0);
}, 180_000);
