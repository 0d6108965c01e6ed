#!/usr/bin/env node
// Writes a kernelspec for the workbook's TypeScript kernel into DIR (its kernel.json), with absolute
// paths: this Node and this checkout's tslab. The spec kept in the repo (.jupyter/kernels/tslab)
// finds tslab through {resource_dir}, which Jupyter fills in but older VS Code Jupyter extensions do
// not; this one needs nothing filled in except {connection_file}. Set-up writes it into .venv, whose
// kernels VS Code lists once that environment is picked. Run it again if the checkout or Node moves.
//
//   node scripts/write-kernelspec.mjs DIR
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The spec: the repo's own, with its launcher made absolute. */
export function absoluteKernelspec(repo = REPO, node = process.execPath) {
  const kept = JSON.parse(readFileSync(join(repo, ".jupyter", "kernels", "tslab", "kernel.json"), "utf8"));
  return {
    ...kept,
    argv: [node, join(repo, "node_modules", "tslab", "bin", "tslab"), "kernel", "--config-path", "{connection_file}"],
    metadata: {
      note: `Written by scripts/write-kernelspec.mjs for the checkout at ${repo}; run it again if that moves.`,
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (dir === undefined || dir === "" || process.argv.length > 3) {
    process.stderr.write("usage: node scripts/write-kernelspec.mjs DIR  (the kernelspec's folder, made if missing)\n");
    process.exit(2);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "kernel.json"), `${JSON.stringify(absoluteKernelspec(), null, 2)}\n`);
}
