import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { classify, documentedShellLines, shellLines, splitComment } from "./readme-lines.js";

describe("splitComment", () => {
  it("splits at the first # that starts a word outside quotes, as the shell does", () => {
    expect(splitComment("npm test   # runs it")).toEqual({ command: "npm test", comment: "runs it" });
    expect(splitComment(`call '{"a":"#1"}' # x`)).toEqual({ command: `call '{"a":"#1"}'`, comment: "x" });
    expect(splitComment(`echo "a # b" c`)).toEqual({ command: `echo "a # b" c`, comment: "" });
    expect(splitComment("echo a#b")).toEqual({ command: "echo a#b", comment: "" });
    expect(splitComment("echo \\# not a comment")).toEqual({ command: "echo \\# not a comment", comment: "" });
  });
});

describe("classify", () => {
  it("runs a plain line and expects 0, or the status its comment names", () => {
    expect(classify("npx x", "")).toEqual({ kind: "run", expectedStatus: 0 });
    expect(classify("npx x", "offline, any machine")).toEqual({ kind: "run", expectedStatus: 0 });
    expect(classify("npx x", "refused before sending: exits 1")).toEqual({ kind: "run", expectedStatus: 1 });
    expect(classify("node strip-check.mjs", "exits 1 naming any notebook with outputs")).toEqual({
      kind: "run",
      expectedStatus: 0,
    });
  });

  it("bounds a line that runs until Ctrl-C, waiting for the quoted text", () => {
    expect(classify("npm run setup", 'serves until Ctrl-C, printing "http://127.0.0.1:"')).toEqual({
      kind: "bounded",
      waitFor: "http://127.0.0.1:",
    });
  });

  it("leaves a marked line alone, keeping its reason", () => {
    expect(classify("npm run soak", "not run here: takes minutes")).toEqual({
      kind: "marked",
      reason: "takes minutes",
    });
    expect(classify("code .", "VS Code; not run here: opens an editor")).toEqual({
      kind: "marked",
      reason: "opens an editor",
    });
  });

  it("refuses a mark without its reason, and Ctrl-C without the text to wait for", () => {
    expect(classify("npm run soak", "not run here").kind).toBe("unclassified");
    expect(classify("npm run soak", "not run here:").kind).toBe("unclassified");
    expect(classify("npm run soak", "not run here because slow").kind).toBe("unclassified");
    expect(classify("jupyter lab", "runs until Ctrl-C").kind).toBe("unclassified");
  });
});

describe("shellLines", () => {
  const readme = [
    "# Title",
    "```sh",
    'npm run setup   # until Ctrl-C "http://"',
    "",
    "# a whole-line comment",
    "npx a \\",
    "  --flag b",
    "```",
    "```json",
    '{ "not": "shell" }',
    "```",
    "```ts",
    "console.log(1)",
    "```",
    "````bash",
    "echo two # exits 0",
    "````",
  ].join("\n");

  it("takes every command line of sh and bash blocks with its README line, joining continuations", () => {
    const lines = shellLines(readme);
    expect(lines.map((l) => [l.line, l.block, l.command, l.verdict.kind])).toEqual([
      [3, 0, "npm run setup", "bounded"],
      [6, 0, "npx a --flag b", "run"],
      [16, 1, "echo two", "run"],
    ]);
  });

  it("refuses a block that is never closed", () => {
    expect(() => shellLines("```sh\nnpm test\n")).toThrow(/never closed/);
  });
});

describe("documentedShellLines", () => {
  it("reads README.md first, then each docs page by name, numbering blocks across the pages", () => {
    const root = mkdtempSync(join(tmpdir(), "readme-lines-"));
    try {
      mkdirSync(join(root, "docs"));
      writeFileSync(join(root, "README.md"), '```sh\nnpm run setup   # until Ctrl-C "http://"\n```\n');
      writeFileSync(join(root, "docs", "b.md"), "# B\n\n```sh\necho b\n```\n");
      writeFileSync(join(root, "docs", "a.md"), "# A\n\n```sh\necho a1\necho a2\n```\n\n```bash\necho a3\n```\n");
      writeFileSync(join(root, "docs", "notes.txt"), "```sh\necho not a page\n```\n");
      expect(documentedShellLines(root).map((l) => [l.file, l.line, l.block, l.command])).toEqual([
        ["README.md", 2, 0, "npm run setup"],
        ["docs/a.md", 4, 1, "echo a1"],
        ["docs/a.md", 5, 1, "echo a2"],
        ["docs/a.md", 9, 2, "echo a3"],
        ["docs/b.md", 4, 3, "echo b"],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("names the page of a block that is never closed", () => {
    expect(() => shellLines("```sh\nnpm test\n", "docs/x.md")).toThrow(/^docs\/x\.md: /);
  });
});
