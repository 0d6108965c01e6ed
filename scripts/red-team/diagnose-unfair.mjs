#!/usr/bin/env node
// node scripts/red-team/diagnose-unfair.mjs
// Diagnostic outside the grader (not a grading): ids-from-zero and fractional-timeout against the deadline modes and the timeout bounds.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const require = createRequire(import.meta.url);
const root = "/work/wt-redteam";
const lib = require(`${root}/lib/dist/index.js`);
const assembly = require(`${root}/lib/dist/assembly/notebook-pieces.js`);
const { assembledClient } = require(`${root}/lib/dist/assembly/assembled-client.js`);
const { variantNotebook } = await import(`${root}/checkpoints/wrong-implementations/fresh/fresh-set.mjs`);
for (const name of ["request-ids-from-zero", "request-fractional-timeout"]) {
  const c = JSON.parse(readFileSync(`${root}/checkpoints/fair-implementations/red-team/round-1/${name}.json`, "utf8"));
  const { pieces } = assembly.evaluateBuildCells(assembly.buildCells(variantNotebook(c)), lib);
  for (const [mode, timeoutMs] of [
    ["trickle", 1000],
    ["drip", 1000],
    ["hang", 1000],
    ["normal", 60000],
    ["normal", 0],
    ["normal", 60001],
    ["normal", Infinity],
    ["normal", NaN],
    ["normal", -5],
    ["normal", 0.5],
  ]) {
    const client = assembledClient(pieces, [process.execPath, `${root}/server/dist/main.js`, "--mode", mode], {
      allowed: ["word_count"],
      timeoutMs,
    });
    const t0 = performance.now();
    let out;
    try {
      await client.initialize();
      out = await client.callTool("word_count", { text: "a b c" });
    } catch (e) {
      out = `${e.constructor.name}(${e.reason})`;
    }
    await client.close();
    console.log(name, mode, timeoutMs, out, Math.round(performance.now() - t0), "ms");
  }
}
