// What the run's globalSetups give every test and every process a test starts: one temporary folder
// for the whole run (run-temp-dir-setup.ts), and no NODE_EXTRA_CA_CERTS (extra-ca-certs-setup.ts),
// which the README test gives back to the lines it runs as a newcomer.
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { basename } from "node:path";
import { expect, inject, it } from "vitest";
import { newcomerEnv } from "../readme/run-line.js";

const inChild = (name: string): string =>
  execFileSync("sh", ["-c", `printf %s "\${${name}-unset}"`], { encoding: "utf8" });

it("keeps the run's temporary files in one folder, for the tests and what they start", () => {
  expect(basename(tmpdir())).toMatch(/^workbook-test-run-/u);
  expect(inChild("TMPDIR")).toBe(tmpdir());
});

it("starts the run's processes without NODE_EXTRA_CA_CERTS, and gives it back to a newcomer's shell", () => {
  expect(process.env["NODE_EXTRA_CA_CERTS"]).toBeUndefined();
  expect(inChild("NODE_EXTRA_CA_CERTS")).toBe("unset");
  const found = inject("nodeExtraCaCerts");
  expect(newcomerEnv("/nowhere", {})["NODE_EXTRA_CA_CERTS"]).toBe(found === "" ? undefined : found);
});
