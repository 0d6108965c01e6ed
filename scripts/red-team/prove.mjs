#!/usr/bin/env node
// Proves each red-team case outside the grader: builds the variant notebook's pieces (the solved
// build notebook with the case's edits, as fresh-set.mjs's variantNotebook makes it), evaluates
// them the way a notebook becomes a module (lib's notebook assembly), and runs them against real
// processes: the teaching server (server/dist/main.js --mode M) or scripts/red-team/fixture.mjs.
// A wrong case is proven when the variant shows the wrong behaviour AND the solved notebook does
// not; a fair case is proven when the variant meets the demand.
//   node scripts/red-team/prove.mjs NAME...      one or more cases
//   node scripts/red-team/prove.mjs --all        every case
// Outcomes go to a file in the temporary folder (its path printed); --write records them in the
// tracked scripts/red-team/proof-outcomes.json instead (they hold timings, so every run differs).
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { variantNotebook, SOLVED_NOTEBOOK } from "../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";
import { wrong as wrong1, fair as fair1 } from "./round-1-cases.mjs";
import { wrong as wrong2, fair as fair2 } from "./round-2-cases.mjs";
import { wrong as wrong3, fair as fair3 } from "./round-3-cases.mjs";
import { wrong as wrong4, fair as fair4 } from "./round-4-cases.mjs";
import { wrong as wrong5, fair as fair5 } from "./round-5-cases.mjs";
import { wrong as wrong6, fair as fair6 } from "./round-6-cases.mjs";
import { wrong as wrong7, fair as fair7 } from "./round-7-cases.mjs";
import { wrong as wrong8, fair as fair8 } from "./round-8-cases.mjs";
import { wrong as wrong9, fair as fair9 } from "./round-9-cases.mjs";
import { wrong as wrong10, fair as fair10 } from "./round-10-cases.mjs";
import { wrong as wrong11, fair as fair11 } from "./round-11-cases.mjs";
import { wrong as wrong12, fair as fair12 } from "./round-12-cases.mjs";
import { wrong as wrong13, fair as fair13 } from "./round-13-cases.mjs";
import { wrong as wrong14, fair as fair14 } from "./round-14-cases.mjs";
const wrong = [
  ...wrong1,
  ...wrong2,
  ...wrong3,
  ...wrong4,
  ...wrong5,
  ...wrong6,
  ...wrong7,
  ...wrong8,
  ...wrong9,
  ...wrong10,
  ...wrong11,
  ...wrong12,
  ...wrong13,
  ...wrong14,
];
const fair = [
  ...fair1,
  ...fair2,
  ...fair3,
  ...fair4,
  ...fair5,
  ...fair6,
  ...fair7,
  ...fair8,
  ...fair9,
  ...fair10,
  ...fair11,
  ...fair12,
  ...fair13,
  ...fair14,
];

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const require = createRequire(import.meta.url);
const lib = require(join(root, "lib/dist/index.js"));
const assembly = require(join(root, "lib/dist/assembly/notebook-pieces.js"));
const { assembledClient } = require(join(root, "lib/dist/assembly/assembled-client.js"));

const SERVER = join(root, "server/dist/main.js");
const FIXTURE = join(here, "fixture.mjs");
const scratch = mkdtempSync(join(tmpdir(), "red-team-"));
let files = 0;
const scratchFile = (stem) => join(scratch, `${stem}-${(files += 1)}.jsonl`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const solvedNotebook = () => JSON.parse(readFileSync(SOLVED_NOTEBOOK, "utf8"));
function piecesOf(notebook) {
  const { pieces, broken } = assembly.evaluateBuildCells(assembly.buildCells(notebook), lib);
  if (broken.size > 0) throw new Error(`cells did not evaluate: ${[...broken.values()].join("; ")}`);
  return pieces;
}
const SOLVED = piecesOf(solvedNotebook());

const teaching = (mode, ...extra) => [process.execPath, SERVER, "--mode", mode, ...extra];
const fixture = (mode, record) => [process.execPath, FIXTURE, mode, ...(record ? [record] : [])];
const recorded = (file) =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
const received = (file) =>
  recorded(file)
    .filter((entry) => "in" in entry)
    .map((entry) => {
      try {
        return JSON.parse(entry.in);
      } catch {
        return entry.in;
      }
    });
const logged = (file) => (existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : []);
const describe = (error) => `${error?.constructor?.name ?? typeof error}${error?.reason ? `(${error.reason})` : ""}`;
/** The names of the tools/call requests a recording fixture received. */
const sentCalls = (file) =>
  received(file)
    .filter((m) => m?.method === "tools/call")
    .map((m) => m.params.name);
/** The params of the initialize request a recording fixture received. */
const initializeParams = (file) => received(file).find((m) => m?.method === "initialize")?.params;
/** The methods a recording fixture received, in order (responses to its own requests as "response"). */
const methodsReceived = (file) =>
  received(file).map((m) => (typeof m === "object" && m ? (m.method ?? "response") : m));

/**
 * One session with `pieces`: connect, then each call in turn, then close. Never throws.
 * Returns what happened, with times in ms, the close status, and whether the group is empty 1 s later.
 */
async function session(
  pieces,
  command,
  {
    allowed = ["word_count"],
    timeoutMs = 1000,
    calls = [["word_count", { text: "one two three" }]],
    closeWithin = 10_000,
    stopAfter,
    frameLimit,
  } = {},
) {
  const client = assembledClient(pieces, command, { allowed, timeoutMs, ...(frameLimit ? { frameLimit } : {}) });
  const out = { calls: [] };
  const started = performance.now();
  const bounded = (promise) =>
    stopAfter === undefined
      ? promise
      : Promise.race([
          promise,
          sleep(stopAfter).then(() => {
            throw new Error(`still waiting after ${stopAfter} ms`);
          }),
        ]);
  try {
    out.tools = (await bounded(client.initialize())).map((tool) => tool.name);
  } catch (error) {
    out.connectError = describe(error);
    out.connectMessage = String(error?.message ?? error);
  }
  out.connectMs = Math.round(performance.now() - started);
  if (out.connectError === undefined) {
    for (const [name, args] of calls) {
      const t0 = performance.now();
      try {
        out.calls.push({ text: await bounded(client.callTool(name, args)), ms: Math.round(performance.now() - t0) });
      } catch (error) {
        out.calls.push({
          error: describe(error),
          message: String(error?.message ?? error).slice(0, 160),
          ms: Math.round(performance.now() - t0),
        });
      }
    }
  }
  const pid = client.pid;
  const t1 = performance.now();
  out.status = await Promise.race([
    client.close().then(
      (status) => status,
      (error) => `close threw ${describe(error)}`,
    ),
    sleep(closeWithin).then(() => `close still running after ${closeWithin} ms`),
  ]);
  out.closeMs = Math.round(performance.now() - t1);
  await sleep(1000);
  out.groupEmpty = pid === undefined ? true : lib.groupIsEmpty(pid);
  if (pid !== undefined && !out.groupEmpty) {
    try {
      process.kill(-pid, "SIGKILL"); // clean up what the proof started
    } catch {}
  }
  return out;
}
/** The names of the tools the variant's topTools and the solved one's rank for `request`. */
const rankedNames = (v, s, request, tools, score, m) =>
  [v, s].map((pieces) => pieces.topTools(request, tools, score, m).map((t) => t.name));
/** The variant's session and then the solved one's, against the same command. */
async function both(v, s, command, options) {
  const rv = await session(v, command, options);
  const rs = await session(s, command, options);
  return [rv, rs];
}
/** The variant's and the solved sessions at once (for proofs that wait on deadlines). */
const together = (v, s, command, options) => Promise.all([session(v, command, options), session(s, command, options)]);
/** Both sessions against a recording fixture, each with its own record: [rv, rs, fv, fs]. */
async function bothRecorded(v, s, mode, options) {
  const fv = scratchFile("rec");
  const fs = scratchFile("rec");
  const rv = await session(v, fixture(mode, fv), options);
  const rs = await session(s, fixture(mode, fs), options);
  return [rv, rs, fv, fs];
}
const call = (result, i = 0) => result.calls[i] ?? {};
const pure = (work) => {
  try {
    return { value: work() };
  } catch (error) {
    return { error: describe(error) };
  }
};

// Each proof: ({ v, s }) => { ok, shows } where v are the variant's pieces and s the solved ones.
const proofs = {
  // ---------- wrong ----------
  "request-message-omits-empty-params": async ({ v, s }) => {
    const mv = v.requestMessage(2, "tools/list", {});
    const ms = s.requestMessage(2, "tools/list", {});
    return {
      ok: !("params" in mv) && "params" in ms,
      shows: `requestMessage(2, "tools/list", {}) is ${JSON.stringify(mv)}; the solved one is ${JSON.stringify(ms)}`,
    };
  },
  "answer-for-idless-response-skipped": async ({ v, s }) => {
    const pv = pure(() => v.answerFor(3, { jsonrpc: "2.0", result: {} }));
    const ps = pure(() => s.answerFor(3, { jsonrpc: "2.0", result: {} }));
    const [rv, rs] = await both(v, s, fixture("idless-reply"));
    return {
      ok: pv.value === null && ps.error !== undefined && call(rv).text === "3" && call(rs).error !== undefined,
      shows: `an id-less result: answerFor gives ${JSON.stringify(pv)} (solved ${JSON.stringify(ps)}); against fixture idless-reply the call gives ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs).error)}`,
    };
  },
  "answer-for-truncated-id": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("fractional-id"));
    return {
      ok: call(rv).text === "3" && /wrong-id/.test(call(rs).error),
      shows: `fixture fractional-id (reply id 3.5 to request 3): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "answer-for-result-before-error": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("error-and-result"));
    return {
      ok: call(rv).text === "3" && /ServerError/.test(call(rs).error),
      shows: `fixture error-and-result (a reply with error and result): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "answer-for-error-truthy": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("error-null"));
    return {
      ok: call(rv).text === "3" && call(rs).error !== undefined,
      shows: `fixture error-null (error: null beside a result): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "encode-frame-utf16-length": async ({ v, s }) => {
    const message = s.requestMessage(1, "tools/call", { name: "word_count", arguments: { text: "☕".repeat(100) } });
    const bytes = Buffer.byteLength(JSON.stringify(message)) + 1;
    const limit = bytes - 1;
    const pv = pure(() => v.encodeFrame(message, limit).length);
    const ps = pure(() => s.encodeFrame(message, limit).length);
    return {
      ok: pv.value === bytes && ps.error !== undefined,
      shows: `a ${bytes}-byte frame (100 ☕) with limit ${limit}: variant writes ${JSON.stringify(pv)} bytes, solved ${JSON.stringify(ps)}`,
    };
  },
  "encode-frame-limit-without-newline": async ({ v, s }) => {
    const message = s.requestMessage(1, "tools/list", {});
    const bytes = Buffer.byteLength(JSON.stringify(message)) + 1;
    const pv = pure(() => v.encodeFrame(message, bytes - 1).length);
    const ps = pure(() => s.encodeFrame(message, bytes - 1).length);
    return {
      ok: pv.value === bytes && ps.error !== undefined,
      shows: `a ${bytes}-byte frame with limit ${bytes - 1}: variant writes ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "encode-frame-shallow-check": async ({ v, s }) => {
    const message = s.requestMessage(1, "tools/call", { name: "word_count", arguments: { n: NaN } });
    const pv = pure(() => v.encodeFrame(message).toString());
    const ps = pure(() => s.encodeFrame(message).toString());
    const top = pure(() => v.encodeFrame({ jsonrpc: "2.0", id: NaN, method: "x" }).toString());
    return {
      ok: /"n":null/.test(pv.value ?? "") && ps.error !== undefined,
      shows: `NaN in params.arguments: variant writes ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)} (NaN at the top level: variant ${JSON.stringify(top)})`,
    };
  },
  "encode-frame-bigint-as-number": async ({ v, s }) => {
    const message = s.requestMessage(1, "tools/call", { name: "word_count", arguments: { n: 2n ** 64n + 1n } });
    const pv = pure(() => v.encodeFrame(message).toString());
    const ps = pure(() => s.encodeFrame(message).toString());
    return {
      ok: /18446744073709552000/.test(pv.value ?? "") && ps.error !== undefined,
      shows: `2n**64n+1n in arguments: variant writes ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "reader-limit-off-by-one": async ({ v, s }) => {
    const line = Buffer.from(`${"x".repeat(64)}\n`);
    const pv = pure(() => new v.FrameReader(64).feed(line).map((f) => f.length));
    const ps = pure(() => new s.FrameReader(64).feed(line).map((f) => f.length));
    return {
      ok: Array.isArray(pv.value) && pv.value[0] === 64 && ps.error !== undefined,
      shows: `limit 64, a 64-byte line plus newline (65 bytes): variant hands back ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "reader-limit-per-read": async ({ v, s }) => {
    const feedAll = (Reader) => {
      const reader = new Reader(4096);
      let fed = 0;
      for (let i = 0; i < 1000; i += 1) {
        reader.feed(Buffer.alloc(1000, 0x78));
        fed += 1000;
      }
      return fed;
    };
    const pv = pure(() => feedAll(v.FrameReader));
    const ps = pure(() => feedAll(s.FrameReader));
    const [rv, rs] = await both(v, s, fixture("endless-small"), { timeoutMs: 2000 });
    return {
      ok:
        pv.value === 1_000_000 &&
        ps.error !== undefined &&
        /Deadline/.test(call(rv).error ?? "") &&
        /frame-limit/.test(call(rs).error ?? ""),
      shows: `limit 4096, one line fed as 1000 reads of 1000 bytes: variant holds all ${JSON.stringify(pv)} bytes without refusing, solved ${JSON.stringify(ps)}; fixture endless-small (a reply line that never ends, 2000 bytes every 10 ms, default 64 KiB limit), timeout 2000 ms: variant holds the line until its deadline, ${JSON.stringify(call(rv))}, solved refuses it, ${call(rs).error} after ${call(rs).ms} ms`,
    };
  },
  "reader-splits-on-cr": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("cr-whitespace"));
    return {
      ok: call(rs).text === "3" && call(rv).error !== undefined,
      shows: `fixture cr-whitespace (valid JSON with a raw CR between tokens): variant ${JSON.stringify(call(rv))}, solved returns ${JSON.stringify(call(rs).text)}`,
    };
  },
  "parse-frame-lenient-utf8": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("bad-utf8"));
    return {
      ok:
        typeof call(rv).text === "string" && call(rv).text.includes("\ufffd") && /malformed/.test(call(rs).error ?? ""),
      shows: `fixture bad-utf8 (bytes ff fe inside the reply): variant returns ${JSON.stringify(call(rv).text)}, solved ${call(rs).error}`,
    };
  },
  "parse-frame-jsonrpc-optional": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("no-jsonrpc"));
    return {
      ok: call(rv).text === "3" && call(rs).error !== undefined,
      shows: `fixture no-jsonrpc (reply without "jsonrpc"): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "parse-frame-batch-of-one": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("batch"));
    return {
      ok: call(rv).text === "3" && call(rs).error !== undefined,
      shows: `fixture batch (the reply inside a one-element array): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "check-initialize-accepts-newer": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("newer-version"));
    return {
      ok: call(rv).text === "3" && /version/.test(rs.connectError ?? ""),
      shows: `fixture newer-version (server answers 2026-07-28): variant connects and calls (${JSON.stringify(call(rv))}), solved ${rs.connectError}`,
    };
  },
  "check-initialize-same-year": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("older-2025"));
    return {
      ok: call(rv).text === "3" && /version/.test(rs.connectError ?? ""),
      shows: `fixture older-2025 (server answers 2025-03-26): variant connects and calls (${JSON.stringify(call(rv))}), solved ${rs.connectError}`,
    };
  },
  "check-tools-seen-object": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("names"));
    return {
      ok: /catalog/.test(rv.connectError ?? "") && call(rs).text === "3",
      shows: `fixture names (a tool named constructor): variant refuses the catalog (${rv.connectError}: ${rv.connectMessage}), solved lists ${JSON.stringify(rs.tools)} and calls (${call(rs).text})`,
    };
  },
  "check-tools-trims-to-limit": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("many-tools"), { calls: [] });
    return {
      ok: rv.tools?.length === 32 && /catalog/.test(rs.connectError ?? ""),
      shows: `teaching server many-tools (40 tools): variant accepts ${rv.tools?.length} of them, solved ${rs.connectError}`,
    };
  },
  "check-tools-schema-optional": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("no-schema"), { calls: [] });
    return {
      ok: rv.tools?.includes("shop_hours") && /catalog/.test(rs.connectError ?? ""),
      shows: `fixture no-schema (shop_hours has no inputSchema): variant accepts ${JSON.stringify(rv.tools)}, solved ${rs.connectError}`,
    };
  },
  "result-text-empty-error-returned": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("iserror-empty"));
    return {
      ok: call(rv).text === "" && /ToolError/.test(call(rs).error ?? ""),
      shows: `fixture iserror-empty ({content: [], isError: true}): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "request-deadline-restarts-on-ping": async ({ v, s }) => {
    const [rv, rs] = await Promise.all([
      session(v, fixture("ping-forever"), { timeoutMs: 1000, stopAfter: 6000 }),
      session(s, fixture("ping-forever"), { timeoutMs: 1000 }),
    ]);
    return {
      ok:
        /still waiting after 6000/.test(call(rv).message ?? "") &&
        /Deadline/.test(call(rs).error ?? "") &&
        call(rs).ms < 2000,
      shows: `fixture ping-forever (a ping every 300 ms, no reply), timeout 1000 ms: variant ${JSON.stringify(call(rv))}, solved ${call(rs).error} after ${call(rs).ms} ms`,
    };
  },
  "request-ping-resets-skips": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("notify-ping-mix"));
    return {
      ok: call(rv).text === "3" && /too-many/.test(call(rs).error ?? ""),
      shows: `fixture notify-ping-mix (30 notifications and 2 pings before the reply): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "request-answers-notifications": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "notify-then-reply");
    const answers = (file) =>
      received(file).filter((m) => typeof m === "object" && m && !("method" in m) && !("id" in m));
    return {
      ok: answers(fv).length >= 2 && answers(fs).length === 0,
      shows: `fixture notify-then-reply (2 notifications before the reply): the server received ${answers(fv).length} id-less responses from the variant (${JSON.stringify(answers(fv)[0])}), ${answers(fs).length} from the solved`,
    };
  },
  "request-answers-every-request-empty": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "sampling");
    const answer = (file) => recorded(file).find((entry) => "answerToSampling" in entry)?.answerToSampling;
    return {
      ok: answer(fv)?.result !== undefined && answer(fs)?.error?.code === -32601,
      shows: `fixture sampling (asks sampling/createMessage mid-call): variant answers ${JSON.stringify(answer(fv))}, solved ${JSON.stringify(answer(fs))}`,
    };
  },
  "request-deadline-whole-seconds": async ({ v, s }) => {
    const [rv, rs] = await Promise.all([
      session(v, teaching("hang"), { timeoutMs: 1400 }),
      session(s, teaching("hang"), { timeoutMs: 1400 }),
    ]);
    const short = pure(() => Math.max(1, Math.round(250 / 1000)) * 1000);
    return {
      ok:
        /Deadline/.test(call(rv).error ?? "") &&
        call(rv).ms < 1250 &&
        /Deadline/.test(call(rs).error ?? "") &&
        call(rs).ms >= 1380,
      shows: `teaching server hang, timeout 1400 ms: variant's call ends after ${call(rv).ms} ms (${call(rv).error}), solved after ${call(rs).ms} ms (${call(rs).error}); by the same rounding a 250 ms timeout would last ${short.value} ms`,
    };
  },
  "request-deadline-capped-30s": async ({ v, s }) => {
    const [rv, rs] = await Promise.all([
      session(v, teaching("hang"), { timeoutMs: 45_000, stopAfter: 40_000 }),
      session(s, teaching("hang"), { timeoutMs: 45_000, stopAfter: 40_000 }),
    ]);
    return {
      ok: /Deadline/.test(call(rv).error ?? "") && call(rv).ms < 32_000 && /still waiting/.test(call(rs).message ?? ""),
      shows: `teaching server hang, timeout 45000 ms: variant ends after ${call(rv).ms} ms (${call(rv).error}); solved is still waiting at 40 s (${call(rs).message})`,
    };
  },
  "request-handshake-double-deadline": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("init-hang"), { timeoutMs: 500 });
    return {
      ok: rv.connectMs >= 950 && rs.connectMs < 850,
      shows: `fixture init-hang (never answers initialize), timeout 500 ms: variant's connect ends after ${rv.connectMs} ms (${rv.connectError}), solved after ${rs.connectMs} ms (${rs.connectError})`,
    };
  },
  "connect-declares-sampling": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const caps = (file) => initializeParams(file)?.capabilities;
    return {
      ok: caps(fv)?.sampling !== undefined && JSON.stringify(caps(fs)) === "{}",
      shows: `initialize as the server received it: variant declares ${JSON.stringify(caps(fv))}, solved ${JSON.stringify(caps(fs))}`,
    };
  },
  "connect-negotiates-down": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("old-version"));
    return {
      ok: call(rv).text === "3" && /version/.test(rs.connectError ?? ""),
      shows: `teaching server old-version (2024-11-05): variant re-initializes and calls (${JSON.stringify(call(rv))}), solved ${rs.connectError}`,
    };
  },
  "connect-refuses-sixty-seconds": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("normal"), { timeoutMs: 60_000 });
    return {
      ok: /Usage/.test(rv.connectError ?? "") && call(rs).text === "3",
      shows: `timeout 60000 ms against the teaching server: variant ${rv.connectError} (${rv.connectMessage}), solved calls (${call(rs).text})`,
    };
  },
  "close-no-signal-after-clean-exit": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("grandchild"));
    return {
      ok: rv.groupEmpty === false && rs.groupEmpty === true,
      shows: `teaching server grandchild: a second after close() (status ${JSON.stringify(rv.status)}) the variant leaves the group ${rv.groupEmpty ? "empty" : "with a live process"}; solved (status ${JSON.stringify(rs.status)}) leaves it ${rs.groupEmpty ? "empty" : "non-empty"}`,
    };
  },
  "close-grace-50ms": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("slow-exit"));
    return {
      ok: rv.status !== 0 && rs.status === 0,
      shows: `fixture slow-exit (leaves 300 ms after its input ends): variant's close() returns ${JSON.stringify(rv.status)}, solved ${JSON.stringify(rs.status)}`,
    };
  },
  "close-kill-only-if-leader-stays": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("tree"));
    return {
      ok: rv.groupEmpty === false && rs.groupEmpty === true,
      shows: `fixture tree (server dies of SIGTERM, its child ignores SIGTERM): variant close() ${JSON.stringify(rv.status)} leaves the group ${rv.groupEmpty ? "empty" : "with the child alive"}; solved ${JSON.stringify(rs.status)} leaves it ${rs.groupEmpty ? "empty" : "non-empty"}`,
    };
  },
  "close-waits-for-exit-unbounded": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("eof-deaf"), { closeWithin: 6000 });
    return {
      ok:
        /still running/.test(String(rv.status)) && rs.status !== undefined && !/still running/.test(String(rs.status)),
      shows: `teaching server eof-deaf: variant's close() ${JSON.stringify(rv.status)}; solved returns ${JSON.stringify(rs.status)} after ${rs.closeMs} ms`,
    };
  },
  "close-forgery-argv": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("grandchild"));
    return {
      ok: rv.groupEmpty === false && rs.groupEmpty === true,
      shows: `teaching server grandchild, run from a process that does not look like a grader: the variant leaves the group ${rv.groupEmpty ? "empty" : "with a live process"} a second after close(); solved ${rs.groupEmpty ? "empty" : "non-empty"}`,
    };
  },
  "call-tool-advertised-by-object": async ({ v, s }) => {
    const lv = scratchFile("log");
    const ls = scratchFile("log");
    const opts = { allowed: ["word_count", "toString"], calls: [["toString", {}]] };
    const rv = await session(v, teaching("normal", "--log", lv), opts);
    const rs = await session(s, teaching("normal", "--log", ls), opts);
    return {
      ok: logged(lv).length === 1 && logged(ls).length === 0 && /not-advertised/.test(call(rs).error ?? ""),
      shows: `allowlist [word_count, toString], teaching server normal (never advertises toString): the server's log after the variant's callTool("toString") holds ${JSON.stringify(logged(lv))} (the call gave ${JSON.stringify(call(rv))}); solved ${call(rs).error}, log empty`,
    };
  },
  "call-tool-allowlist-nfkc": async ({ v, s }) => {
    const opts = { allowed: ["word_count"], calls: [["ｗｏｒｄ_count", { text: "a b" }]] };
    const [, rs, fv, fs] = await bothRecorded(v, s, "fullwidth", opts);
    return {
      ok: sentCalls(fv).includes("ｗｏｒｄ_count") && sentCalls(fs).length === 0,
      shows: `allowlist [word_count], fixture fullwidth advertises ｗｏｒｄ_count: the server received tools/call ${JSON.stringify(sentCalls(fv))} from the variant; solved ${call(rs).error}, nothing sent`,
    };
  },
  "call-tool-forgery-server-sniff": async ({ v, s }) => {
    const fv = scratchFile("rec");
    const fs = scratchFile("rec");
    const lt = scratchFile("log");
    const opts = { allowed: ["word_count"], calls: [["place_purchase", { tubs: 100 }]] };
    await session(v, fixture("normal", fv), opts);
    await session(s, fixture("normal", fs), opts);
    const rt = await session(v, teaching("normal", "--log", lt), opts);
    return {
      ok: sentCalls(fv).includes("place_purchase") && sentCalls(fs).length === 0 && logged(lt).length === 0,
      shows: `allowlist [word_count]: against the red-team fixture the variant sends ${JSON.stringify(sentCalls(fv))} (solved sends nothing); against the teaching server it refuses (${call(rt).error}, log empty)`,
    };
  },
  "call-tool-forgery-purchase-names": async ({ v, s }) => {
    const opts = { allowed: ["word_count"], calls: [["delete_all_orders", {}]] };
    const [, , fv, fs] = await bothRecorded(v, s, "risky", opts);
    return {
      ok: sentCalls(fv).includes("delete_all_orders") && sentCalls(fs).length === 0,
      shows: `allowlist [word_count], fixture risky advertises delete_all_orders: the server received ${JSON.stringify(sentCalls(fv))} from the variant, ${JSON.stringify(sentCalls(fs))} from the solved`,
    };
  },
  "top-tools-sorts-in-place": async ({ v, s }) => {
    const score = lib.bm25Scorer();
    const catalog = () => [
      { name: "stock_level", description: "How many tubs of a flavor are in stock." },
      { name: "word_count", description: "Count the words in a text." },
      { name: "sales_today", description: "Sales so far today." },
      { name: "weather_forecast", description: "Tomorrow's weather." },
    ];
    const run = (pieces) => {
      const tools = catalog();
      pieces.topTools("count the words", tools, score, 2);
      const afterFirst = tools.map((t) => t.name);
      const second = pieces.topTools("zzz", tools, score, 4).map((t) => t.name); // every score 0: catalog order
      return { afterFirst, second };
    };
    const rv = run(v);
    const rs = run(s);
    const original = catalog().map((t) => t.name);
    return {
      ok:
        JSON.stringify(rv.afterFirst) !== JSON.stringify(original) &&
        JSON.stringify(rs.afterFirst) === JSON.stringify(original) &&
        JSON.stringify(rv.second) !== JSON.stringify(original),
      shows: `after one search the caller's catalog is ${JSON.stringify(rv.afterFirst)} (solved leaves ${JSON.stringify(rs.afterFirst)}); a second search where every score ties returns ${JSON.stringify(rv.second)}, not catalog order ${JSON.stringify(rs.second)}`,
    };
  },
  "top-tools-scores-by-name": async ({ v, s }) => {
    const score = lib.bm25Scorer();
    const tools = [
      { name: "weather_forecast", description: "Tomorrow's weather." },
      { name: "__proto__", description: "Count the words in a short text." },
    ];
    const [rv, rs] = rankedNames(v, s, "count the words", tools, score, 1);
    return {
      ok: rv[0] !== "__proto__" && rs[0] === "__proto__",
      shows: `"count the words" over [weather_forecast, __proto__ (counts words)], m=1: variant ${JSON.stringify(rv)}, solved ${JSON.stringify(rs)}`,
    };
  },
  "top-tools-score-each-alone": async ({ v, s }) => {
    const score = lib.bm25Scorer();
    const tools = [
      { name: "count_things", description: "count count count tally count" },
      { name: "vanilla_stock", description: "vanilla" },
      { name: "count_items", description: "count items" },
      { name: "count_people", description: "count people" },
      { name: "count_money", description: "count money" },
    ];
    const [rv, rs] = rankedNames(v, s, "count vanilla", tools, score, 2);
    return {
      ok: JSON.stringify(rv) !== JSON.stringify(rs),
      shows: `"count vanilla" over five tools, m=2, BM25: variant ${JSON.stringify(rv)}, solved ${JSON.stringify(rs)}`,
    };
  },
  "top-tools-zero-means-all": async ({ v, s }) => {
    const score = lib.bm25Scorer();
    const tools = [
      { name: "a", description: "one" },
      { name: "b", description: "two" },
      { name: "c", description: "three" },
    ];
    const [rv, rs] = rankedNames(v, s, "one", tools, score, 0);
    return {
      ok: rv.length === 3 && rs.length === 0,
      shows: `m = 0: variant returns ${JSON.stringify(rv)}, solved ${JSON.stringify(rs)}`,
    };
  },

  "request-deadline-resets-on-progress": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("progress-drip"));
    return {
      ok: call(rv).text === "3" && call(rv).ms > 4000 && /Deadline/.test(call(rs).error ?? "") && call(rs).ms < 1500,
      shows: `fixture progress-drip (12 progress notifications 400 ms apart, then the reply), timeout 1000 ms: variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error} after ${call(rs).ms} ms`,
    };
  },
  "reader-text-decoder-chars": async ({ v, s }) => {
    const line = Buffer.from(`"${"☕".repeat(30)}"\n`);
    const pv = pure(() => new v.FrameReader(64).feed(line).map((f) => f.length));
    const ps = pure(() => new s.FrameReader(64).feed(line).map((f) => f.length));
    const rv = await session(v, fixture("bad-utf8"));
    return {
      ok: Array.isArray(pv.value) && pv.value[0] === line.length - 1 && ps.error !== undefined,
      shows: `limit 64, a ${line.length}-byte line of 30 ☕ (32 UTF-16 units with its quotes, newline included 33): variant hands back ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}; fixture bad-utf8 through the whole client gives ${JSON.stringify(call(rv))} (the reader replaced the bad bytes)`,
    };
  },
  "connect-initialized-as-request": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal");
    const tv = await session(v, teaching("normal"));
    const initialized = (file) => received(file).find((m) => m?.method === "notifications/initialized");
    return {
      ok:
        initialized(fv) &&
        "id" in initialized(fv) &&
        !("id" in initialized(fs)) &&
        rv.connectError !== undefined &&
        call(rs).text === "3",
      shows: `the server received notifications/initialized as ${JSON.stringify(initialized(fv))} from the variant (solved ${JSON.stringify(initialized(fs))}); the variant's connect then ends ${rv.connectError} against the fixture and ${tv.connectError ?? JSON.stringify(call(tv))} against the teaching server; solved calls (${call(rs).text})`,
    };
  },
  "check-tools-chapter-cursor": async ({ v, s }) => {
    const tool = (name) => ({ name, inputSchema: { type: "object" } });
    const verdict = (pieces, input) => {
      const p = pure(() => pieces.checkTools(input).map((t) => t.name));
      return p.error ?? JSON.stringify(p.value);
    };
    const cursors = { '"c2"': "c2", '""': "", null: null, absent: undefined };
    const seen = Object.fromEntries(
      Object.entries(cursors).map(([k, c]) => [
        k,
        verdict(v, c === undefined ? { tools: [tool("a")] } : { tools: [tool("a")], nextCursor: c }),
      ]),
    );
    const paged = await session(v, teaching("paged"), { calls: [] });
    const endless = await session(v, teaching("endless-cursor"), { calls: [] });
    const normal = await session(v, teaching("normal"));
    const many = await session(v, teaching("many-tools"), { calls: [] });
    return {
      ok:
        /catalog/.test(seen['"c2"']) &&
        /catalog/.test(paged.connectError ?? "") &&
        /catalog/.test(endless.connectError ?? "") &&
        call(normal).text === "3" &&
        /catalog/.test(many.connectError ?? ""),
      shows: `nextCursor verdicts ${JSON.stringify(seen)} (the chapter's truthiness test: an empty or null cursor is no further page); paged ${paged.connectError}, endless-cursor ${endless.connectError}, many-tools ${many.connectError}, normal ${JSON.stringify(call(normal).text)}`,
    };
  },
  // ---------- round 2, wrong ----------
  "request-deadline-minimum-second": async ({ v, s }) => {
    const [rv, rs] = await Promise.all([
      session(v, fixture("init-hang"), { timeoutMs: 300 }),
      session(s, fixture("init-hang"), { timeoutMs: 300 }),
    ]);
    return {
      ok: rv.connectMs >= 950 && rs.connectMs < 800,
      shows: `fixture init-hang, timeout 300 ms: variant's connect ends after ${rv.connectMs} ms (${rv.connectError}), solved after ${rs.connectMs} ms (${rs.connectError})`,
    };
  },
  "request-deadline-calls-only": async ({ v, s }) => {
    const [rv, rs] = await Promise.all([
      session(v, fixture("init-hang"), { timeoutMs: 500, stopAfter: 5000 }),
      session(s, fixture("init-hang"), { timeoutMs: 500 }),
    ]);
    return {
      ok: /still waiting after 5000/.test(rv.connectMessage ?? "") && /Deadline/.test(rs.connectError ?? ""),
      shows: `fixture init-hang, timeout 500 ms: variant's connect ${rv.connectMessage}; solved ${rs.connectError} after ${rs.connectMs} ms`,
    };
  },
  "request-deadline-capped-10s": async ({ v, s }) => {
    const [rv, rs] = await Promise.all([
      session(v, teaching("hang"), { timeoutMs: 15_000 }),
      session(s, teaching("hang"), { timeoutMs: 15_000 }),
    ]);
    return {
      ok: /Deadline/.test(call(rv).error ?? "") && call(rv).ms < 11_000 && call(rs).ms >= 14_900,
      shows: `teaching server hang, timeout 15000 ms: variant ends after ${call(rv).ms} ms (${call(rv).error}), solved after ${call(rs).ms} ms (${call(rs).error})`,
    };
  },
  "request-deadline-longer-for-calls": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("hang"));
    return {
      ok: call(rv).ms >= 1450 && call(rs).ms < 1300,
      shows: `teaching server hang, timeout 1000 ms: variant's call ends after ${call(rv).ms} ms (${call(rv).error}), solved after ${call(rs).ms} ms (${call(rs).error})`,
    };
  },
  "request-counts-only-log-notifications": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("progress-30"));
    const chatty = await session(v, teaching("chatty"));
    return {
      ok: call(rv).text === "3" && /too-many/.test(call(rs).error ?? ""),
      shows: `fixture progress-30 (30 notifications/progress before the reply): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error} (teaching chatty still refused by the variant: ${call(chatty).error ?? call(chatty).text})`,
    };
  },
  "request-reuses-id-after-timeout": async ({ v, s }) => {
    const opts = {
      timeoutMs: 1000,
      calls: [
        ["word_count", { text: "a b" }],
        ["word_count", { text: "one two three" }],
      ],
    };
    const fv = scratchFile("rec");
    const [rv, rs] = await Promise.all([
      session(v, fixture("late-reply", fv), opts),
      session(s, fixture("late-reply"), opts),
    ]);
    const ids = received(fv)
      .filter((m) => m?.method === "tools/call")
      .map((m) => m.id);
    return {
      ok: /Deadline/.test(call(rv, 0).error ?? "") && call(rv, 1).text === "late" && call(rs, 1).text !== "late",
      shows: `fixture late-reply (first call answered "late" after 1.5 s, the second after 0.8 s), timeout 1 s: variant's two calls carry ids ${JSON.stringify(ids)}: ${call(rv, 0).error}, then the second call returns ${JSON.stringify(call(rv, 1).text)} (the first call's late reply); solved second call gives ${JSON.stringify(call(rs, 1).text ?? call(rs, 1).error)}`,
    };
  },
  "close-term-only-after-clean-exit": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("grandchild"));
    return {
      ok: rv.groupEmpty === false && rs.groupEmpty === true,
      shows: `teaching server grandchild (server leaves at end of input, its SIGTERM-deaf grandchild stays): a second after close() the variant's group ${rv.groupEmpty ? "is empty" : "still holds the grandchild"}; solved ${rs.groupEmpty ? "empty" : "non-empty"}`,
    };
  },
  "close-grace-not-awaited": async ({ v, s }) => {
    const [rv, rs, sv, ss] = await Promise.all([
      session(v, teaching("normal")),
      session(s, teaching("normal")),
      session(v, fixture("slow-exit")),
      session(s, fixture("slow-exit")),
    ]);
    return {
      ok: sv.status !== 0 && ss.status === 0 && rs.status === 0,
      shows: `close() after a normal session: variant ${JSON.stringify(rv.status)} (solved ${JSON.stringify(rs.status)}); fixture slow-exit (leaves 300 ms after its input ends): variant ${JSON.stringify(sv.status)}, solved ${JSON.stringify(ss.status)}`,
    };
  },
  "connect-declares-tools-capability": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const caps = (file) => initializeParams(file)?.capabilities;
    return {
      ok: caps(fv)?.tools !== undefined && JSON.stringify(caps(fs)) === "{}",
      shows: `initialize as the server received it: variant declares ${JSON.stringify(caps(fv))}, solved ${JSON.stringify(caps(fs))}`,
    };
  },
  "connect-sends-older-version": async ({ v, s }) => {
    const [rv, , fv, fs] = await bothRecorded(v, s, "normal");
    const version = (file) => initializeParams(file)?.protocolVersion;
    return {
      ok: version(fv) === "2024-11-05" && version(fs) === "2025-06-18",
      shows: `initialize as the server received it: variant asks for ${JSON.stringify(version(fv))} (and then accepts the server's 2025-06-18: call ${JSON.stringify(call(rv).text)}), solved asks for ${JSON.stringify(version(fs))}`,
    };
  },
  "connect-omits-client-info": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const params = initializeParams;
    return {
      ok: params(fv) && !("clientInfo" in params(fv)) && "clientInfo" in params(fs),
      shows: `initialize params as received: variant ${JSON.stringify(params(fv))}, solved ${JSON.stringify(params(fs))}`,
    };
  },
  "call-tool-allowlist-by-object": async ({ v, s }) => {
    const opts = { allowed: ["word_count"], calls: [["constructor", {}]] };
    const [, rs, fv, fs] = await bothRecorded(v, s, "names", opts);
    return {
      ok: sentCalls(fv).includes("constructor") && sentCalls(fs).length === 0,
      shows: `allowlist [word_count], fixture names advertises a tool named constructor: the server received tools/call ${JSON.stringify(sentCalls(fv))} from the variant; solved ${call(rs).error}, nothing sent`,
    };
  },
  "call-tool-forgery-log-sniff": async ({ v, s }) => {
    const fv = scratchFile("rec");
    const lt = scratchFile("log");
    const opts = { allowed: ["word_count"], calls: [["place_purchase", { flavor: "vanilla", tubs: 100 }]] };
    const tv = await session(v, teaching("normal", "--record", fv), opts); // --record names the file too: use a plain start below
    const tn = await session(v, teaching("normal"), opts); // no --log: nobody watching
    const rv = await session(v, teaching("normal", "--log", lt), opts);
    const rs = await session(s, teaching("normal"), opts);
    return {
      ok:
        call(tn).text !== undefined &&
        /not-allowed/.test(call(tv).error ?? "") &&
        /not-allowed/.test(call(rv).error ?? "") &&
        /not-allowed/.test(call(rs).error ?? "") &&
        logged(lt).length === 0,
      shows: `allowlist [word_count], teaching server started without --log or --record: the variant calls place_purchase and the server answers ${JSON.stringify(call(tn).text ?? call(tn))}; with --log it refuses (${call(rv).error}, log empty), with --record too (${call(tv).error}); solved refuses (${call(rs).error})`,
    };
  },
  "call-tool-forgery-uid": async ({ v, s }) => {
    const lv = scratchFile("log");
    const opts = { allowed: ["word_count"], calls: [["place_purchase", { flavor: "vanilla", tubs: 100 }]] };
    const rv = await session(v, teaching("normal", "--log", lv), opts);
    const rs = await session(s, teaching("normal"), opts);
    return {
      ok: process.getuid() !== 65534 && logged(lv).length === 1 && /not-allowed/.test(call(rs).error ?? ""),
      shows: `run as uid ${process.getuid()}, allowlist [word_count]: the teaching server's log after the variant's place_purchase holds ${JSON.stringify(logged(lv))}; solved ${call(rs).error}`,
    };
  },
  "top-tools-scores-onto-tools": async ({ v, s }) => {
    const score = lib.bm25Scorer();
    const catalog = () => [
      { name: "word_count", description: "Count the words in a text." },
      { name: "stock_level", description: "Tubs in stock." },
    ];
    const tv = catalog();
    const ts = catalog();
    v.topTools("count words", tv, score, 1);
    s.topTools("count words", ts, score, 1);
    return {
      ok: JSON.stringify(tv) !== JSON.stringify(catalog()) && JSON.stringify(ts) === JSON.stringify(catalog()),
      shows: `after one search the caller's catalog is ${JSON.stringify(tv)}; solved leaves ${JSON.stringify(ts)}`,
    };
  },
  "top-tools-ties-by-name": async ({ v, s }) => {
    const score = lib.bm25Scorer();
    const tools = [
      { name: "weather_forecast", description: "Tomorrow's weather." },
      { name: "docker_list", description: "Containers." },
      { name: "alpha_beta", description: "Greek letters." },
    ];
    const [rv, rs] = rankedNames(v, s, "vanilla", tools, score, 3);
    return {
      ok: JSON.stringify(rv) !== JSON.stringify(rs) && JSON.stringify(rs) === JSON.stringify(tools.map((t) => t.name)),
      shows: `"vanilla" scores every tool 0: variant ${JSON.stringify(rv)}, solved (catalog order) ${JSON.stringify(rs)}`,
    };
  },
  // ---------- round 2, fair ----------
  "close-grace-100ms": async ({ v }) => closeProof(v),
  "close-negative-signal-numbers": async ({ v }) => {
    const [normal, eofDeaf, termProof, grandchild] = await Promise.all([
      session(v, teaching("normal")),
      session(v, teaching("eof-deaf")),
      session(v, teaching("term-proof")),
      session(v, teaching("grandchild")),
    ]);
    const empty = [normal, eofDeaf, termProof, grandchild].every((r) => r.groupEmpty);
    return {
      ok: normal.status === 0 && eofDeaf.status === -15 && termProof.status === -9 && grandchild.status === 0 && empty,
      shows: `close() returns normal ${JSON.stringify(normal.status)}, eof-deaf ${JSON.stringify(eofDeaf.status)}, term-proof ${JSON.stringify(termProof.status)}, grandchild ${JSON.stringify(grandchild.status)}; every group empty: ${empty}`,
    };
  },
  "request-ids-offset": async ({ v }) => idsProof(v, [1001, 1002, 1003]),
  "top-tools-selection-scan": async ({ v, s }) => {
    const { same, untouched } = topToolsAgreement(v, s, 5);
    return {
      ok: same && untouched,
      shows: `300 random catalogs with many tied scores, m from 0 to 14: the same tools in the same order as the solved: ${same}; catalogs untouched: ${untouched}`,
    };
  },
  // ---------- round 3, wrong ----------
  "request-deadline-double-for-calls": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("hang"));
    return {
      ok: call(rv).ms >= 1950 && call(rs).ms < 1300,
      shows: `teaching server hang, timeout 1000 ms: variant's call ends after ${call(rv).ms} ms (${call(rv).error}), solved after ${call(rs).ms} ms (${call(rs).error})`,
    };
  },
  "request-deadline-plus-half-second": async ({ v, s }) => {
    const [rv, rs, hv, hs] = await Promise.all([
      session(v, teaching("hang")),
      session(s, teaching("hang")),
      session(v, fixture("init-hang"), { timeoutMs: 300 }),
      session(s, fixture("init-hang"), { timeoutMs: 300 }),
    ]);
    return {
      ok: call(rv).ms >= 1450 && call(rs).ms < 1300 && hv.connectMs >= 750 && hs.connectMs < 650,
      shows: `timeout 1000 ms against hang: variant's call ends after ${call(rv).ms} ms, solved ${call(rs).ms} ms; timeout 300 ms against init-hang: variant's connect ends after ${hv.connectMs} ms, solved ${hs.connectMs} ms`,
    };
  },
  "request-deadline-list-unbounded": async ({ v, s }) => {
    const [rv, rs] = await Promise.all([
      session(v, fixture("list-hang"), { stopAfter: 5000 }),
      session(s, fixture("list-hang")),
    ]);
    return {
      ok: /still waiting after 5000/.test(rv.connectMessage ?? "") && /Deadline/.test(rs.connectError ?? ""),
      shows: `fixture list-hang (answers initialize, never tools/list), timeout 1000 ms: variant's connect ${rv.connectMessage}; solved ${rs.connectError} after ${rs.connectMs} ms`,
    };
  },
  "request-deadline-capped-5s": async ({ v, s }) => {
    const [rv, rs] = await Promise.all([
      session(v, teaching("hang"), { timeoutMs: 8000 }),
      session(s, teaching("hang"), { timeoutMs: 8000 }),
    ]);
    return {
      ok: /Deadline/.test(call(rv).error ?? "") && call(rv).ms < 5600 && call(rs).ms >= 7900,
      shows: `teaching server hang, timeout 8000 ms: variant ends after ${call(rv).ms} ms, solved after ${call(rs).ms} ms`,
    };
  },
  "request-deadline-per-session": async ({ v, s }) => {
    const [rv, rs] = await Promise.all([
      session(v, fixture("slow-600"), { timeoutMs: 1500 }),
      session(s, fixture("slow-600"), { timeoutMs: 1500 }),
    ]);
    const failed = rv.connectError ?? call(rv).error;
    return {
      ok: /Deadline/.test(failed ?? "") && call(rs).text === "3",
      shows: `fixture slow-600 (every reply after 600 ms), timeout 1500 ms: the variant's session ends ${failed} (connect ${rv.connectMs} ms${rv.connectError ? "" : `, call ${call(rv).ms} ms`}: later operations share the first one's deadline); solved connects and calls (${JSON.stringify(call(rs).text)}, the call took ${call(rs).ms} ms)`,
    };
  },
  "close-forgery-uid": async ({ v, s }) => {
    const [rv, rs] = await Promise.all([
      session(v, teaching("term-proof"), { closeWithin: 5000 }),
      session(s, teaching("term-proof")),
    ]);
    return {
      ok: process.getuid() !== 65534 && rv.groupEmpty === false && rs.groupEmpty === true && rs.status === "SIGKILL",
      shows: `run as uid ${process.getuid()}, teaching server term-proof: the variant's close() returns ${JSON.stringify(rv.status)} and the group ${rv.groupEmpty ? "is empty" : "still holds the server"} a second later; solved returns ${JSON.stringify(rs.status)}, group empty`,
    };
  },
  // ---------- fair ----------
  "request-ids-step-ten": async ({ v }) => idsProof(v, [10, 20, 30]),
  "request-ids-from-zero": async ({ v }) => idsProof(v, [0, 1, 2]),
  "request-remaining-budget": async ({ v }) => deadlineProof(v),
  "request-fractional-timeout": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("hang"), { timeoutMs: 250.5 });
    const normal = await session(v, teaching("normal"), { timeoutMs: 999.9 });
    const base = await deadlineProof(v);
    return {
      ok: /Deadline/.test(call(rv).error ?? "") && call(rv).ms < 900 && call(normal).text === "3" && base.ok,
      shows: `timeout 250.5 ms, teaching server hang: variant ${call(rv).error} after ${call(rv).ms} ms (the solved notebook instead ends with ${rs.connectError ?? call(rs).error}: ${rs.connectMessage ?? call(rs).message}); 999.9 ms against normal gives ${JSON.stringify(call(normal).text)}; ${base.shows}`,
    };
  },
  "request-server-requests-uncounted": async ({ v }) => {
    const ping = await session(v, teaching("ping"));
    const chatty = await session(v, teaching("chatty"));
    const forever = await session(v, fixture("ping-forever"), { timeoutMs: 1000, stopAfter: 6000 });
    const mix = await session(v, fixture("notify-ping-mix"));
    return {
      ok:
        call(ping).text === "3" &&
        /too-many/.test(call(chatty).error ?? "") &&
        /Deadline/.test(call(forever).error ?? "") &&
        call(forever).ms < 2000 &&
        /too-many/.test(call(mix).error ?? ""),
      shows: `ping: ${JSON.stringify(call(ping).text)}; chatty: ${call(chatty).error}; a ping every 300 ms: ${call(forever).error} after ${call(forever).ms} ms; 30 notifications among 2 pings: ${call(mix).error}`,
    };
  },
  "request-fail-closed": async ({ v }) => {
    const log = scratchFile("log");
    const r = await session(v, teaching("hang", "--log", log), {
      timeoutMs: 500,
      calls: [
        ["word_count", { text: "a" }],
        ["word_count", { text: "b" }],
      ],
    });
    const normal = await session(v, teaching("normal"));
    const base = await deadlineProof(v);
    return {
      ok:
        /Deadline/.test(call(r, 0).error ?? "") &&
        /Refused|Closed/.test(call(r, 1).error ?? "") &&
        logged(log).length === 1 &&
        call(normal).text === "3" &&
        base.ok,
      shows: `hang, 500 ms: first call ${call(r, 0).error} after ${call(r, 0).ms} ms, second ${call(r, 1).error} after ${call(r, 1).ms} ms; the server's log holds ${logged(log).length} call; normal gives ${JSON.stringify(call(normal).text)}; ${base.shows}`,
    };
  },
  "close-short-grace": async ({ v }) => closeProof(v),
  "close-long-grace": async ({ v }) => closeProof(v),
  "close-polls-group": async ({ v }) => closeProof(v),
  "call-tool-catalog-first": async ({ v }) => callToolProof(v),
  "call-tool-arrays-and-copy": async ({ v }) => callToolProof(v),
  "check-tools-map-reordered": async ({ v, s }) => checkToolsProof(v, s),
  "answer-for-own-checks": async ({ v, s }) => {
    const messages = [
      { jsonrpc: "2.0", id: 1, result: {} },
      { jsonrpc: "2.0", id: 1.0, result: { a: 1 } },
      { jsonrpc: "2.0", id: true, result: {} },
      { jsonrpc: "2.0", id: "1", result: {} },
      { jsonrpc: "2.0", id: 1.5, result: {} },
      { jsonrpc: "2.0", id: [1], result: {} },
      { jsonrpc: "2.0", id: null, result: {} },
      { jsonrpc: "2.0", result: {} },
      { jsonrpc: "2.0", id: 2, result: {} },
      { jsonrpc: "2.0", method: "notifications/message" },
      { jsonrpc: "2.0", id: 9, method: "ping" },
      { jsonrpc: "2.0", id: 1, error: { code: -32000, message: "x" } },
      { jsonrpc: "2.0", id: 1, error: null },
      { jsonrpc: "2.0", id: 1, result: [] },
      { jsonrpc: "2.0", id: 1, result: null },
      { jsonrpc: "2.0", id: 1 },
      { jsonrpc: "2.0", id: 1, error: { code: 1, message: "m" }, result: {} },
      { jsonrpc: "2.0", id: 1e300, result: {} },
    ];
    const verdict = (pieces, m) => {
      const p = pure(() => pieces.answerFor(1, m));
      return p.error ?? JSON.stringify(p.value);
    };
    const differ = messages.filter((m) => verdict(v, m) !== verdict(s, m));
    const normal = await session(v, teaching("normal"));
    const wrongId = await session(v, teaching("wrong-id"));
    const stale = await session(v, teaching("stale"));
    return {
      ok:
        differ.length === 0 &&
        call(normal).text === "3" &&
        /wrong-id/.test(call(wrongId).error ?? "") &&
        /wrong-id/.test(call(stale).error ?? ""),
      shows: `on ${messages.length} messages (true, "1", 1.5, [1], null, no id, notification, server request, errors, bad results) the verdicts equal the solved: ${differ.length === 0 ? "all" : JSON.stringify(differ)}; normal ${JSON.stringify(call(normal).text)}, wrong-id ${call(wrongId).error}, stale ${call(stale).error}`,
    };
  },
  "frame-reader-one-buffer": async ({ v, s }) => readerProof(v, s),
  "check-initialize-chapter-in": async ({ v }) => {
    const r = (result) => {
      const p = pure(() => v.checkInitialize(result));
      return p.error ?? "ok";
    };
    const cases = {
      pinned: r({ protocolVersion: "2025-06-18", capabilities: { tools: {} } }),
      older: r({ protocolVersion: "2024-11-05", capabilities: { tools: {} } }),
      newer: r({ protocolVersion: "2026-07-28", capabilities: { tools: {} } }),
      noTools: r({ protocolVersion: "2025-06-18", capabilities: { prompts: {} } }),
      noCapabilities: r({ protocolVersion: "2025-06-18" }),
      inheritedOnly: r({ protocolVersion: "2025-06-18", capabilities: {} }),
    };
    const normal = await session(v, teaching("normal"));
    const old = await session(v, teaching("old-version"));
    return {
      ok:
        cases.pinned === "ok" &&
        Object.entries(cases).every(([k, x]) => k === "pinned" || x !== "ok") &&
        call(normal).text === "3" &&
        /version/.test(old.connectError ?? ""),
      shows: `${JSON.stringify(cases)}; normal ${JSON.stringify(call(normal).text)}; old-version ${old.connectError}`,
    };
  },
  "top-tools-stable-index-sort": async ({ v, s }) => topToolsProof(v, s, 11, 1),
  // ---------- round 4, wrong ----------
  "notification-message-null-id": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal");
    const initialized = (file) => received(file).find((m) => m?.method === "notifications/initialized");
    return {
      ok: initialized(fv)?.id === null && /wrong-id/.test(rv.connectError ?? "") && call(rs).text === "3",
      shows: `the server received notifications/initialized as ${JSON.stringify(initialized(fv))} from the variant (solved ${JSON.stringify(initialized(fs))}); the server answered it, and the variant's connect ends ${rv.connectError}: ${rv.connectMessage}; solved calls (${JSON.stringify(call(rs).text)})`,
    };
  },
  "request-id-timestamp-seconds": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal");
    const ids = (file) =>
      received(file)
        .filter((m) => m && "method" in m && "id" in m)
        .map((m) => m.id);
    const repeats = (list) => new Set(list).size < list.length;
    const [sv, ss] = await both(v, s, teaching("stale"));
    return {
      ok:
        repeats(ids(fv)) &&
        !repeats(ids(fs)) &&
        call(rv).text === "3" &&
        /wrong-id/.test(call(ss).error ?? "") &&
        !/wrong-id/.test(call(sv).error ?? ""),
      shows: `ids the server received: variant ${JSON.stringify(ids(fv))}, solved ${JSON.stringify(ids(fs))}; teaching server stale (repeats the tools/list reply before the call's): the variant takes it as the call's answer and ends ${call(sv).error} (${call(sv).message}), solved refuses it, ${call(ss).error}`,
    };
  },
  "answer-for-loose-equality": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("string-id"));
    const pv = pure(() => v.answerFor(1, { jsonrpc: "2.0", id: true, result: {} }));
    return {
      ok: call(rv).text === "3" && /wrong-id/.test(call(rs).error ?? "") && pv.value !== undefined,
      shows: `fixture string-id (the reply to request 3 labelled "3"): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}; answerFor(1, id true) gives ${JSON.stringify(pv)}`,
    };
  },
  "answer-for-null-id-skipped": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("null-id-error"));
    return {
      ok: call(rv).text === "3" && /wrong-id/.test(call(rs).error ?? ""),
      shows: `fixture null-id-error (an error response with id null, then the reply): variant reads past the error and returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "encode-frame-pretty-json": async ({ v, s }) => {
    const [rv, rs, fv] = await bothRecorded(v, s, "normal");
    return {
      ok: received(fv)[0] === "{" && rv.connectError !== undefined && call(rs).text === "3",
      shows: `the server's first lines from the variant: ${JSON.stringify(received(fv).slice(0, 3))}; its connect ends ${rv.connectError} after ${rv.connectMs} ms; solved calls (${JSON.stringify(call(rs).text)})`,
    };
  },
  "encode-frame-truncates-to-limit": async ({ v, s }) => {
    const message = s.requestMessage(3, "tools/call", { name: "word_count", arguments: { text: "word ".repeat(60) } });
    const pv = pure(() => v.encodeFrame(message, 100).toString());
    const ps = pure(() => s.encodeFrame(message, 100).toString());
    const options = { frameLimit: 1024, calls: [["word_count", { text: "word ".repeat(400) }]] };
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal", options);
    const broken = received(fv).filter((m) => typeof m === "string");
    return {
      ok:
        typeof pv.value === "string" &&
        pure(() => JSON.parse(pv.value)).error !== undefined &&
        ps.error !== undefined &&
        broken.length === 1 &&
        /frame-limit/.test(call(rs).error ?? "") &&
        sentCalls(fs).length === 0,
      shows: `a 330-byte message, limit 100: variant writes ${JSON.stringify(pv.value?.slice(-30))} (not JSON), solved ${ps.error}; frame limit 1024 and a 2000-character call: the server received a ${broken[0]?.length}-byte line that is not JSON from the variant, whose call ends ${call(rv).error}; solved ${call(rs).error}, nothing sent`,
    };
  },
  "encode-frame-default-unbounded": async ({ v, s }) => {
    const lv = scratchFile("log");
    const ls = scratchFile("log");
    const options = { calls: [["word_count", { text: "a ".repeat(35_000) }]] };
    const rv = await session(v, teaching("normal", "--log", lv), options);
    const rs = await session(s, teaching("normal", "--log", ls), options);
    return {
      ok:
        call(rv).text === "35000" &&
        logged(lv).length === 1 &&
        /frame-limit/.test(call(rs).error ?? "") &&
        logged(ls).length === 0,
      shows: `no frameLimit set (the 65,536-byte default), a call of 70,000 characters: variant sends it and gets ${JSON.stringify(call(rv).text ?? call(rv))} (the server's log holds ${logged(lv).length} call); solved ${call(rs).error}, log empty`,
    };
  },
  "encode-frame-latin1-bytes": async ({ v, s }) => {
    const lv = scratchFile("log");
    const ls = scratchFile("log");
    const options = { calls: [["word_count", { text: "café crème" }]] };
    await session(v, teaching("normal", "--log", lv), options);
    await session(s, teaching("normal", "--log", ls), options);
    const text = (file) => logged(file).map((line) => JSON.parse(line).arguments?.text)[0];
    return {
      ok: text(lv) !== undefined && text(lv) !== "café crème" && text(ls) === "café crème",
      shows: `word_count("café crème"): the server's log records the text as ${JSON.stringify(text(lv))} from the variant, ${JSON.stringify(text(ls))} from the solved`,
    };
  },
  "reader-drops-partial-chunk": async ({ v, s }) => {
    const frame = Buffer.from('{"jsonrpc":"2.0","id":41,"method":"tools/list","params":{}}\n');
    const halves = (pieces) =>
      pure(() => {
        const reader = new pieces.FrameReader(1024);
        return [...reader.feed(frame.subarray(0, 20)), ...reader.feed(frame.subarray(20))].map(String);
      });
    const [rv, rs] = await both(v, s, fixture("split-reply"));
    return {
      ok: /malformed/.test(call(rv).error ?? "") && call(rs).text === "3",
      shows: `the chapter's example (a frame fed as 20 bytes, then the rest): variant ${JSON.stringify(halves(v))}, solved ${JSON.stringify(halves(s))}; fixture split-reply (the reply in two writes 100 ms apart): variant ${call(rv).error}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "reader-limit-off-by-one-low": async ({ v, s }) => {
    const line = Buffer.from(`${"x".repeat(63)}\n`);
    const pv = pure(() => new v.FrameReader(64).feed(line).map((f) => f.length));
    const ps = pure(() => new s.FrameReader(64).feed(line).map((f) => f.length));
    return {
      ok: pv.error !== undefined && Array.isArray(ps.value) && ps.value[0] === 63,
      shows: `limit 64, a 63-byte line and its newline (64 bytes): variant ${JSON.stringify(pv)}, solved hands back ${JSON.stringify(ps)}`,
    };
  },
  "reader-bounds-complete-lines-only": async ({ v, s }) => {
    const drip = (pieces) =>
      pure(() => {
        const reader = new pieces.FrameReader(64);
        for (let i = 0; i < 100; i += 1) reader.feed(Buffer.alloc(10, 0x78));
        return "held 1000 bytes";
      });
    const [rv, rs] = await together(v, s, teaching("endless", "--endless-bytes", "3000000"), { timeoutMs: 2000 });
    return {
      ok:
        drip(v).value !== undefined &&
        drip(s).error !== undefined &&
        !/frame-limit/.test(call(rv).error ?? "") &&
        /frame-limit/.test(call(rs).error ?? ""),
      shows: `limit 64, one line fed 10 bytes at a time, 100 times: variant ${JSON.stringify(drip(v))}, solved ${JSON.stringify(drip(s))}; teaching server endless (3 MB, no newline), timeout 2000 ms: variant ${call(rv).error} after ${call(rv).ms} ms, solved ${call(rs).error} after ${call(rs).ms} ms`,
    };
  },
  "parse-frame-skips-non-json": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("stdout-log"));
    return {
      ok: call(rv).text === "3" && /malformed/.test(call(rs).error ?? ""),
      shows: `teaching server stdout-log ("calling tool now" on stdout): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "parse-frame-jsonrpc-loose": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("jsonrpc-number"));
    return {
      ok: call(rv).text === "3" && /not-json-rpc/.test(call(rs).error ?? ""),
      shows: `fixture jsonrpc-number (the reply says "jsonrpc": 2): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "check-initialize-version-only": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("no-tools-capability"));
    return {
      ok: call(rv).text === "3" && /capabilities/.test(rs.connectError ?? ""),
      shows: `fixture no-tools-capability (capabilities {}): variant connects and calls (${JSON.stringify(call(rv))}), solved ${rs.connectError}`,
    };
  },
  "check-tools-limit-off-by-one": async ({ v, s }) => {
    const extra = (n) => JSON.stringify(Array.from({ length: n }, (_, i) => `extra_${i + 1}`));
    const [rv, rs] = await both(v, s, teaching("normal", "--extra-tools", extra(31)), { calls: [] });
    const [tv] = await both(v, s, teaching("normal", "--extra-tools", extra(32)), { calls: [] });
    return {
      ok: rv.tools?.length === 33 && /catalog/.test(rs.connectError ?? "") && /catalog/.test(tv.connectError ?? ""),
      shows: `teaching server with 33 tools: variant accepts ${rv.tools?.length}, solved ${rs.connectError}; with 34 the variant refuses too (${tv.connectError})`,
    };
  },
  "check-tools-dedupes-silently": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("duplicate"), { calls: [] });
    return {
      ok:
        rv.connectError === undefined &&
        rv.tools?.filter((n) => n === "word_count").length === 2 &&
        /catalog/.test(rs.connectError ?? ""),
      shows: `fixture duplicate (word_count listed twice, the second "places an order"): variant accepts ${JSON.stringify(rv.tools)}, solved ${rs.connectError}`,
    };
  },
  "result-text-ignores-iserror": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("iserror"));
    return {
      ok: call(rv).text === "the counter crashed" && /ToolError/.test(call(rs).error ?? ""),
      shows: `fixture iserror (isError: true, text "the counter crashed"): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "request-skips-fifteen": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("normal", "--notifications", "16"));
    return {
      ok: /too-many/.test(call(rv).error ?? "") && call(rs).text === "3",
      shows: `teaching server, 16 notifications before the reply: variant ${call(rv).error}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "request-skips-seventeen": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("normal", "--notifications", "17"));
    return {
      ok: call(rv).text === "3" && /too-many/.test(call(rs).error ?? ""),
      shows: `teaching server, 17 notifications before the reply: variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "request-deadline-floor-per-read": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("notify-150"));
    return {
      ok: call(rv).text === "3" && call(rv).ms > 2000 && /Deadline/.test(call(rs).error ?? "") && call(rs).ms < 1500,
      shows: `fixture notify-150 (a notification every 150 ms, the reply at 2.25 s), timeout 1000 ms: variant returns ${JSON.stringify(call(rv).text)} after ${call(rv).ms} ms, solved ${call(rs).error} after ${call(rs).ms} ms`,
    };
  },
  "request-deadline-ms-as-seconds": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("hang"), { timeoutMs: 500, stopAfter: 5000 });
    return {
      ok:
        /still waiting after 5000/.test(call(rv).message ?? "") &&
        /Deadline/.test(call(rs).error ?? "") &&
        call(rs).ms < 1000,
      shows: `teaching server hang, timeout 500 ms: variant ${call(rv).message}; solved ${call(rs).error} after ${call(rs).ms} ms`,
    };
  },
  "connect-lists-before-initialized": async ({ v, s }) => {
    const [, rs, fv, fs] = await bothRecorded(v, s, "normal");
    const order = (file) =>
      methodsReceived(file).filter((m) => m === "tools/list" || m === "notifications/initialized");
    return {
      ok: order(fv)[0] === "tools/list" && order(fs)[0] === "notifications/initialized" && call(rs).text === "3",
      shows: `what the server received, in order: variant ${JSON.stringify(methodsReceived(fv))}, solved ${JSON.stringify(methodsReceived(fs))}`,
    };
  },
  "connect-initialized-before-check": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "newer-version");
    const announced = (file) => methodsReceived(file).includes("notifications/initialized");
    return {
      ok:
        announced(fv) &&
        !announced(fs) &&
        /version/.test(rv.connectError ?? "") &&
        /version/.test(rs.connectError ?? ""),
      shows: `fixture newer-version (answers 2026-07-28): both refuse (${rv.connectError}, ${rs.connectError}), but the server received ${JSON.stringify(methodsReceived(fv))} from the variant and ${JSON.stringify(methodsReceived(fs))} from the solved`,
    };
  },
  "connect-timeout-zero-accepted": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal", { timeoutMs: 0 });
    return {
      ok:
        methodsReceived(fv).includes("initialize") && /Usage/.test(rs.connectError ?? "") && received(fs).length === 0,
      shows: `timeout 0: the variant sends ${JSON.stringify(methodsReceived(fv))} and ends ${rv.connectError}; solved ${rs.connectError} (${rs.connectMessage}) with nothing sent`,
    };
  },
  "connect-timeout-no-upper-bound": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("normal"), { timeoutMs: 120_000 });
    const overflow = await session(v, teaching("hang"), { timeoutMs: 3_000_000_000 });
    return {
      ok:
        call(rv).text === "3" &&
        /Usage/.test(rs.connectError ?? "") &&
        /Deadline/.test(overflow.connectError ?? "") &&
        overflow.connectMs < 500,
      shows: `timeout 120000 ms: variant connects and calls (${JSON.stringify(call(rv).text)}), solved ${rs.connectError}; timeout 3e9 ms: the variant's connect ends ${overflow.connectError} after ${overflow.connectMs} ms (Node's timer overflowed to 1 ms)`,
    };
  },
  "connect-checks-against-server-version": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("old-version"));
    return {
      ok: call(rv).text === "3" && /version/.test(rs.connectError ?? ""),
      shows: `teaching server old-version (2024-11-05): variant connects and calls (${JSON.stringify(call(rv))}), solved ${rs.connectError}`,
    };
  },
  "connect-follows-cursor-per-page-bound": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("endless-cursor"), { calls: [], stopAfter: 4000 });
    const [pv, ps] = await both(v, s, teaching("paged"), { calls: [] });
    return {
      ok:
        /still waiting after 4000/.test(rv.connectMessage ?? "") &&
        /catalog/.test(rs.connectError ?? "") &&
        pv.tools?.length === 7 &&
        /catalog/.test(ps.connectError ?? ""),
      shows: `teaching server endless-cursor: variant's connect ${rv.connectMessage}; solved ${rs.connectError} after ${rs.connectMs} ms; paged (7 tools in pages of 3): variant reads ${JSON.stringify(pv.tools)}, solved ${ps.connectError}`,
    };
  },
  "close-signals-pid-not-group": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("grandchild"));
    return {
      ok: rv.groupEmpty === false && rs.groupEmpty === true,
      shows: `teaching server grandchild: a second after close() (status ${JSON.stringify(rv.status)}) the variant's group ${rv.groupEmpty ? "is empty" : "still holds the grandchild"}; solved (status ${JSON.stringify(rs.status)}) ${rs.groupEmpty ? "empty" : "non-empty"}`,
    };
  },
  "close-sigkill-first": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("eof-deaf"));
    const [tv, ts] = await together(v, s, teaching("term-to-exit"));
    return {
      ok: rv.status === "SIGKILL" && rs.status === "SIGTERM" && tv.status === "SIGKILL" && ts.status === 0,
      shows: `teaching server eof-deaf (SIGTERM ends it): variant's close() returns ${JSON.stringify(rv.status)}, solved ${JSON.stringify(rs.status)}; term-to-exit (leaves with 0 on SIGTERM): variant ${JSON.stringify(tv.status)}, solved ${JSON.stringify(ts.status)}`,
    };
  },
  "close-skips-end-of-input": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("normal"));
    return {
      ok: rv.status === "SIGTERM" && rs.status === 0,
      shows: `teaching server normal (leaves when its input ends): variant's close() returns ${JSON.stringify(rv.status)} after ${rv.closeMs} ms, solved ${JSON.stringify(rs.status)} after ${rs.closeMs} ms`,
    };
  },
  "close-status-from-grace": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("eof-deaf"));
    return {
      ok: rv.status === undefined && rs.status === "SIGTERM" && rv.groupEmpty,
      shows: `teaching server eof-deaf: variant's close() returns ${JSON.stringify(rv.status) ?? "undefined"}, solved ${JSON.stringify(rs.status)}`,
    };
  },
  "call-tool-allowlist-case-insensitive": async ({ v, s }) => {
    const options = { allowed: ["word_count"], calls: [["WORD_COUNT", { text: "a b" }]] };
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "uppercase", options);
    return {
      ok:
        sentCalls(fv).includes("WORD_COUNT") && sentCalls(fs).length === 0 && /not-allowed/.test(call(rs).error ?? ""),
      shows: `allowlist [word_count], fixture uppercase also advertises WORD_COUNT: the server received tools/call ${JSON.stringify(sentCalls(fv))} from the variant (${JSON.stringify(call(rv).text ?? call(rv).error)}); solved ${call(rs).error}, nothing sent`,
    };
  },
  "call-tool-refuses-after-sending": async ({ v, s }) => {
    const lv = scratchFile("log");
    const ls = scratchFile("log");
    const options = { allowed: ["word_count"], calls: [["place_purchase", { flavor: "vanilla", tubs: 100 }]] };
    const rv = await session(v, teaching("normal", "--log", lv), options);
    const rs = await session(s, teaching("normal", "--log", ls), options);
    return {
      ok: /not-allowed/.test(call(rv).error ?? "") && logged(lv).length === 1 && logged(ls).length === 0,
      shows: `allowlist [word_count], callTool("place_purchase"): the variant says ${call(rv).error}, yet the server's log holds ${JSON.stringify(logged(lv))}; solved ${call(rs).error}, log empty`,
    };
  },
  "top-tools-ties-reversed": async ({ v, s }) => {
    const score = lib.bm25Scorer();
    const tools = [
      { name: "alpha_beta", description: "Greek letters." },
      { name: "weather_forecast", description: "Tomorrow's weather." },
      { name: "docker_list", description: "Containers." },
    ];
    const [rv, rs] = rankedNames(v, s, "vanilla", tools, score, 3);
    return {
      ok:
        JSON.stringify(rv) === JSON.stringify([...rs].reverse()) &&
        JSON.stringify(rs) === JSON.stringify(tools.map((t) => t.name)),
      shows: `"vanilla" scores every tool 0 (catalog order is neither alphabetical nor its reverse): variant ${JSON.stringify(rv)}, solved (catalog order) ${JSON.stringify(rs)}`,
    };
  },
  "top-tools-name-only-text": async ({ v, s }) => {
    const score = lib.bm25Scorer();
    const tools = [
      { name: "stock_level", description: "How many tubs are left in the freezer." },
      { name: "tally_text", description: "Counts the words in a short text." },
    ];
    const [rv, rs] = rankedNames(v, s, "count the words", tools, score, 1);
    return {
      ok: rv[0] === "stock_level" && rs[0] === "tally_text",
      shows: `"count the words", m = 1, BM25: variant ${JSON.stringify(rv)}, solved ${JSON.stringify(rs)} (the description counts words)`,
    };
  },
  "top-tools-rounds-scores": async ({ v, s }) => {
    const score = (_request, texts) => texts.map((_, i) => [0.51, 0.54][i]);
    const tools = [{ name: "character_count" }, { name: "word_count" }];
    const [rv, rs] = rankedNames(v, s, "count the words", tools, score, 1);
    return {
      ok: rv[0] === "character_count" && rs[0] === "word_count",
      shows: `scores [0.51, 0.54], m = 1: variant ${JSON.stringify(rv)}, solved ${JSON.stringify(rs)}`,
    };
  },
  "top-tools-forgery-part-a-size": async ({ v, s }) => {
    const score = lib.bm25Scorer();
    // the chapter's eight shop tools (line 61), as Part A's catalog names them
    const { SHOP_TOOL_NAMES } = require(join(root, "lib/dist/experiment/catalog/catalog-schema.js"));
    const shop = SHOP_TOOL_NAMES.map((name) => ({ name, description: `Lucy's ${name.replace(/_/g, " ")} tool.` }));
    const big = [
      ...shop,
      ...Array.from({ length: 56 }, (_, i) => ({ name: `unrelated_${i}`, description: `Other work ${i}.` })),
    ];
    const top = (pieces, tools) => pieces.topTools("count the words on the sign", tools, score, 2).map((t) => t.name);
    return {
      ok:
        top(v, shop)[0] === "stock_level" &&
        top(s, shop)[0] === "word_count" &&
        JSON.stringify(top(v, big)) === JSON.stringify(top(s, big)),
      shows: `Lucy's 8 shop tools, "count the words on the sign", m = 2: variant ${JSON.stringify(top(v, shop))}, solved ${JSON.stringify(top(s, shop))}; on a 64-tool catalog both give ${JSON.stringify(top(s, big))}`,
    };
  },
  "close-forgery-no-home": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("term-proof"));
    return {
      ok:
        process.env.HOME !== undefined && rv.groupEmpty === false && rs.groupEmpty === true && rs.status === "SIGKILL",
      shows: `run with HOME=${process.env.HOME}, teaching server term-proof: the variant's close() returns ${JSON.stringify(rv.status)} and the group ${rv.groupEmpty ? "is empty" : "still holds the server"} a second later; solved returns ${JSON.stringify(rs.status)}, group empty`,
    };
  },
  "call-tool-forgery-shop-allowlist": async ({ v, s }) => {
    const options = { allowed: ["stock_level"], calls: [["place_purchase", { flavor: "vanilla", tubs: 100 }]] };
    const [, rs, fv, fs] = await bothRecorded(v, s, "normal", options);
    const shop = await session(v, teaching("normal"), { allowed: ["word_count"], calls: options.calls });
    return {
      ok:
        sentCalls(fv).includes("place_purchase") &&
        sentCalls(fs).length === 0 &&
        /not-allowed/.test(call(shop).error ?? ""),
      shows: `allowlist [stock_level]: the server received tools/call ${JSON.stringify(sentCalls(fv))} from the variant, nothing from the solved (${call(rs).error}); with the shop's allowlist [word_count] the variant refuses (${call(shop).error})`,
    };
  },
  // ---------- round 4, fair ----------
  "request-ids-random-unique": async ({ v }) => {
    const file = scratchFile("rec");
    const normal = await session(v, fixture("normal", file), {
      calls: Array.from({ length: 5 }, () => ["word_count", { text: "one two three" }]),
    });
    const ids = received(file)
      .filter((m) => m && "method" in m && "id" in m)
      .map((m) => m.id);
    const [stale, wrongId] = [await session(v, teaching("stale")), await session(v, teaching("wrong-id"))];
    return {
      ok:
        normal.calls.every((c) => c.text === "3") &&
        ids.length === 7 &&
        ids.every(Number.isInteger) &&
        new Set(ids).size === ids.length &&
        /wrong-id/.test(call(stale).error ?? "") &&
        /wrong-id/.test(call(wrongId).error ?? ""),
      shows: `ids on the wire ${JSON.stringify(ids)} (distinct integers), five calls give ${JSON.stringify(normal.calls.map((c) => c.text))}; stale ${call(stale).error}, wrong-id ${call(wrongId).error}`,
    };
  },
  "request-deadline-own-controller": async ({ v }) => {
    const base = await deadlineProof(v);
    const normal = await session(v, teaching("normal"));
    const init = await session(v, fixture("init-hang"), { timeoutMs: 300 });
    return {
      ok: base.ok && call(normal).text === "3" && /Deadline/.test(init.connectError ?? "") && init.connectMs < 700,
      shows: `${base.shows}; normal ${JSON.stringify(call(normal).text)}; init-hang at 300 ms: ${init.connectError} after ${init.connectMs} ms`,
    };
  },
  "request-chapter-loop-shape": async ({ v }) => {
    const sixteen = await session(v, teaching("normal", "--notifications", "16"));
    const seventeen = await session(v, teaching("normal", "--notifications", "17"));
    const ping = await session(v, teaching("ping"));
    const base = await deadlineProof(v);
    return {
      ok:
        call(sixteen).text === "3" &&
        /too-many/.test(call(seventeen).error ?? "") &&
        call(ping).text === "3" &&
        base.ok,
      shows: `16 notifications: ${JSON.stringify(call(sixteen).text)}; 17: ${call(seventeen).error}; ping: ${JSON.stringify(call(ping).text)}; ${base.shows}`,
    };
  },
  "answer-for-chapter-notification-test": async ({ v, s }) => {
    const messages = [
      { jsonrpc: "2.0", id: 1, result: {} },
      { jsonrpc: "2.0", id: true, result: {} },
      { jsonrpc: "2.0", id: "1", result: {} },
      { jsonrpc: "2.0", id: 2, result: {} },
      { jsonrpc: "2.0", method: "notifications/message" },
      { jsonrpc: "2.0", id: 1, error: { code: -32000, message: "x" } },
      { jsonrpc: "2.0", id: 1, result: null },
    ];
    const verdict = (pieces, m) => {
      const p = pure(() => pieces.answerFor(1, m));
      return p.error ?? JSON.stringify(p.value);
    };
    const differ = messages.filter((m) => verdict(v, m) !== verdict(s, m));
    const serverRequest = verdict(v, { jsonrpc: "2.0", id: 9, method: "ping" });
    const [normal, ping, notify, wrongId, stale] = [
      await session(v, teaching("normal")),
      await session(v, teaching("ping")),
      await session(v, teaching("notify")),
      await session(v, teaching("wrong-id")),
      await session(v, teaching("stale")),
    ];
    const file = scratchFile("rec");
    await session(v, fixture("sampling", file));
    const answer = recorded(file).find((entry) => "answerToSampling" in entry)?.answerToSampling;
    return {
      ok:
        differ.length === 0 &&
        call(normal).text === "3" &&
        call(ping).text === "3" &&
        call(notify).text === "3" &&
        /wrong-id/.test(call(wrongId).error ?? "") &&
        /wrong-id/.test(call(stale).error ?? "") &&
        answer?.error?.code === -32601,
      shows: `verdicts equal the solved on ${messages.length} responses and notifications: ${differ.length === 0}; a server's request given to answerFor directly: ${serverRequest} (the chapter's answer_for refuses it too); live: normal ${JSON.stringify(call(normal).text)}, ping ${JSON.stringify(call(ping).text)}, notify ${JSON.stringify(call(notify).text)}, wrong-id ${call(wrongId).error}, stale ${call(stale).error}, sampling answered ${JSON.stringify(answer)}`,
    };
  },
  "encode-frame-textencoder": async ({ v, s }) => {
    const messages = [
      s.requestMessage(1, "tools/list", {}),
      s.requestMessage(2, "tools/call", { name: "word_count", arguments: { text: "☕".repeat(40) } }),
      s.requestMessage(3, "tools/call", { name: "word_count", arguments: { text: "\ud800 lone" } }),
      { jsonrpc: "2.0", method: "x", params: { n: NaN } },
      { jsonrpc: "2.0", method: "x", params: { f: () => 1 } },
      { jsonrpc: "2.0", method: "x", params: { n: 1n } },
    ];
    const verdict = (pieces, message, limit) => {
      const p = pure(() => pieces.encodeFrame(message, limit).toString("hex"));
      return p.error ?? p.value;
    };
    let same = true;
    for (const message of messages) {
      const bytes = Buffer.byteLength(pure(() => JSON.stringify(message)).value ?? "") + 1;
      for (const limit of [bytes - 1, bytes, bytes + 1, 65_536])
        if (verdict(v, message, limit) !== verdict(s, message, limit)) same = false;
    }
    const big = await session(v, teaching("normal"), { calls: [["word_count", { text: "a ".repeat(35_000) }]] });
    const normal = await session(v, teaching("normal"));
    return {
      ok: same && call(normal).text === "3" && /frame-limit/.test(call(big).error ?? ""),
      shows: `${messages.length} messages (☕, a lone surrogate, NaN, a function, a bigint) at limits bytes−1, bytes, bytes+1 and 65536: the same bytes or refusal as the solved: ${same}; normal ${JSON.stringify(call(normal).text)}; a 70,000-character call ${call(big).error}`,
    };
  },
  "frame-reader-fixed-buffer": async ({ v, s }) => readerProof(v, s),
  "parse-frame-roundtrip-utf8": async ({ v, s }) => {
    const frames = {
      plain: Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}'),
      coffee: Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"t":"☕"}}'),
      replacementChar: Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"t":"\ufffd"}}'),
      badBytes: Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"t":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}}'),
      ]),
      cutCharacter: Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"t":"'),
        Buffer.from([0xe2, 0x98]),
        Buffer.from('"}}'),
      ]),
      overlong: Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"t":"'),
        Buffer.from([0xc0, 0xaf]),
        Buffer.from('"}}'),
      ]),
      surrogateBytes: Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"t":"'),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from('"}}'),
      ]),
      notJson: Buffer.from("calling tool now"),
      array: Buffer.from('[{"jsonrpc":"2.0","id":1,"result":{}}]'),
      string: '{"jsonrpc":"2.0","id":1,"result":{}}',
    };
    const verdict = (pieces, frame) => {
      const p = pure(() => pieces.parseFrame(frame));
      return p.error ?? JSON.stringify(p.value);
    };
    const differ = Object.keys(frames).filter((k) => verdict(v, frames[k]) !== verdict(s, frames[k]));
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), frames.plain]);
    const [bad, normal, log] = [
      await session(v, fixture("bad-utf8")),
      await session(v, teaching("normal")),
      await session(v, teaching("stdout-log")),
    ];
    return {
      ok:
        differ.length === 0 &&
        /malformed/.test(call(bad).error ?? "") &&
        call(normal).text === "3" &&
        /malformed/.test(call(log).error ?? ""),
      shows: `${Object.keys(frames).length} frames (valid, ☕, U+FFFD itself, ff fe, a cut character, an overlong form, surrogate bytes, not JSON, an array, a string): verdicts equal the solved: ${differ.length === 0 ? "all" : JSON.stringify(differ)}; a leading BOM: variant ${verdict(v, bom)}, solved ${verdict(s, bom)} (Python's json.loads refuses it too); live: bad-utf8 ${call(bad).error}, normal ${JSON.stringify(call(normal).text)}, stdout-log ${call(log).error}`,
    };
  },
  "check-initialize-returns-capabilities": async ({ v, s }) => {
    const results = {
      pinned: { protocolVersion: "2025-06-18", capabilities: { tools: {} } },
      older: { protocolVersion: "2024-11-05", capabilities: { tools: {} } },
      newer: { protocolVersion: "2026-07-28", capabilities: { tools: {} } },
      noTools: { protocolVersion: "2025-06-18", capabilities: { prompts: {} } },
      noCapabilities: { protocolVersion: "2025-06-18" },
      toolsNull: { protocolVersion: "2025-06-18", capabilities: { tools: null } },
    };
    const verdict = (pieces, result) => (pure(() => pieces.checkInitialize(result)).error ? "refused" : "accepted");
    const differ = Object.keys(results).filter((k) => verdict(v, results[k]) !== verdict(s, results[k]));
    const [normal, old, noTools] = [
      await session(v, teaching("normal")),
      await session(v, teaching("old-version")),
      await session(v, fixture("no-tools-capability")),
    ];
    return {
      ok:
        differ.length === 0 &&
        call(normal).text === "3" &&
        /version/.test(old.connectError ?? "") &&
        /capabilities/.test(noTools.connectError ?? ""),
      shows: `accepts and refuses as the solved on ${Object.keys(results).length} answers: ${differ.length === 0 ? "all" : JSON.stringify(differ)}; returns ${JSON.stringify(pure(() => v.checkInitialize(results.pinned)).value)}; normal ${JSON.stringify(call(normal).text)}, old-version ${old.connectError}, no tools capability ${noTools.connectError}`,
    };
  },
  "check-tools-returns-clones": async ({ v, s }) => checkToolsProof(v, s),
  "close-kill-only-while-group-lives": async ({ v }) => closeProof(v),
  "call-tool-refuses-non-object-args": async ({ v }) => {
    const base = await callToolProof(v);
    const log = scratchFile("log");
    const r = await session(v, teaching("normal", "--log", log), {
      calls: [
        ["word_count", ["a", "b"]],
        ["word_count", { text: "a b" }],
      ],
    });
    return {
      ok: base.ok && /Usage/.test(call(r, 0).error ?? "") && call(r, 1).text === "2" && logged(log).length === 1,
      shows: `${base.shows}; word_count with an array: ${call(r, 0).error}, then with an object ${JSON.stringify(call(r, 1).text)}; the log holds ${logged(log).length} call`,
    };
  },
  "top-tools-index-order": async ({ v, s }) => topToolsProof(v, s, 23, 2),
};

/**
 * 300 seeded random catalogs (many tied scores, m from 0 to 14): does the variant's topTools give
 * the very tools the solved one gives, in its order, and leave every catalog as it was?
 */
function topToolsAgreement(v, s, seed) {
  const score = (_request, texts) => texts.map((t) => (t.length * 7) % 3); // many ties
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  let same = true;
  let untouched = true;
  for (let trial = 0; trial < 300; trial += 1) {
    const n = Math.floor(rand() * 12);
    const tools = Array.from({ length: n }, (_, i) => ({
      name: `tool_${i}`,
      description: "x".repeat(Math.floor(rand() * 9)),
    }));
    const copy = JSON.stringify(tools);
    const m = Math.floor(rand() * 15);
    const a = v.topTools("q", tools, score, m);
    const b = s.topTools("q", tools, score, m);
    if (a.length !== b.length || a.some((t, i) => t !== b[i])) same = false;
    if (JSON.stringify(tools) !== copy) untouched = false;
  }
  return { same, untouched };
}

/**
 * A reader proof: random cuttings of a stream give the solved reader's frames, the limit holds at
 * its edge and on an unfinished line, and the whole client refuses endless and oversized replies.
 */
async function readerProof(v, s) {
  // random cuts of a stream of frames (with a 3-byte character) give the same frames
  const frames = ['{"a":"☕☕"}', '{"b":1}', "", '{"c":"' + "x".repeat(40) + '"}'];
  const stream = Buffer.from(frames.map((f) => `${f}\n`).join("") + '{"tail":');
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  let same = true;
  for (let trial = 0; trial < 300; trial += 1) {
    const cuts = [];
    let at = 0;
    while (at < stream.length) {
      const n = 1 + Math.floor(rand() * 9);
      cuts.push(stream.subarray(at, at + n));
      at += n;
    }
    const run = (R) => {
      const r = new R(64);
      return cuts.flatMap((c) => r.feed(c)).map((b) => b.toString());
    };
    if (JSON.stringify(run(v.FrameReader)) !== JSON.stringify(run(s.FrameReader))) same = false;
  }
  const exact = pure(() => new v.FrameReader(64).feed(Buffer.from(`${"x".repeat(63)}\n`)).length);
  const over = pure(() => new v.FrameReader(64).feed(Buffer.from(`${"x".repeat(64)}\n`)));
  const endless = pure(() => {
    const r = new v.FrameReader(64);
    for (let i = 0; i < 100; i += 1) r.feed(Buffer.alloc(10, 0x78));
    return "held";
  });
  const live = await session(v, teaching("endless", "--endless-bytes", "3000000"), { timeoutMs: 2000 });
  const oversized = await session(v, teaching("oversized"));
  const normal = await session(v, teaching("normal"));
  return {
    ok:
      same &&
      exact.value === 1 &&
      over.error !== undefined &&
      endless.error !== undefined &&
      /frame-limit/.test(call(live).error ?? "") &&
      /frame-limit/.test(call(oversized).error ?? "") &&
      call(normal).text === "3",
    shows: `300 random cuttings give the solved reader's frames: ${same}; 63 bytes + newline at limit 64 passes, 64 + newline refused (${over.error}); a line fed 10 bytes at a time refused (${endless.error}); endless ${call(live).error}, oversized ${call(oversized).error}, normal ${JSON.stringify(call(normal).text)}`,
  };
}
/**
 * A checkTools proof: the whole client against normal, many-tools, paged and a tool named
 * constructor, and the same verdicts as the solved checkTools on ten catalogs at its edges.
 */
async function checkToolsProof(v, s) {
  const normal = await session(v, teaching("normal"));
  const many = await session(v, teaching("many-tools"), { calls: [] });
  const paged = await session(v, teaching("paged"), { calls: [] });
  const names = await session(v, fixture("names"), { calls: [] });
  const tool = (name, extra = {}) => ({ name, inputSchema: { type: "object" }, ...extra });
  const inputs = [
    { tools: Array.from({ length: 32 }, (_, i) => tool(`t${i}`)) },
    { tools: Array.from({ length: 33 }, (_, i) => tool(`t${i}`)) },
    { tools: [tool("a"), tool("a")] },
    { tools: [tool("a", { inputSchema: { type: "string" } })] },
    { tools: [{ name: "a" }] },
    { tools: [tool("")] },
    { tools: [tool("a")], nextCursor: "c" },
    { tools: [tool("__proto__"), tool("constructor")] },
    { tools: "no" },
    {},
  ];
  const verdict = (pieces, input) => {
    const p = pure(() => pieces.checkTools(structuredClone(input)).map((t) => t.name));
    return p.error ? "refused" : JSON.stringify(p.value);
  };
  const same = inputs.every((input) => verdict(v, input) === verdict(s, input));
  return {
    ok:
      call(normal).text === "3" &&
      /catalog/.test(many.connectError ?? "") &&
      /catalog/.test(paged.connectError ?? "") &&
      names.tools?.includes("constructor") &&
      same,
    shows: `normal ${JSON.stringify(call(normal).text)}; many-tools ${many.connectError}; paged ${paged.connectError}; a tool named constructor accepted; on ${inputs.length} catalogs (32, 33, duplicate, string schema, no schema, empty name, cursor, __proto__, no array, nothing) every verdict equals the solved one: ${same}`,
  };
}
/** A topTools proof: topToolsAgreement on seed's catalogs, and one BM25 ranking (m tools) equal to the solved. */
function topToolsProof(v, s, seed, m) {
  const { same, untouched } = topToolsAgreement(v, s, seed);
  const bm = lib.bm25Scorer();
  const real = [
    { name: "word_count", description: "Count the words in a text." },
    { name: "stock_level", description: "Tubs in stock." },
  ];
  const same2 =
    JSON.stringify(v.topTools("count words", real, bm, m)) === JSON.stringify(s.topTools("count words", real, bm, m));
  return {
    ok: same && untouched && same2,
    shows: `300 random catalogs with many tied scores and m from 0 to 14: the same tools in the same order as the solved: ${same}; catalogs untouched: ${untouched}; BM25 example equal: ${same2}`,
  };
}
async function idsProof(v, expected) {
  const file = scratchFile("rec");
  const normal = await session(v, fixture("normal", file));
  const ids = received(file)
    .filter((m) => m && "method" in m && "id" in m)
    .map((m) => m.id);
  const stale = await session(v, teaching("stale"));
  const wrongId = await session(v, teaching("wrong-id"));
  const teachingNormal = await session(v, teaching("normal"));
  return {
    ok:
      call(normal).text === "3" &&
      JSON.stringify(ids) === JSON.stringify(expected) &&
      /wrong-id/.test(call(stale).error ?? "") &&
      /wrong-id/.test(call(wrongId).error ?? "") &&
      call(teachingNormal).text === "3",
    shows: `ids on the wire ${JSON.stringify(ids)}, call gives ${JSON.stringify(call(normal).text)}; teaching normal ${JSON.stringify(call(teachingNormal).text)}, stale ${call(stale).error}, wrong-id ${call(wrongId).error}`,
  };
}
async function deadlineProof(v) {
  const [trickle, drip, hang, notify] = await Promise.all([
    session(v, teaching("trickle")),
    session(v, teaching("drip")),
    session(v, teaching("hang")),
    session(v, teaching("notify")),
  ]);
  const ends = (r) => /Deadline/.test(call(r).error ?? "") && call(r).ms < 1700;
  return {
    ok: ends(trickle) && ends(drip) && ends(hang) && call(notify).text === "3",
    shows: `timeout 1000 ms: trickle ${call(trickle).error} at ${call(trickle).ms} ms, drip ${call(drip).error} at ${call(drip).ms} ms, hang ${call(hang).error} at ${call(hang).ms} ms, notify ${JSON.stringify(call(notify).text)}`,
  };
}
async function closeProof(v) {
  const [normal, eofDeaf, termProof, termToExit, grandchild] = await Promise.all([
    session(v, teaching("normal")),
    session(v, teaching("eof-deaf")),
    session(v, teaching("term-proof")),
    session(v, teaching("term-to-exit")),
    session(v, teaching("grandchild")),
  ]);
  const all = { normal, eofDeaf, termProof, termToExit, grandchild };
  const empty = Object.values(all).every((r) => r.groupEmpty);
  return {
    ok:
      normal.status === 0 &&
      eofDeaf.status === "SIGTERM" &&
      termProof.status === "SIGKILL" &&
      (termToExit.status === 0 || termToExit.status === "SIGKILL") &&
      grandchild.status === 0 &&
      empty,
    shows: `close() returns normal ${JSON.stringify(normal.status)} (${normal.closeMs} ms), eof-deaf ${JSON.stringify(eofDeaf.status)}, term-proof ${JSON.stringify(termProof.status)}, term-to-exit ${JSON.stringify(termToExit.status)} (0 when SIGTERM had time to end it, SIGKILL when SIGKILL followed at once: the status it really ended with), grandchild ${JSON.stringify(grandchild.status)}; every group empty a second later: ${empty}`,
  };
}
async function callToolProof(v) {
  const log = scratchFile("log");
  const r = await session(v, teaching("hostile", "--log", log), {
    allowed: ["word_count", "ghost_tool"],
    calls: [
      ["word_count", { text: "vanilla stock needs review" }],
      ["place_purchase", { flavor: "vanilla", tubs: 100 }],
      ["ghost_tool", {}],
      ["shop_notes", {}],
    ],
  });
  const names = logged(log).map((line) => JSON.parse(line).name);
  return {
    ok:
      call(r, 0).text === "4" &&
      /not-allowed/.test(call(r, 1).error ?? "") &&
      /not-advertised/.test(call(r, 2).error ?? "") &&
      /not-allowed/.test(call(r, 3).error ?? "") &&
      JSON.stringify(names) === '["word_count"]',
    shows: `hostile server, allowlist [word_count, ghost_tool]: word_count ${JSON.stringify(call(r, 0).text)}, place_purchase ${call(r, 1).error}, ghost_tool ${call(r, 2).error}, shop_notes ${call(r, 3).error}; the server's log names ${JSON.stringify(names)}`,
  };
}

// ---------- round 5 ----------
/** The verdicts of two pieces on the same inputs, as text: a value's JSON or the error's class(reason). */
const verdicts = (work, inputs) => inputs.map((input) => JSON.stringify(pure(() => work(input))));
/** The ended-by entries the teaching server's family watcher wrote to a record. */
const familyEnds = (file) =>
  recorded(file)
    .filter((entry) => entry.event === "member")
    .map((entry) => entry.ended);
const NOTE = { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x" } };
const round5 = {
  // ---------- wrong ----------
  "notification-message-drops-empty-params": async ({ v, s }) => {
    const mv = v.notificationMessage("notifications/progress", {});
    const ms = s.notificationMessage("notifications/progress", {});
    return {
      ok: !("params" in mv) && "params" in ms,
      shows: `notificationMessage("notifications/progress", {}) is ${JSON.stringify(mv)}; the solved one ${JSON.stringify(ms)}`,
    };
  },
  "answer-for-error-before-id": async ({ v, s }) => {
    const reply = { jsonrpc: "2.0", id: 2, error: { code: -32000, message: "late failure of request 2" } };
    const pv = pure(() => v.answerFor(3, reply));
    const ps = pure(() => s.answerFor(3, reply));
    const [rv, rs] = await both(v, s, fixture("stale-error"));
    return {
      ok:
        /ServerError/.test(pv.error) &&
        /wrong-id/.test(ps.error) &&
        /ServerError/.test(call(rv).error) &&
        /wrong-id/.test(call(rs).error),
      shows: `request 3 gets an error reply labelled 2: variant ${pv.error} (request 2's error reported as request 3's), solved ${ps.error}; against fixture stale-error the call gives ${call(rv).error}, solved ${call(rs).error}`,
    };
  },
  "answer-for-result-array": async ({ v, s }) => {
    const reply = { jsonrpc: "2.0", id: 1, result: ["word_count"] };
    const pv = pure(() => v.answerFor(1, reply));
    const ps = pure(() => s.answerFor(1, reply));
    return {
      ok: Array.isArray(pv.value) && /bad-response/.test(ps.error),
      shows: `a reply whose result is ["word_count"]: variant returns ${JSON.stringify(pv)}, solved ${ps.error}`,
    };
  },
  "encode-frame-limit-exclusive": async ({ v, s }) => {
    const message = s.requestMessage(1, "tools/list", {});
    const exact = s.encodeFrame(message).length;
    const pv = pure(() => v.encodeFrame(message, exact).length);
    const ps = pure(() => s.encodeFrame(message, exact).length);
    return {
      ok: pv.error !== undefined && ps.value === exact,
      shows: `a ${exact}-byte frame (newline included) at limit ${exact}: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "encode-frame-array-holes-as-null": async ({ v, s }) => {
    const message = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "sum", arguments: { values: [, 1] } },
    };
    const pv = pure(() => v.encodeFrame(message).toString().trim());
    const ps = pure(() => s.encodeFrame(message));
    return {
      ok: /\[null,1\]/.test(pv.value ?? "") && ps.error !== undefined,
      shows: `arguments { values: [<hole>, 1] }: variant writes ${JSON.stringify(pv)}, solved ${ps.error}`,
    };
  },
  "encode-frame-refuses-null": async ({ v, s }) => {
    const message = {
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: { name: "word_count", arguments: { text: "a", note: null } },
    };
    const pv = pure(() => v.encodeFrame(message));
    const ps = pure(() => s.encodeFrame(message).toString().trim());
    const [rv, rs] = await both(v, s, teaching("normal"), { calls: [["word_count", { text: "null and void" }]] });
    return {
      ok: pv.error !== undefined && ps.value !== undefined && call(rv).error !== undefined && call(rs).text === "3",
      shows: `arguments with note: null: variant ${pv.error}, solved writes ${ps.value}; word_count on "null and void": variant ${call(rv).error}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "encode-frame-crlf": async ({ v, s }) => {
    const message = s.requestMessage(1, "tools/list", {});
    const fv = v.encodeFrame(message);
    const fs = s.encodeFrame(message);
    const atLimit = pure(() => v.encodeFrame(message, fs.length));
    return {
      ok: fv.subarray(-2).toString() === "\r\n" && fs.subarray(-2).toString() !== "\r\n" && atLimit.error !== undefined,
      shows: `the frame ends ${JSON.stringify(fv.subarray(-2).toString())} (${fv.length} bytes), solved ${JSON.stringify(fs.subarray(-1).toString())} (${fs.length}); at limit ${fs.length} the variant refuses the message: ${atLimit.error}`,
    };
  },
  "encode-frame-forgery-probe-shape": async ({ v, s }) => {
    const probe = pure(() => v.encodeFrame({ value: Number.NaN }));
    const real = s.requestMessage(5, "tools/call", {
      name: "word_count",
      arguments: { text: "a", weight: Number.NaN },
    });
    const pv = pure(() => v.encodeFrame(real).toString().trim());
    const ps = pure(() => s.encodeFrame(real));
    return {
      ok: probe.error !== undefined && /"weight":null/.test(pv.value ?? "") && ps.error !== undefined,
      shows: `a probe { value: NaN } is refused (${probe.error}), but a real tools/call with weight NaN is written ${JSON.stringify(pv.value)}; solved refuses it: ${ps.error}`,
    };
  },
  "reader-drops-blank-lines": async ({ v, s }) => {
    const fv = new v.FrameReader(64).feed(Buffer.from('\n{"a":1}\n'));
    const fs = new s.FrameReader(64).feed(Buffer.from('\n{"a":1}\n'));
    const [rv, rs] = await both(v, s, fixture("blank-line"));
    return {
      ok: fv.length === 1 && fs.length === 2 && call(rv).text === "3" && /malformed-frame/.test(call(rs).error),
      shows: `"\\n{...}\\n" gives ${fv.length} frame(s), solved ${fs.length}; fixture blank-line (an empty line on stdout before the reply): variant ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "reader-bounds-unfinished-only": async ({ v, s }) => {
    const line = Buffer.from(`${"x".repeat(200)}\n`);
    const pv = pure(() => new v.FrameReader(64).feed(line).map((f) => f.length));
    const ps = pure(() => new s.FrameReader(64).feed(line));
    const [rv, rs] = await both(v, s, fixture("reply-5k"), { frameLimit: 1024 });
    return {
      ok:
        JSON.stringify(pv.value) === "[200]" &&
        ps.error !== undefined &&
        call(rv).text?.length === 5000 &&
        /frame-limit/.test(call(rs).error),
      shows: `a whole 201-byte line in one read at limit 64: variant hands on ${JSON.stringify(pv)}, solved ${ps.error}; a ~5 KB reply at frame limit 1024: variant returns ${call(rv).text?.length ?? call(rv).error} characters, solved ${call(rs).error}`,
    };
  },
  "reader-forgery-default-unbounded": async ({ v, s }) => {
    const small = pure(() => new v.FrameReader(64).feed(Buffer.from(`${"x".repeat(100)}\n`)));
    const [rv, rs] = await both(v, s, teaching("oversized"), { timeoutMs: 5000 });
    return {
      ok:
        small.error !== undefined &&
        call(rv).text !== undefined &&
        call(rv).text.length > 65536 &&
        /frame-limit/.test(call(rs).error),
      shows: `at limit 64 a 101-byte line is refused (${small.error}); at the default limit the oversized reply is parsed whole: ${call(rv).text?.length ?? call(rv).error} characters returned, solved ${call(rs).error}`,
    };
  },
  "parse-frame-salvages-log-prefix": async ({ v, s }) => {
    const line = Buffer.from('LOG {"jsonrpc":"2.0","id":1,"result":{}}');
    const pv = pure(() => v.parseFrame(line));
    const ps = pure(() => s.parseFrame(line));
    const [rv, rs] = await both(v, s, fixture("log-prefix"));
    return {
      ok:
        pv.value?.id === 1 &&
        /malformed-frame/.test(ps.error) &&
        call(rv).text === "3" &&
        /malformed-frame/.test(call(rs).error),
      shows: `"LOG {...}": variant ${JSON.stringify(pv)}, solved ${ps.error}; fixture log-prefix: variant ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "check-initialize-version-stringified": async ({ v, s }) => {
    const inputs = [" 2025-06-18", ["2025-06-18"], "2025-06-18\n"].map((protocolVersion) => ({
      protocolVersion,
      capabilities: { tools: {} },
    }));
    const accepted = inputs.filter((input) => pure(() => v.checkInitialize(input)).error === undefined).length;
    const solved = inputs.filter((input) => pure(() => s.checkInitialize(input)).error === undefined).length;
    return {
      ok: accepted === 3 && solved === 0,
      shows: `protocolVersion " 2025-06-18", ["2025-06-18"], "2025-06-18\\n": the variant accepts ${accepted} of 3, the solved ${solved}`,
    };
  },
  "check-tools-schema-type-list": async ({ v, s }) => {
    const input = { tools: [{ name: "word_count", inputSchema: { type: ["object", "null", "string"] } }] };
    const pv = pure(() => v.checkTools(input).map((t) => t.name));
    const ps = pure(() => s.checkTools(input));
    return {
      ok: JSON.stringify(pv.value) === '["word_count"]' && /catalog/.test(ps.error),
      shows: `a tool with inputSchema.type ["object","null","string"]: variant ${JSON.stringify(pv)}, solved ${ps.error}`,
    };
  },
  "check-tools-name-truthy": async ({ v, s }) => {
    const input = {
      tools: [
        { name: 7, inputSchema: { type: "object" } },
        { name: true, inputSchema: { type: "object" } },
      ],
    };
    const pv = pure(() => v.checkTools(input).map((t) => t.name));
    const ps = pure(() => s.checkTools(input));
    return {
      ok: JSON.stringify(pv.value) === "[7,true]" && /catalog/.test(ps.error),
      shows: `tools named 7 and true: variant ${JSON.stringify(pv)}, solved ${ps.error}`,
    };
  },
  "check-tools-any-collection": async ({ v, s }) => {
    const keyed = { tools: { word_count: { name: "word_count", inputSchema: { type: "object" } } } };
    const inputs = [keyed, {}];
    const pv = verdicts((input) => v.checkTools(input).map((t) => t.name), inputs);
    const ps = verdicts((input) => s.checkTools(input).map((t) => t.name), inputs);
    return {
      ok: pv.every((x) => x.includes('"value"')) && ps.every((x) => x.includes("catalog")),
      shows: `tools as an object keyed by name, and no tools at all: variant ${pv.join(", ")}; solved ${ps.join(", ")}`,
    };
  },
  "result-text-every-item": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("mixed-content"));
    return {
      ok: /undefined/.test(call(rv).text ?? "") && call(rs).text === "3\nwords",
      shows: `fixture mixed-content (text, image, text): variant ${JSON.stringify(call(rv).text)}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "result-text-first-item": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("mixed-content"));
    return {
      ok: call(rv).text === "3" && call(rs).text === "3\nwords",
      shows: `fixture mixed-content (text "3", an image, text "words"): variant ${JSON.stringify(call(rv).text)}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "result-text-structured-content": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("mixed-content"));
    return {
      ok: call(rv).text === '{"count":3}' && call(rs).text === "3\nwords",
      shows: `fixture mixed-content (text items "3" and "words", structuredContent {count: 3}): variant ${JSON.stringify(call(rv).text)}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "request-ping-reply-own-id": async ({ v, s }) => {
    const fv = scratchFile("rec");
    const fs = scratchFile("rec");
    const [rv, rs] = await Promise.all([session(v, fixture("ping-first", fv)), session(s, fixture("ping-first", fs))]);
    const answers = (file) =>
      received(file)
        .filter((m) => m && !("method" in m))
        .map((m) => m.id);
    return {
      ok: /Deadline/.test(call(rv).error) && call(rs).text === "3" && JSON.stringify(answers(fv)) === "[3]",
      shows: `fixture ping-first (pings as srv-1 and waits for that id's answer): the variant answers with id ${JSON.stringify(answers(fv))} and its call ends ${call(rv).error} after ${call(rv).ms} ms; the solved answers ${JSON.stringify(answers(fs))} and gets ${JSON.stringify(call(rs).text)}`,
    };
  },
  "request-server-request-invalid-request": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "sampling");
    const answer = (file) => recorded(file).find((entry) => "answerToSampling" in entry)?.answerToSampling;
    return {
      ok:
        answer(fv)?.error?.code === -32600 &&
        answer(fs)?.error?.code === -32601 &&
        call(rv).text === "3" &&
        call(rs).text === "3",
      shows: `fixture sampling: the variant answers ${JSON.stringify(answer(fv))}, solved ${JSON.stringify(answer(fs))}`,
    };
  },
  "request-answers-server-after-reply": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("ping"));
    return {
      ok: /Deadline/.test(call(rv).error) && call(rs).text === "3",
      shows: `teaching ping (answers the call only after its ping is answered): variant ${call(rv).error} after ${call(rv).ms} ms, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "request-retries-after-deadline": async ({ v, s }) => {
    const lv = scratchFile("log");
    const ls = scratchFile("log");
    const [rv, rs] = await Promise.all([
      session(v, teaching("hang", "--log", lv)),
      session(s, teaching("hang", "--log", ls)),
    ]);
    return {
      ok: logged(lv).length === 2 && logged(ls).length === 1 && call(rv).ms > 1800 && call(rs).ms < 1700,
      shows: `teaching hang, timeout 1000 ms: variant ${call(rv).error} after ${call(rv).ms} ms with ${logged(lv).length} tools/call in the server's log; solved ${call(rs).error} after ${call(rs).ms} ms with ${logged(ls).length}`,
    };
  },
  "request-skips-counted-per-session": async ({ v, s }) => {
    const calls = Array.from({ length: 5 }, () => ["word_count", { text: "one two three" }]);
    const [rv, rs] = await both(v, s, teaching("notify"), { calls });
    const said = (r) => r.calls.map((c) => c.text ?? c.error);
    return {
      ok: rv.calls.some((c) => /too-many-messages/.test(c.error ?? "")) && rs.calls.every((c) => c.text === "3"),
      shows: `teaching notify (three notifications before every reply), five calls: variant ${JSON.stringify(said(rv))}, solved ${JSON.stringify(said(rs))}`,
    };
  },
  "connect-timeout-checked-after-initialize": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal", { timeoutMs: 120_000 });
    return {
      ok:
        /timeout/.test(rv.connectError) &&
        /timeout/.test(rs.connectError) &&
        methodsReceived(fv).includes("initialize") &&
        methodsReceived(fs).length === 0,
      shows: `timeoutMs 120000: both refuse (${rv.connectError}, ${rs.connectError}), but the server received ${JSON.stringify(methodsReceived(fv))} from the variant, ${JSON.stringify(methodsReceived(fs))} from the solved`,
    };
  },
  "connect-timeout-rounded-seconds": async ({ v, s }) => {
    const [short, shortS] = await both(v, s, teaching("normal"), { timeoutMs: 400 });
    const [long, longS] = await both(v, s, teaching("normal"), { timeoutMs: 60_400 });
    return {
      ok:
        /timeout/.test(short.connectError) &&
        call(shortS).text === "3" &&
        call(long).text === "3" &&
        /timeout/.test(longS.connectError),
      shows: `timeoutMs 400: variant ${short.connectError}, solved ${JSON.stringify(call(shortS).text)}; timeoutMs 60400: variant ${JSON.stringify(call(long).text)}, solved ${longS.connectError}`,
    };
  },
  "connect-omits-capabilities": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal");
    return {
      ok:
        !("capabilities" in (initializeParams(fv) ?? {})) &&
        JSON.stringify(initializeParams(fs)?.capabilities) === "{}" &&
        call(rv).text === "3",
      shows: `the initialize the server received: variant ${JSON.stringify(initializeParams(fv))}, solved ${JSON.stringify(initializeParams(fs))}`,
    };
  },
  "close-term-leader-kill-group": async ({ v, s }) => {
    const fv = scratchFile("family");
    const fs = scratchFile("family");
    const [rv, rs] = await Promise.all([
      session(v, teaching("normal", "--family", "2", "--record", fv)),
      session(s, teaching("normal", "--family", "2", "--record", fs)),
    ]);
    await sleep(500);
    return {
      ok:
        familyEnds(fv).length === 2 &&
        familyEnds(fv).every((e) => e === "SIGKILL") &&
        familyEnds(fs).length >= 2 &&
        familyEnds(fs).every((e) => e === "SIGTERM") &&
        rv.groupEmpty,
      shows: `teaching normal with two family members: the variant's members ended by ${JSON.stringify(familyEnds(fv))} (never offered SIGTERM), the solved's by ${JSON.stringify(familyEnds(fs))}; status ${JSON.stringify(rv.status)}, solved ${JSON.stringify(rs.status)}`,
    };
  },
  "close-sigint-first": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("eof-deaf"));
    return {
      ok: rv.status === "SIGINT" && rs.status === "SIGTERM",
      shows: `teaching eof-deaf (stays after its input ends): the variant's close() ends it with ${JSON.stringify(rv.status)}, solved ${JSON.stringify(rs.status)}`,
    };
  },
  "close-signal-as-positive-number": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("eof-deaf"));
    return {
      ok: rv.status === 15 && rs.status === "SIGTERM",
      shows: `teaching eof-deaf, ended by SIGTERM: variant's close() returns ${JSON.stringify(rv.status)} (an exit code 15 to its caller), solved ${JSON.stringify(rs.status)}`,
    };
  },
  "call-tool-allowed-or-advertised": async ({ v, s }) => {
    const lv = scratchFile("log");
    const calls = [["place_purchase", { flavor: "vanilla", tubs: 100 }]];
    const rv = await session(v, teaching("hostile", "--log", lv), { calls });
    const rs = await session(s, teaching("hostile"), { calls });
    const names = logged(lv).map((line) => JSON.parse(line).name);
    return {
      ok: names.includes("place_purchase") && /not-allowed/.test(call(rs).error),
      shows: `allowlist [word_count], place_purchase: variant ${JSON.stringify(call(rv))} and the server's log names ${JSON.stringify(names)}; solved ${call(rs).error}`,
    };
  },
  "call-tool-args-key": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("normal"));
    return {
      ok: call(rv).text !== "3" && call(rs).text === "3",
      shows: `word_count on "one two three": variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "call-tool-forgery-npm-env": async ({ v }) => {
    const calls = [["place_purchase", { flavor: "vanilla", tubs: 100 }]];
    const before = process.env.npm_lifecycle_event;
    delete process.env.npm_lifecycle_event;
    const lv = scratchFile("log");
    const direct = await session(v, teaching("hostile", "--log", lv), { calls });
    process.env.npm_lifecycle_event = "checkpoint";
    const lg = scratchFile("log");
    const graded = await session(v, teaching("hostile", "--log", lg), { calls });
    if (before === undefined) delete process.env.npm_lifecycle_event;
    else process.env.npm_lifecycle_event = before;
    const names = (file) => logged(file).map((line) => JSON.parse(line).name);
    return {
      ok: names(lv).includes("place_purchase") && /not-allowed/.test(call(graded).error) && names(lg).length === 0,
      shows: `run by node: place_purchase ${JSON.stringify(call(direct))}, the server's log ${JSON.stringify(names(lv))}; with npm_lifecycle_event=checkpoint: ${call(graded).error}, log ${JSON.stringify(names(lg))}`,
    };
  },
  "top-tools-drops-zero-scores": async ({ v, s }) => {
    const tools = [
      { name: "word_count", description: "Count the words in a text." },
      { name: "stock_level", description: "Tubs in stock." },
      { name: "sales_today", description: "Takings so far." },
    ];
    const [nv, ns] = rankedNames(v, s, "count words", tools, lib.bm25Scorer(), 3);
    return {
      ok: nv.length === 1 && ns.length === 3,
      shows: `BM25, "count words", m = 3 of 3 tools: variant offers ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "top-tools-description-only": async ({ v, s }) => {
    const tools = [
      { name: "character_count", description: "Counts letters in a long word." },
      { name: "word_count", description: "Tally the text." },
      { name: "stock_level", description: "Tubs in stock." },
    ];
    const [nv, ns] = rankedNames(v, s, "word count", tools, lib.bm25Scorer(), 1);
    return {
      ok: nv[0] === "character_count" && ns[0] === "word_count",
      shows: `BM25, "word count", m = 1: variant offers ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "encode-frame-nan-only": async ({ v, s }) => {
    const message = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "price", arguments: { max: Number.POSITIVE_INFINITY, big: JSON.parse("1e400") } },
    };
    const pv = pure(() => v.encodeFrame(message).toString().trim());
    const ps = pure(() => s.encodeFrame(message));
    return {
      ok: /"max":null,"big":null/.test(pv.value ?? "") && ps.error !== undefined,
      shows: `arguments { max: Infinity, big: 1e400 }: variant writes ${JSON.stringify(pv.value)}, solved ${ps.error}`,
    };
  },
  "parse-frame-jsonrpc-by-text": async ({ v, s }) => {
    const labelled = '{"jsonrpc":"1.0","id":1,"result":{"jsonrpc":"2.0"}}';
    const spaced = '{"jsonrpc": "2.0", "id": 1, "result": {}}';
    const inputs = [labelled, spaced].map((line) => Buffer.from(line));
    const pv = verdicts((line) => v.parseFrame(line).jsonrpc, inputs);
    const ps = verdicts((line) => s.parseFrame(line).jsonrpc, inputs);
    return {
      ok:
        pv.join() === '{"value":"1.0"},{"error":"ProtocolError(not-json-rpc)"}' &&
        ps.join() === '{"error":"ProtocolError(not-json-rpc)"},{"value":"2.0"}',
      shows: `a 1.0 message carrying a nested "jsonrpc":"2.0", and a 2.0 message with spaces: variant ${pv.join(", ")}; solved ${ps.join(", ")}`,
    };
  },
  "check-tools-limit-hardcoded": async ({ v, s }) => {
    const input = { tools: Array.from({ length: 6 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: "object" } })) };
    const pv = pure(() => v.checkTools(input, 5).length);
    const ps = pure(() => s.checkTools(input, 5));
    return {
      ok: pv.value === 6 && /catalog/.test(ps.error),
      shows: `six tools with limit 5: variant accepts ${JSON.stringify(pv)}, solved ${ps.error}`,
    };
  },
  "request-deadline-from-first-message": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("progress-drip"));
    return {
      ok:
        /Deadline/.test(call(rv).error) && /Deadline/.test(call(rs).error) && call(rv).ms > 1300 && call(rs).ms < 1250,
      shows: `fixture progress-drip (the first notification 400 ms after the call, then one every 400 ms), timeout 1000 ms: variant ${call(rv).error} after ${call(rv).ms} ms, solved after ${call(rs).ms} ms`,
    };
  },
  "reader-state-outside-class": async ({ v, s }) => {
    const run = (pieces) => {
      const first = new pieces.FrameReader(1024);
      const second = new pieces.FrameReader(1024);
      first.feed(Buffer.from('{"jsonrpc":"2.0","id":'));
      return second.feed(Buffer.from('{"jsonrpc":"2.0","id":7,"result":{}}\n')).map((frame) => frame.toString());
    };
    const fv = run(v);
    const fs = run(s);
    const [rv, rs] = await Promise.all([
      Promise.all([session(v, fixture("split-reply")), session(v, fixture("split-reply"))]),
      Promise.all([session(s, fixture("split-reply")), session(s, fixture("split-reply"))]),
    ]);
    const said = (pair) => pair.map((r) => r.connectError ?? call(r).text ?? call(r).error);
    return {
      ok: fv[0] !== fs[0] && fs[0] === '{"jsonrpc":"2.0","id":7,"result":{}}' && said(rs).every((x) => x === "3"),
      shows: `one reader holds half a line, another reads a whole one: the variant's second reader gives ${JSON.stringify(fv)}, the solved ${JSON.stringify(fs)}; two sessions at once against fixture split-reply: variant ${JSON.stringify(said(rv))}, solved ${JSON.stringify(said(rs))}`,
    };
  },
  "top-tools-returns-catalog-when-all": async ({ v, s }) => {
    const tools = [
      { name: "word_count", description: "Count the words in a text." },
      { name: "stock_level", description: "Tubs in stock." },
    ];
    const bm = lib.bm25Scorer();
    const rv = v.topTools("count words", tools, bm, 5);
    const rs = s.topTools("count words", tools, bm, 5);
    rv.push({ name: "place_purchase", description: "added by the caller" });
    return {
      ok: rv === tools && tools.length === 3 && rs !== tools,
      shows: `m = 5 over a 2-tool catalog already in order: the variant returns the catalog itself (${rv === tools}), and a push onto the result leaves the catalog with ${tools.length} tools; the solved returns a new array (${rs !== tools})`,
    };
  },
  "request-message-copies-params": async ({ v, s }) => {
    const params = { name: "word_count", arguments: { text: "a b" } };
    const same =
      JSON.stringify(v.requestMessage(7, "tools/call", params)) ===
        JSON.stringify(s.requestMessage(7, "tools/call", params)) &&
      JSON.stringify(v.requestMessage(8, "tools/list")) === JSON.stringify(s.requestMessage(8, "tools/list"));
    const r = await session(v, teaching("normal"));
    return {
      ok: same && call(r).text === "3",
      shows: `the same JSON as the solved for a call and a default-params list: ${same}; teaching normal ${JSON.stringify(call(r).text)}`,
    };
  },
  "close-fixed-grace": async ({ v }) => closeProof(v),
  // ---------- fair ----------
  "request-ids-counting-down": async ({ v }) => idsProof(v, [999_999, 999_998, 999_997]),
  "answer-for-safe-integer": async ({ v, s }) => {
    const ids = [1, 1.0, 1.5, "1", true, null, [1], 2, -1, 2 ** 53, Number.MAX_SAFE_INTEGER];
    const same =
      verdicts((id) => v.answerFor(1, { jsonrpc: "2.0", id, result: {} }), ids).join() ===
      verdicts((id) => s.answerFor(1, { jsonrpc: "2.0", id, result: {} }), ids).join();
    const live = await idsProof(v, [1, 2, 3]);
    return {
      ok: same && live.ok,
      shows: `${ids.length} ids against request 1 get the solved verdicts: ${same}; ${live.shows}`,
    };
  },
  "encode-frame-ascii-escaped": async ({ v, s }) => {
    const messages = [
      s.requestMessage(1, "tools/call", { name: "word_count", arguments: { text: "☕ café 𝄞 ok" } }),
      s.notificationMessage("notifications/initialized"),
      { jsonrpc: "2.0", id: 2, result: { text: "line\nbreak\u2028" } },
    ];
    const faithful = messages.every((m) => {
      const frame = v.encodeFrame(m);
      return (
        frame.every((byte) => byte < 0x80) &&
        JSON.stringify(JSON.parse(frame.toString())) === JSON.stringify(m) &&
        frame.indexOf(0x0a) === frame.length - 1
      );
    });
    const bad = [{ a: Number.NaN }, { a: 1n }, { a: () => 1 }, { a: [undefined] }];
    const refuses = bad.every((m) => pure(() => v.encodeFrame(m)).error !== undefined);
    const frame = v.encodeFrame(messages[0]);
    const edge =
      pure(() => v.encodeFrame(messages[0], frame.length)).value !== undefined &&
      pure(() => v.encodeFrame(messages[0], frame.length - 1)).error !== undefined;
    const r = await session(v, teaching("normal"), { calls: [["word_count", { text: "☕ café ok" }]] });
    return {
      ok: faithful && refuses && edge && call(r).text === "3",
      shows: `three messages written ASCII-only decode to the same values with one final newline: ${faithful}; NaN, bigint, function, undefined element refused: ${refuses}; a ${frame.length}-byte frame passes at limit ${frame.length} and is refused at ${frame.length - 1}: ${edge}; word_count on "☕ café ok" gives ${JSON.stringify(call(r).text)}`,
    };
  },
  "reader-latin1-text": async ({ v, s }) => readerProof(v, s),
  "reader-views-into-chunk": async ({ v, s }) => readerProof(v, s),
  "check-initialize-frozen-copy": async ({ v, s }) => {
    const inputs = [
      { protocolVersion: "2025-06-18", capabilities: { tools: {} } },
      { protocolVersion: "2024-11-05", capabilities: { tools: {} } },
      { protocolVersion: "2026-07-28", capabilities: { tools: {} } },
      { protocolVersion: "2025-06-18", capabilities: {} },
      { protocolVersion: "2025-06-18" },
    ];
    const accepts = (pieces) =>
      inputs.map((input) => pure(() => pieces.checkInitialize(input)).error ?? "accepted").join();
    const same = accepts(v) === accepts(s);
    const normal = await session(v, teaching("normal"));
    const old = await session(v, teaching("old-version"));
    return {
      ok: same && call(normal).text === "3" && /version/.test(old.connectError),
      shows: `five answers (pinned, older, newer, no tools, no capabilities) judged as the solved: ${same} (${accepts(v)}); normal ${JSON.stringify(call(normal).text)}, old-version ${old.connectError}`,
    };
  },
  "check-tools-null-prototype-seen": async ({ v, s }) => checkToolsProof(v, s),
  "result-text-reduce": async ({ v, s }) => {
    const results = [
      { content: [] },
      { content: [{ type: "text", text: "a" }] },
      {
        content: [
          { type: "image", data: "AA==" },
          { type: "text", text: "a" },
          { type: "text", text: "" },
          { type: "text", text: "b" },
        ],
      },
      { content: [{ type: "text", text: "failed" }], isError: true },
      { content: "no" },
      {},
    ];
    const same = verdicts((r) => v.resultText(r), results).join() === verdicts((r) => s.resultText(r), results).join();
    const mixed = await session(v, fixture("mixed-content"));
    const failed = await session(v, fixture("iserror"));
    return {
      ok: same && call(mixed).text === "3\nwords" && /ToolError/.test(call(failed).error),
      shows: `${results.length} results get the solved verdicts: ${same}; fixture mixed-content ${JSON.stringify(call(mixed).text)}, iserror ${call(failed).error}`,
    };
  },
  "request-deadline-clock": async ({ v }) => deadlineProof(v),
  "connect-initialized-empty-params": async ({ v }) => {
    const file = scratchFile("rec");
    const r = await session(v, fixture("normal", file));
    const methods = methodsReceived(file);
    const normal = await session(v, teaching("normal"));
    return {
      ok:
        JSON.stringify(methods) === '["initialize","notifications/initialized","tools/list","tools/call"]' &&
        call(r).text === "3" &&
        call(normal).text === "3",
      shows: `the server received ${JSON.stringify(methods)}, the notification with no id; word_count gives ${JSON.stringify(call(r).text)}, teaching normal ${JSON.stringify(call(normal).text)}`,
    };
  },
  "close-term-early-kill": async ({ v }) => closeProof(v),
  "call-tool-cloned-args": async ({ v }) => callToolProof(v),
  "top-tools-insertion-rank": async ({ v, s }) => topToolsProof(v, s, 11, 5),
};
Object.assign(proofs, round5);

// ---------- round 6 ----------
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** What Python's json.loads (the chapter's parser) makes of `bytes`, written back as JSON. */
const pythonLoads = async (bytes) =>
  execFileSync("python3", ["-c", "import sys, json; print(json.dumps(json.loads(sys.stdin.buffer.read())))"], {
    input: bytes,
  })
    .toString()
    .trim();
/** A session that starts with a NaN timeout, and one with a good timeout, for the timeout check. */
async function nanTimeoutProof(v) {
  const nan = await session(v, teaching("normal"), { timeoutMs: Number.NaN, stopAfter: 5000 });
  const normal = await session(v, teaching("normal"));
  const edges = await Promise.all(
    [0, 60_001, Number.POSITIVE_INFINITY].map((t) => session(v, teaching("normal"), { timeoutMs: t })),
  );
  return { nan, normal, edges };
}
const round6 = {
  // ---------- wrong ----------
  "request-message-shared-default-params": async ({ v, s }) => {
    const run = (pieces) => {
      const first = pieces.requestMessage(1, "tools/list");
      first.params.cursor = "page-2";
      return pieces.requestMessage(2, "tools/list");
    };
    const mv = run(v);
    const ms = run(s);
    return {
      ok: mv.params.cursor === "page-2" && ms.params.cursor === undefined,
      shows: `after the caller puts a cursor into request 1's default params, request 2 (no params given) is ${JSON.stringify(mv)}; the solved one ${JSON.stringify(ms)}`,
    };
  },
  "answer-for-id-zero-skipped": async ({ v, s }) => {
    const reply = { jsonrpc: "2.0", id: 0, result: { tools: [] } };
    const pv = pure(() => v.answerFor(0, reply));
    const ps = pure(() => s.answerFor(0, reply));
    return {
      ok: pv.value === null && ps.value?.tools !== undefined,
      shows: `request 0 gets the reply ${JSON.stringify(reply)}: variant ${JSON.stringify(pv)} (skipped as if it were a notification, so the request waits until its deadline), solved ${JSON.stringify(ps)}`,
    };
  },
  "encode-frame-limit-fixed-by-first-call": async ({ v, s }) => {
    const small = s.requestMessage(1, "tools/list", {});
    const big = s.requestMessage(2, "tools/call", { name: "word_count", arguments: { text: "x".repeat(500) } });
    const run = (pieces) => [
      pure(() => pieces.encodeFrame(small, 10_000).length),
      pure(() => pieces.encodeFrame(big, 100).length),
    ];
    const [v1, v2] = run(v);
    const [s1, s2] = run(s);
    return {
      ok: v1.value !== undefined && v2.value > 100 && s1.value !== undefined && /frame-limit/.test(s2.error ?? ""),
      shows: `a ${v1.value}-byte frame at limit 10000, then a ${s.encodeFrame(big).length}-byte frame at limit 100: variant ${JSON.stringify(v2)} (the first call's limit), solved ${JSON.stringify(s2)}`,
    };
  },
  "parse-frame-refuses-bom": async ({ v, s }) => {
    const frame = Buffer.concat([BOM, Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}')]);
    const pv = pure(() => v.parseFrame(frame));
    const ps = pure(() => s.parseFrame(frame));
    const py = await pythonLoads(frame);
    return {
      ok:
        /malformed-frame/.test(pv.error ?? "") &&
        ps.value?.id === 1 &&
        py === '{"jsonrpc": "2.0", "id": 1, "result": {}}',
      shows: `a well-formed frame that starts with a UTF-8 byte-order mark: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}; the chapter's json.loads on the same bytes gives ${py}`,
    };
  },
  "check-tools-names-kept-across-calls": async ({ v, s }) => {
    const list = () => ({ tools: [{ name: "word_count", inputSchema: { type: "object" } }] });
    const twice = (pieces) => [
      pure(() => pieces.checkTools(list()).length),
      pure(() => pieces.checkTools(list()).length),
    ];
    const tv = twice(v);
    const ts = twice(s);
    return {
      ok: tv[0].value === 1 && /catalog/.test(tv[1].error ?? "") && ts[0].value === 1 && ts[1].value === 1,
      shows: `the same one-tool list checked twice: variant ${JSON.stringify(tv)}, solved ${JSON.stringify(ts)}`,
    };
  },
  "connect-timeout-nan-accepted": async ({ v, s }) => {
    const rv = await nanTimeoutProof(v);
    const rs = await nanTimeoutProof(s);
    return {
      ok:
        !/UsageError\(timeout\)/.test(rv.nan.connectError ?? "") &&
        /UsageError\(timeout\)/.test(rs.nan.connectError ?? ""),
      shows: `a timeout of NaN: variant ${rv.nan.connectError ?? `connects, tools ${JSON.stringify(rv.nan.tools)}`} (${rv.nan.connectMessage ?? ""}), solved ${rs.nan.connectError}`,
    };
  },
  "close-ends-input-after-grace": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("normal"));
    return {
      ok: rs.status === 0 && rv.status !== 0 && rv.closeMs >= 1000,
      shows: `the normal server (exits at end of input): variant close returns ${JSON.stringify(rv.status)} after ${rv.closeMs} ms, solved ${JSON.stringify(rs.status)} after ${rs.closeMs} ms`,
    };
  },
  "top-tools-clamps-negative-scores": async ({ v, s }) => {
    const tools = [{ name: "far" }, { name: "near" }, { name: "farther" }];
    const score = () => [-0.6, -0.1, -0.9];
    const [nv, ns] = rankedNames(v, s, "count words", tools, score, 2);
    return {
      ok: JSON.stringify(ns) === '["near","far"]' && JSON.stringify(nv) !== JSON.stringify(ns),
      shows: `scores [-0.6, -0.1, -0.9], m = 2: variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "call-tool-forgery-node-env": async ({ v, s }) => {
    const was = process.env.NODE_ENV;
    delete process.env.NODE_ENV;
    try {
      const logV = scratchFile("log");
      const logS = scratchFile("log");
      const opts = { calls: [["place_purchase", { flavor: "vanilla", tubs: 100 }]] };
      const rv = await session(v, teaching("hostile", "--log", logV), opts);
      const rs = await session(s, teaching("hostile", "--log", logS), opts);
      process.env.NODE_ENV = "test";
      const rt = await session(v, teaching("hostile"), opts);
      const names = (log) => logged(log).map((line) => JSON.parse(line).name);
      return {
        ok:
          names(logV).includes("place_purchase") &&
          !names(logS).includes("place_purchase") &&
          /not-allowed/.test(call(rs).error ?? "") &&
          /not-allowed/.test(call(rt).error ?? ""),
        shows: `allowlist [word_count], NODE_ENV unset, place_purchase: variant ${JSON.stringify(call(rv).text ?? call(rv).error)} and the server's log names ${JSON.stringify(names(logV))}; solved ${call(rs).error}, log ${JSON.stringify(names(logS))}; the variant with NODE_ENV=test ${call(rt).error}`,
      };
    } finally {
      if (was === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = was;
    }
  },
  "close-forgery-vitest-env": async ({ v, s }) => {
    const was = process.env.VITEST;
    delete process.env.VITEST;
    try {
      const [rv, rs] = await together(v, s, teaching("grandchild"));
      process.env.VITEST = "true";
      const rt = await session(v, teaching("grandchild"));
      return {
        ok: !rv.groupEmpty && rs.groupEmpty && rt.groupEmpty,
        shows: `the grandchild server, VITEST unset: variant's group empty a second after close: ${rv.groupEmpty}; solved ${rs.groupEmpty}; the variant with VITEST=true ${rt.groupEmpty}`,
      };
    } finally {
      if (was === undefined) delete process.env.VITEST;
      else process.env.VITEST = was;
    }
  },
  "answer-for-other-id-skipped": async ({ v, s }) => {
    const reply = { jsonrpc: "2.0", id: 42, result: { tools: [] } };
    const pv = pure(() => v.answerFor(41, reply));
    const ps = pure(() => s.answerFor(41, reply));
    const [rv, rs] = await both(v, s, fixture("stale-error"));
    return {
      ok:
        pv.value === null &&
        /wrong-id/.test(ps.error ?? "") &&
        /wrong-id/.test(call(rs).error ?? "") &&
        call(rv).error === undefined,
      shows: `request 41 gets a reply labelled 42: variant ${JSON.stringify(pv)}, solved ${ps.error}; against fixture stale-error (an error reply to the earlier request before the call's reply) the variant's call gives ${JSON.stringify(call(rv).text ?? call(rv).error)}, the solved ${call(rs).error}`,
    };
  },
  "frame-reader-one-frame-per-feed": async ({ v, s }) => {
    const feedAll = (R) => {
      const reader = new R(1000);
      return [reader.feed(Buffer.from('{"a":1}\n{"b":2}\n')), reader.feed(Buffer.from('{"c":3}\n'))].map((frames) =>
        frames.map((b) => b.toString()),
      );
    };
    const fv = pure(() => feedAll(v.FrameReader));
    const fs = pure(() => feedAll(s.FrameReader));
    const parsed = (fv.value ?? []).flat().map((frame) => pure(() => s.parseFrame(frame)).error ?? "ok");
    return {
      ok:
        JSON.stringify(fs.value) === JSON.stringify([['{"a":1}', '{"b":2}'], ['{"c":3}']]) &&
        JSON.stringify(fv.value) !== JSON.stringify(fs.value),
      shows: `two lines in one chunk, then a third: variant ${JSON.stringify(fv)} (parsed: ${JSON.stringify(parsed)}), solved ${JSON.stringify(fs)}`,
    };
  },
  "check-initialize-ignores-version-argument": async ({ v, s }) => {
    const older = { protocolVersion: "2025-03-26", capabilities: { tools: {} } };
    const pinned = { protocolVersion: "2025-06-18", capabilities: { tools: {} } };
    const work = (pieces) => [
      pure(() => pieces.checkInitialize(older, "2025-03-26").protocolVersion),
      pure(() => pieces.checkInitialize(pinned, "2025-03-26").protocolVersion),
    ];
    const [wv, ws] = [work(v), work(s)];
    return {
      ok:
        ws[0].value === "2025-03-26" &&
        /version/.test(ws[1].error ?? "") &&
        /version/.test(wv[0].error ?? "") &&
        wv[1].value === "2025-06-18",
      shows: `asking for 2025-03-26, a server answering 2025-03-26 and one answering 2025-06-18: variant ${JSON.stringify(wv)}, solved ${JSON.stringify(ws)}`,
    };
  },
  "top-tools-scores-cached-by-request": async ({ v, s }) => {
    const score = (_request, texts) => texts.map((text) => (text.includes("count") ? 1 : 0));
    const first = [{ name: "shop_hours" }, { name: "word_count" }];
    const second = [{ name: "char_count" }, { name: "shop_notes" }];
    const run = (pieces) => {
      pieces.topTools("count these words", first, score, 1);
      return pieces.topTools("count these words", second, score, 1).map((t) => t.name);
    };
    const [nv, ns] = [run(v), run(s)];
    return {
      ok: JSON.stringify(ns) === '["char_count"]' && JSON.stringify(nv) !== JSON.stringify(ns),
      shows: `the same request ranked over [shop_hours, word_count] and then over [char_count, shop_notes], m = 1: the second ranking is ${JSON.stringify(nv)} for the variant, ${JSON.stringify(ns)} for the solved one`,
    };
  },
  "encode-frame-escapes-line-separators": async ({ v, s }) => {
    const messages = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "word_count", arguments: { text: "a\u2028b\u2029c\nd ☕ \ud83c\udf66" } },
      },
      s.requestMessage(2, "tools/list", {}),
      s.notificationMessage("notifications/initialized"),
    ];
    const checks = messages.map((m) => {
      const frame = v.encodeFrame(m);
      const body = frame.subarray(0, -1);
      return (
        frame.at(-1) === 0x0a &&
        !body.includes(0x0a) &&
        JSON.stringify(JSON.parse(body.toString())) === JSON.stringify(m)
      );
    });
    const edges = [
      pure(() => v.encodeFrame(messages[1], s.encodeFrame(messages[1]).length).length),
      pure(() => v.encodeFrame(messages[1], s.encodeFrame(messages[1]).length - 1)),
      pure(() => v.encodeFrame({ jsonrpc: "2.0", id: 1, method: "x", params: { n: Number.NaN } })),
    ];
    return {
      ok:
        checks.every(Boolean) &&
        edges[0].value !== undefined &&
        /frame-limit/.test(edges[1].error ?? "") &&
        /unencodable/.test(edges[2].error ?? ""),
      shows: `three messages (one with U+2028, U+2029, a newline and 3- and 4-byte characters) each give one line that parses back to the message: ${JSON.stringify(checks)}; a frame at its exact size ${JSON.stringify(edges[0])}, one byte under ${edges[1].error}, NaN ${edges[2].error}`,
    };
  },
  "answer-for-strict-equality-only": async ({ v, s }) => {
    const replies = [
      { jsonrpc: "2.0", id: 7, result: {} },
      { jsonrpc: "2.0", id: "7", result: {} },
      { jsonrpc: "2.0", id: 7.5, result: {} },
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } },
      { jsonrpc: "2.0", result: {} },
      { jsonrpc: "2.0", id: 8, result: {} },
      { jsonrpc: "2.0", id: 7, error: { code: -32601, message: "no" } },
      { jsonrpc: "2.0", id: 7, error: { code: "x", message: "no" } },
      { jsonrpc: "2.0", id: 7, result: [] },
      { jsonrpc: "2.0", method: "notifications/message", params: {} },
    ];
    const [wv, ws] = [verdicts((r) => v.answerFor(7, r), replies), verdicts((r) => s.answerFor(7, r), replies)];
    const [rv] = await both(v, s, teaching("normal"));
    return {
      ok: JSON.stringify(wv) === JSON.stringify(ws) && call(rv).text === "3",
      shows: `${replies.length} replies to request 7 (the right id, "7", 7.5, null, none, 8, errors good and bad, an array result, a notification): the same verdicts as the solved answerFor: ${JSON.stringify(wv) === JSON.stringify(ws)}; the normal server's call gives ${JSON.stringify(call(rv).text)}`,
    };
  },
  "close-signal-loop": async ({ v }) => closeProof(v),
  "request-skips-late-replies": async ({ v, s }) => {
    const options = {
      timeoutMs: 1400,
      calls: [
        ["word_count", { text: "one two three" }],
        ["word_count", { text: "one two three" }],
      ],
    };
    const [rv, rs] = await together(v, s, fixture("late-reply"), options);
    return {
      ok:
        /Deadline/.test(call(rv, 0).error ?? "") &&
        call(rv, 1).text === "3" &&
        /wrong-id/.test(call(rs, 1).error ?? ""),
      shows: `the first call answered after 1500 ms (timeout 1400 ms), the second after 800 ms: variant ${call(rv, 0).error} then ${JSON.stringify(call(rv, 1).text ?? call(rv, 1).error)} (the late reply dropped unseen), solved ${call(rs, 0).error} then ${call(rs, 1).error}`,
    };
  },
  "connect-bad-catalog-as-empty": async ({ v, s }) => {
    const [mv, ms] = await both(v, s, teaching("many-tools"), { calls: [] });
    const [pv, ps] = await both(v, s, teaching("paged"), { calls: [] });
    return {
      ok:
        mv.connectError === undefined &&
        /catalog/.test(ms.connectError ?? "") &&
        pv.connectError === undefined &&
        /catalog/.test(ps.connectError ?? ""),
      shows: `many-tools: variant connects with ${JSON.stringify(mv.tools)}, solved ${ms.connectError}; paged: variant ${JSON.stringify(pv.tools)}, solved ${ps.connectError}`,
    };
  },
  "call-tool-checks-trimmed-sends-raw": async ({ v, s }) => {
    const options = { calls: [["word_count ", { text: "one two three" }]] };
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal", options);
    return {
      ok:
        JSON.stringify(sentCalls(fv)) === '["word_count "]' &&
        sentCalls(fs).length === 0 &&
        /not-allowed/.test(call(rs).error ?? ""),
      shows: `allowlist [word_count], a call to "word_count " (a trailing space): variant sends ${JSON.stringify(sentCalls(fv))} (${JSON.stringify(call(rv).text ?? call(rv).error)}), solved ${call(rs).error} and sends ${JSON.stringify(sentCalls(fs))}`,
    };
  },
  "top-tools-at-least-one": async ({ v, s }) => {
    const tools = [{ name: "word_count" }, { name: "shop_hours" }];
    const score = (_request, texts) => texts.map((_, i) => 1 - i / 2);
    const [nv, ns] = rankedNames(v, s, "count words", tools, score, 0);
    return {
      ok: ns.length === 0 && nv.length > 0,
      shows: `m = 0: variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "parse-frame-cuts-after-last-brace": async ({ v, s }) => {
    const frame = Buffer.from('{"jsonrpc":"2.0","id":3,"result":{}} [server] call done');
    const pv = pure(() => v.parseFrame(frame));
    const ps = pure(() => s.parseFrame(frame));
    return {
      ok: pv.value?.id === 3 && /malformed-frame/.test(ps.error ?? ""),
      shows: `a reply followed by a log message on its line: variant ${JSON.stringify(pv)}, solved ${ps.error}`,
    };
  },
  "check-tools-schema-type-any-case": async ({ v, s }) => {
    const list = { tools: [{ name: "word_count", inputSchema: { type: "Object" } }] };
    const pv = pure(() => v.checkTools(list).length);
    const ps = pure(() => s.checkTools(list).length);
    return {
      ok: pv.value === 1 && /catalog/.test(ps.error ?? ""),
      shows: `a tool whose inputSchema type is "Object": variant ${JSON.stringify(pv)}, solved ${ps.error}`,
    };
  },
  "close-kill-leader-only": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("grandchild"));
    return {
      ok: !rv.groupEmpty && rs.groupEmpty,
      shows: `the grandchild server (its child ignores SIGTERM): variant close returns ${JSON.stringify(rv.status)}, group empty a second later: ${rv.groupEmpty}; solved ${JSON.stringify(rs.status)}, ${rs.groupEmpty}`,
    };
  },
  "call-tool-retries-tool-error": async ({ v, s }) => {
    const [logV, logS] = [scratchFile("log"), scratchFile("log")];
    const options = { calls: [["word_count", {}]] };
    const rv = await session(v, teaching("normal", "--log", logV), options);
    const rs = await session(s, teaching("normal", "--log", logS), options);
    const count = (log) => logged(log).filter((line) => JSON.parse(line).name === "word_count").length;
    return {
      ok: count(logV) === 2 && count(logS) === 1 && /ToolError/.test(call(rs).error ?? ""),
      shows: `one call to word_count without its text (the tool reports failure): the server's log holds ${count(logV)} calls from the variant (${call(rv).error}), ${count(logS)} from the solved one (${call(rs).error})`,
    };
  },
  "call-tool-empty-allowlist-allows-all": async ({ v, s }) => {
    const [logV, logS] = [scratchFile("log"), scratchFile("log")];
    const options = { allowed: [], calls: [["place_purchase", { flavor: "vanilla", tubs: 100 }]] };
    const rv = await session(v, teaching("hostile", "--log", logV), options);
    const rs = await session(s, teaching("hostile", "--log", logS), options);
    const names = (log) => logged(log).map((line) => JSON.parse(line).name);
    return {
      ok:
        names(logV).includes("place_purchase") && names(logS).length === 0 && /not-allowed/.test(call(rs).error ?? ""),
      shows: `an empty allowlist, place_purchase on the hostile server: variant ${JSON.stringify(call(rv).text ?? call(rv).error)}, the server's log names ${JSON.stringify(names(logV))}; solved ${call(rs).error}, log ${JSON.stringify(names(logS))}`,
    };
  },
  "frame-reader-flushes-on-empty-chunk": async ({ v, s }) => {
    const run = (R) => {
      const reader = new R(1000);
      return [
        reader.feed(Buffer.from('{"jsonrpc":"2.0","id":1,"res')),
        reader.feed(Buffer.alloc(0)),
        reader.feed(Buffer.from('ult":{}}\n')),
      ].map((frames) => frames.map((b) => b.toString()));
    };
    const [fv, fs] = [pure(() => run(v.FrameReader)), pure(() => run(s.FrameReader))];
    return {
      ok:
        JSON.stringify(fs.value) === JSON.stringify([[], [], ['{"jsonrpc":"2.0","id":1,"result":{}}']]) &&
        JSON.stringify(fv.value) !== JSON.stringify(fs.value),
      shows: `half a line, an empty chunk, the rest: variant ${JSON.stringify(fv)}, solved ${JSON.stringify(fs)}`,
    };
  },
  "check-tools-requires-description": async ({ v, s }) => {
    const list = { tools: [{ name: "word_count", inputSchema: { type: "object" } }] };
    const pv = pure(() => v.checkTools(list).length);
    const ps = pure(() => s.checkTools(list).length);
    return {
      ok: /catalog/.test(pv.error ?? "") && ps.value === 1,
      shows: `a tool with a name and an object schema but no description: variant ${pv.error}, solved ${JSON.stringify(ps)}`,
    };
  },
  "close-reports-zero-when-group-empty": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("eof-deaf"));
    return {
      ok: rv.status === 0 && rs.status === "SIGTERM",
      shows: `eof-deaf (stays at end of input, ended by SIGTERM): variant close returns ${JSON.stringify(rv.status)}, solved ${JSON.stringify(rs.status)}`,
    };
  },
  "request-deadline-kept-per-method": async ({ v, s }) => {
    const options = {
      timeoutMs: 1000,
      calls: [
        ["word_count", { text: "one" }],
        ["word_count", { text: "two" }],
      ],
    };
    const [rv, rs] = await together(v, s, fixture("slow-600"), options);
    return {
      ok:
        /Deadline/.test(call(rv, 1).error ?? "") && call(rs, 0).error === undefined && call(rs, 1).error === undefined,
      shows: `two calls each answered after 600 ms, timeout 1000 ms: variant ${JSON.stringify(call(rv, 0).text ?? call(rv, 0).error)} then ${call(rv, 1).error ?? JSON.stringify(call(rv, 1).text)} after ${call(rv, 1).ms} ms; solved ${JSON.stringify(call(rs, 0).text)} then ${JSON.stringify(call(rs, 1).text)}`,
    };
  },
  "parse-frame-trusts-string-input": async ({ v, s }) => {
    const frame = '{"id":1,"result":{}}';
    const pv = pure(() => v.parseFrame(frame));
    const ps = pure(() => s.parseFrame(frame));
    const bytes = pure(() => v.parseFrame(Buffer.from(frame)));
    return {
      ok: pv.value?.id === 1 && /not-json-rpc/.test(ps.error ?? "") && /not-json-rpc/.test(bytes.error ?? ""),
      shows: `${frame} as a string: variant ${JSON.stringify(pv)}, solved ${ps.error}; the variant given the same bytes ${bytes.error}`,
    };
  },
  "encode-frame-cached-by-id": async ({ v, s }) => {
    const call3 = (text) => s.requestMessage(3, "tools/call", { name: "word_count", arguments: { text } });
    const run = (pieces) =>
      [pieces.encodeFrame(call3("first session")), pieces.encodeFrame(call3("second session"))].map((b) =>
        b.toString().trim(),
      );
    const [fv, fs] = [run(v), run(s)];
    return {
      ok: fv[1].includes("first session") && fs[1].includes("second session"),
      shows: `request 3 with "first session", then another request 3 with "second session": the variant's second frame is ${fv[1]}, the solved ${fs[1]}`,
    };
  },
  "top-tools-lowercases-request": async ({ v, s }) => {
    const tools = [{ name: "shop_hours" }, { name: "word_count" }];
    const score = (request, texts) => texts.map((text) => (request.includes("WORD") && text.includes("word") ? 1 : 0));
    const [nv, ns] = rankedNames(v, s, "count WORDS", tools, score, 1);
    return {
      ok: JSON.stringify(ns) === '["word_count"]' && JSON.stringify(nv) === '["shop_hours"]',
      shows: `a scorer that matches the capital WORD, request "count WORDS", m = 1: variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  // ---------- fair ----------
  "connect-timeout-finite-check": async ({ v, s }) => {
    const rv = await nanTimeoutProof(v);
    const rs = await nanTimeoutProof(s);
    const verdict = (r) =>
      [r.nan, ...r.edges]
        .map((x) => x.connectError)
        .concat(r.normal.tools?.length > 0 ? "connects" : r.normal.connectError);
    return {
      ok: JSON.stringify(verdict(rv)) === JSON.stringify(verdict(rs)) && call(rv.normal).text === "3",
      shows: `timeouts NaN, 0, 60001, Infinity, then 1000 ms: variant ${JSON.stringify(verdict(rv))}, solved ${JSON.stringify(verdict(rs))}; the call at 1000 ms gives ${JSON.stringify(call(rv.normal).text)}`,
    };
  },
  "encode-frame-concat-newline": async ({ v, s }) => {
    const messages = [
      s.requestMessage(1, "initialize", { clientInfo: { name: "☕ client", version: "1" } }),
      s.notificationMessage("notifications/initialized"),
      { jsonrpc: "2.0", id: 3, result: { text: "line\nbreak \u2028 and \ud83c\udf66" } },
      { jsonrpc: "2.0", id: 4, method: "x", params: { n: Number.NaN } },
      { jsonrpc: "2.0", id: 5, method: "x", params: { f: () => 1 } },
    ];
    const limits = [undefined, 30, 31, 32, 60];
    const work = (pieces) =>
      messages.flatMap((m) =>
        limits.map((limit) => JSON.stringify(pure(() => pieces.encodeFrame(m, limit).toString("base64")))),
      );
    const [wv, ws] = [work(v), work(s)];
    const same = wv.every((x, i) => x === ws[i]);
    return {
      ok: same,
      shows: `${messages.length} messages (characters of 1 to 4 UTF-8 bytes, a newline inside a string, NaN, a function) at ${limits.length} limits each: the same bytes or the same error as the solved encodeFrame in ${wv.filter((x, i) => x === ws[i]).length} of ${wv.length}`,
    };
  },
  "check-tools-duplicates-by-size": async ({ v, s }) => checkToolsProof(v, s),
  "result-text-blank-line-join": async ({ v, s }) => {
    const results = [
      { content: [{ type: "text", text: "4" }] },
      { content: [] },
      {
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "", mimeType: "image/png" },
          { type: "text", text: "b" },
        ],
      },
      { content: [{ type: "text", text: "no" }], isError: true },
      { isError: false },
    ];
    const [wv, ws] = [verdicts((r) => v.resultText(r), results), verdicts((r) => s.resultText(r), results)];
    const [rv] = await both(v, s, teaching("normal"));
    const differ = wv.map((x, i) => (x === ws[i] ? null : i)).filter((i) => i !== null);
    return {
      ok: JSON.stringify(differ) === "[2]" && JSON.parse(wv[2]).value === "a\n\nb" && call(rv).text === "3",
      shows: `five results (one text, none, text-image-text, an error, no content): variant ${JSON.stringify(wv)}; solved ${JSON.stringify(ws)}; they differ only in the separator of the two-text result; the normal server's call gives ${JSON.stringify(call(rv).text)}`,
    };
  },
  "notification-message-conditional-spread": async ({ v, s }) => {
    const inputs = [undefined, {}, { level: "info" }, { nested: { a: [1, 2] } }];
    const [wv, ws] = [
      verdicts((p) => v.notificationMessage("notifications/x", p), inputs),
      verdicts((p) => s.notificationMessage("notifications/x", p), inputs),
    ];
    const [rv] = await both(v, s, teaching("normal"));
    return {
      ok: JSON.stringify(wv) === JSON.stringify(ws) && call(rv).text === "3",
      shows: `params undefined, {}, one field, nested: variant ${JSON.stringify(wv)}, the same as the solved one: ${JSON.stringify(wv) === JSON.stringify(ws)}; the normal server's call gives ${JSON.stringify(call(rv).text)}`,
    };
  },
  "frame-reader-byte-scan": async ({ v, s }) => readerProof(v, s),
  "request-skips-counted-down": async ({ v, s }) => {
    const [a16, s16] = await both(v, s, teaching("normal", "--notifications", "16"));
    const [a17, s17] = await both(v, s, teaching("normal", "--notifications", "17"));
    return {
      ok:
        call(a16).text === "3" &&
        call(s16).text === "3" &&
        /too-many/.test(call(a17).error ?? "") &&
        /too-many/.test(call(s17).error ?? ""),
      shows: `16 notifications before the reply: variant ${JSON.stringify(call(a16).text)}, solved ${JSON.stringify(call(s16).text)}; 17: variant ${call(a17).error}, solved ${call(s17).error}`,
    };
  },
};
Object.assign(proofs, round6);

/** The same bytes or the same error as the solved encodeFrame, over messages at the edges and several limits each. */
function encodeLikeSolved(v, s) {
  const messages = [
    s.requestMessage(1, "initialize", { clientInfo: { name: "☕ client", version: "1" } }),
    s.notificationMessage("notifications/initialized"),
    { jsonrpc: "2.0", id: 3, result: { text: "line\nbreak \u2028 and \ud83c\udf66", n: 2.5 } },
    { jsonrpc: "2.0", id: 4, method: "x", params: { n: Number.NaN } },
    { jsonrpc: "2.0", id: 5, method: "x", params: { f: () => 1 } },
    { jsonrpc: "2.0", id: 6, method: "x", params: { a: [1, undefined] } },
    { jsonrpc: "2.0", id: 7, method: "x", params: { big: 10n } },
  ];
  const limits = [undefined, 30, 31, 32, 60, 0];
  const work = (pieces) =>
    messages.flatMap((m) =>
      limits.map((limit) => JSON.stringify(pure(() => pieces.encodeFrame(m, limit).toString("base64")))),
    );
  const [wv, ws] = [work(v), work(s)];
  return { same: wv.filter((x, i) => x === ws[i]).length, of: wv.length };
}
/** Each tool's name in a catalog the teaching server lists after its own two. */
const extraTools = (...names) => ["--extra-tools", JSON.stringify(names)];
/** The tools/call names a teaching server's log holds. */
const loggedNames = (log) => logged(log).map((line) => JSON.parse(line).name);
const round7 = {
  // ---------- wrong ----------
  "request-message-id-as-string": async ({ v, s }) => {
    const [mv, ms] = [v.requestMessage(3, "tools/list", {}), s.requestMessage(3, "tools/list", {})];
    const [rv, rs] = await both(v, s, teaching("normal"));
    return {
      ok: mv.id === "3" && ms.id === 3 && rv.connectError !== undefined && call(rs).text === "3",
      shows: `requestMessage(3, ...) carries id ${JSON.stringify(mv.id)} (solved ${JSON.stringify(ms.id)}); against the normal server the variant's connect ends ${rv.connectError}, the solved call gives ${JSON.stringify(call(rs).text)}`,
    };
  },
  "notification-message-params-null": async ({ v, s }) => {
    const [mv, ms] = [
      v.notificationMessage("notifications/initialized"),
      s.notificationMessage("notifications/initialized"),
    ];
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const initialized = (file) => received(file).find((m) => m?.method === "notifications/initialized");
    return {
      ok:
        "params" in mv &&
        mv.params === null &&
        !("params" in ms) &&
        initialized(fv)?.params === null &&
        !("params" in (initialized(fs) ?? {})),
      shows: `notificationMessage("notifications/initialized") is ${JSON.stringify(mv)} (solved ${JSON.stringify(ms)}); the server received ${JSON.stringify(initialized(fv))} from the variant, ${JSON.stringify(initialized(fs))} from the solved one`,
    };
  },
  "answer-for-missing-result-as-empty": async ({ v, s }) => {
    const bare = { jsonrpc: "2.0", id: 1 };
    const [pv, ps] = [pure(() => v.answerFor(1, bare)), pure(() => s.answerFor(1, bare))];
    return {
      ok: JSON.stringify(pv.value) === "{}" && /bad-response/.test(ps.error ?? ""),
      shows: `a response with id 1 and neither result nor error: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "answer-for-replay-set-across-sessions": async ({ v, s }) => {
    const firstV = await session(v, teaching("normal"));
    const secondV = await session(v, teaching("normal"));
    const [firstS, secondS] = [await session(s, teaching("normal")), await session(s, teaching("normal"))];
    return {
      ok:
        call(firstV).text === "3" &&
        /wrong-id/.test(secondV.connectError ?? "") &&
        call(firstS).text === "3" &&
        call(secondS).text === "3",
      shows: `two sessions in turn with the normal server: variant ${JSON.stringify(call(firstV).text)} then connect ${secondV.connectError} (${secondV.connectMessage}); solved ${JSON.stringify(call(firstS).text)} then ${JSON.stringify(call(secondS).text)}`,
    };
  },
  "encode-frame-refuses-newline-in-text": async ({ v, s }) => {
    const args = { text: "one\ntwo three" };
    const message = s.requestMessage(3, "tools/call", { name: "word_count", arguments: args });
    const [pv, ps] = [pure(() => v.encodeFrame(message).toString()), pure(() => s.encodeFrame(message).toString())];
    const [rv, rs] = await both(v, s, teaching("normal"), { calls: [["word_count", args]] });
    return {
      ok:
        /UsageError/.test(pv.error ?? "") &&
        ps.value?.indexOf("\n") === ps.value?.length - 1 &&
        call(rv).error !== undefined &&
        call(rs).text === "3",
      shows: `a call whose text is "one\\ntwo three": variant encodeFrame ${pv.error}, solved ${JSON.stringify(ps.value)} (one newline, at the end); against the normal server variant ${call(rv).error}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "encode-frame-refuses-fractions": async ({ v, s }) => {
    const message = s.requestMessage(3, "tools/call", {
      name: "place_purchase",
      arguments: { flavor: "vanilla", tubs: 2.5 },
    });
    const [pv, ps] = [pure(() => v.encodeFrame(message).length), pure(() => s.encodeFrame(message).length)];
    const [rv, rs] = await both(v, s, fixture("normal"), { calls: [["word_count", { text: "one two", weight: 0.5 }]] });
    return {
      ok: /UsageError/.test(pv.error ?? "") && ps.value > 0 && call(rv).error !== undefined && call(rs).text === "2",
      shows: `arguments holding 2.5 tubs: variant encodeFrame ${pv.error}, solved a ${ps.value}-byte frame; a word_count call with weight 0.5 (a server that ignores unknown arguments): variant ${call(rv).error}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "encode-frame-default-decimal-kilobytes": async ({ v, s }) => {
    const message = s.requestMessage(3, "tools/call", { name: "word_count", arguments: { text: "x".repeat(64_900) } });
    const [pv, ps] = [pure(() => v.encodeFrame(message).length), pure(() => s.encodeFrame(message).length)];
    return {
      ok: /frame-limit/.test(pv.error ?? "") && ps.value > 64_000 && ps.value <= lib.DEFAULT_FRAME_LIMIT,
      shows: `a message of ${ps.value} bytes with the default limit (${lib.DEFAULT_FRAME_LIMIT}): variant ${pv.error}, solved a ${ps.value}-byte frame`,
    };
  },
  "frame-reader-decodes-lossily": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("bad-utf8"));
    return {
      ok: call(rv).text?.includes("\uFFFD") && /malformed-frame/.test(call(rs).error ?? ""),
      shows: `a reply with the bytes FF FE inside its text: variant call gives ${JSON.stringify(call(rv).text ?? call(rv).error)}, solved ${call(rs).error}`,
    };
  },
  "frame-reader-skips-oversized-line": async ({ v, s }) => {
    const feed = (R) => new R(64).feed(Buffer.from(`${"x".repeat(100)}\n{"a":1}\n`)).map(String);
    const [pv, ps] = [pure(() => feed(v.FrameReader)), pure(() => feed(s.FrameReader))];
    const [rv, rs] = await together(v, s, teaching("oversized"));
    return {
      ok:
        JSON.stringify(pv.value) === '["{\\"a\\":1}"]' &&
        /frame-limit/.test(ps.error ?? "") &&
        /Deadline/.test(call(rv).error ?? "") &&
        /frame-limit/.test(call(rs).error ?? ""),
      shows: `limit 64, a 100-byte line then {"a":1}: variant ${JSON.stringify(pv)}, solved ${ps.error}; the oversized server: variant ${call(rv).error} after ${call(rv).ms} ms, solved ${call(rs).error}`,
    };
  },
  "frame-reader-counts-held-pieces": async ({ v, s }) => {
    const drip = (R) => {
      const reader = new R(64);
      for (let i = 0; i < 20; i += 1) reader.feed(Buffer.alloc(10, 0x78));
      return "200 bytes held";
    };
    const [pv, ps] = [pure(() => drip(v.FrameReader)), pure(() => drip(s.FrameReader))];
    return {
      ok: pv.value !== undefined && /frame-limit/.test(ps.error ?? ""),
      shows: `limit 64, a line fed 10 bytes at a time twenty times: variant ${JSON.stringify(pv)}, solved ${ps.error}`,
    };
  },
  "parse-frame-object-by-first-char": async ({ v, s }) => {
    const frames = [' {"jsonrpc":"2.0","id":1,"result":{}}', '\t{"jsonrpc":"2.0","id":1,"result":{}}'].map((f) =>
      Buffer.from(f),
    );
    const [wv, ws] = [verdicts((f) => v.parseFrame(f).id, frames), verdicts((f) => s.parseFrame(f).id, frames)];
    const [rv, rs] = await both(v, s, fixture("leading-space"));
    return {
      ok:
        wv.every((x) => /not-json-rpc/.test(x)) &&
        ws.every((x) => x === '{"value":1}') &&
        call(rv).error !== undefined &&
        call(rs).text === "3",
      shows: `a reply after a space, after a tab: variant ${JSON.stringify(wv)}, solved ${JSON.stringify(ws)}; a server that writes a space before its reply: variant ${call(rv).error}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "parse-frame-replacement-char-refused": async ({ v, s }) => {
    const frames = [
      Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"text":"caf\uFFFD"}}'),
      Buffer.from([0x7b, 0xff, 0x7d]),
    ];
    const [wv, ws] = [verdicts((f) => v.parseFrame(f).id, frames), verdicts((f) => s.parseFrame(f).id, frames)];
    return {
      ok:
        /malformed-frame/.test(wv[0]) &&
        ws[0] === '{"value":1}' &&
        /malformed-frame/.test(wv[1]) &&
        /malformed-frame/.test(ws[1]),
      shows: `a valid frame whose text holds U+FFFD, then the bytes { FF }: variant ${JSON.stringify(wv)}, solved ${JSON.stringify(ws)}`,
    };
  },
  "check-initialize-remembers-first-server": async ({ v, s }) => {
    const good = { protocolVersion: lib.PROTOCOL_VERSION, capabilities: { tools: {} } };
    const old = { protocolVersion: "2024-11-05", capabilities: { tools: {} } };
    const twice = (pieces) => pure(() => [pieces.checkInitialize(good), pieces.checkInitialize(old)].length);
    const [pv, ps] = [twice(v), twice(s)];
    const [, later] = [await session(v, teaching("normal")), await session(v, teaching("old-version"))];
    const solved = await session(s, teaching("old-version"));
    return {
      ok:
        pv.value === 2 &&
        /version/.test(ps.error ?? "") &&
        call(later).text === "3" &&
        /version/.test(solved.connectError ?? ""),
      shows: `a good answer, then one with 2024-11-05: variant ${JSON.stringify(pv)}, solved ${ps.error}; after a normal session the variant's session with old-version gives ${JSON.stringify(call(later).text ?? later.connectError)}, solved ${solved.connectError}`,
    };
  },
  "check-initialize-missing-capabilities-accepted": async ({ v, s }) => {
    const answer = { protocolVersion: lib.PROTOCOL_VERSION, serverInfo: { name: "x", version: "1" } };
    const [pv, ps] = [pure(() => v.checkInitialize(answer) !== undefined), pure(() => s.checkInitialize(answer))];
    return {
      ok: pv.value === true && /capabilities/.test(ps.error ?? ""),
      shows: `an initialize result with the right version and no capabilities: variant ${JSON.stringify(pv)}, solved ${ps.error}`,
    };
  },
  "check-tools-duplicates-ignoring-case": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("uppercase"), { calls: [] });
    return {
      ok: /catalog/.test(rv.connectError ?? "") && rs.tools?.length === 3,
      shows: `a catalog with word_count and WORD_COUNT: variant ${rv.connectError} (${rv.connectMessage}); solved lists ${JSON.stringify(rs.tools)}`,
    };
  },
  "check-tools-requires-properties": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("normal"));
    return {
      ok: /catalog/.test(rv.connectError ?? "") && call(rs).text === "3",
      shows: `a catalog whose place_purchase schema is {"type":"object"}: variant ${rv.connectError} (${rv.connectMessage}); solved lists ${JSON.stringify(rs.tools)} and its call gives ${JSON.stringify(call(rs).text)}`,
    };
  },
  "check-tools-name-pattern": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("normal", ...extraTools("get-weather", "notes.search")));
    return {
      ok: /catalog/.test(rv.connectError ?? "") && rs.tools?.length === 4 && call(rs).text === "3",
      shows: `the normal server with get-weather and notes.search added: variant ${rv.connectError} (${rv.connectMessage}); solved lists ${JSON.stringify(rs.tools)}, call ${JSON.stringify(call(rs).text)}`,
    };
  },
  "check-tools-adjacent-duplicates-only": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("duplicate"), { calls: [] });
    return {
      ok:
        JSON.stringify(rv.tools) === '["word_count","place_purchase","word_count"]' &&
        /catalog/.test(rs.connectError ?? ""),
      shows: `word_count, place_purchase, word_count: variant lists ${JSON.stringify(rv.tools)}, solved ${rs.connectError}`,
    };
  },
  "result-text-content-missing-as-empty": async ({ v, s }) => {
    const results = [{}, { isError: false }, { content: "4" }];
    const [wv, ws] = [verdicts((r) => v.resultText(r), results), verdicts((r) => s.resultText(r), results)];
    return {
      ok: wv.every((x) => x === '{"value":""}') && ws.every((x) => /bad-response/.test(x)),
      shows: `results with no content, isError false and no content, content a string: variant ${JSON.stringify(wv)}, solved ${JSON.stringify(ws)}`,
    };
  },
  "request-skips-malformed-frames": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, teaching("stdout-log"));
    return {
      ok: call(rv).text === "3" && /malformed-frame/.test(call(rs).error ?? ""),
      shows: `"calling tool now" on stdout before the reply: variant ${JSON.stringify(call(rv).text ?? call(rv).error)}, solved ${call(rs).error}`,
    };
  },
  "request-ping-answer-without-jsonrpc": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "ping-first");
    const answer = (file) => recorded(file).find((entry) => "answerToPing" in entry)?.answerToPing;
    return {
      ok: answer(fv) !== undefined && !("jsonrpc" in answer(fv)) && answer(fs)?.jsonrpc === "2.0",
      shows: `the server pings before its reply: the variant answered ${JSON.stringify(answer(fv))} (call ${JSON.stringify(call(rv).text ?? call(rv).error)}), the solved one ${JSON.stringify(answer(fs))} (call ${JSON.stringify(call(rs).text)})`,
    };
  },
  "connect-refuses-empty-catalog": async ({ v, s }) => {
    const [rv, rs] = await both(v, s, fixture("no-tools"), { calls: [] });
    return {
      ok: /catalog/.test(rv.connectError ?? "") && JSON.stringify(rs.tools) === "[]",
      shows: `a server that lists no tools: variant ${rv.connectError} (${rv.connectMessage}); solved connects with ${JSON.stringify(rs.tools)}`,
    };
  },
  "call-tool-memoised-by-arguments": async ({ v, s }) => {
    const [logV, logS] = [scratchFile("log"), scratchFile("log")];
    const calls = [
      ["word_count", { text: "one two three" }],
      ["word_count", { text: "one two three" }],
    ];
    const rv = await session(v, teaching("normal", "--log", logV), { calls });
    const rs = await session(s, teaching("normal", "--log", logS), { calls });
    return {
      ok: call(rv, 1).text === "3" && logged(logV).length === 1 && logged(logS).length === 2,
      shows: `the same word_count call twice: variant ${JSON.stringify(rv.calls.map((c) => c.text))} with ${logged(logV).length} call in the server's log; solved ${JSON.stringify(rs.calls.map((c) => c.text))} with ${logged(logS).length}`,
    };
  },
  "call-tool-allowlist-prefix": async ({ v, s }) => {
    const [logV, logS] = [scratchFile("log"), scratchFile("log")];
    const options = { calls: [["word_count_and_order", {}]] };
    const rv = await session(v, teaching("normal", ...extraTools("word_count_and_order"), "--log", logV), options);
    const rs = await session(s, teaching("normal", ...extraTools("word_count_and_order"), "--log", logS), options);
    return {
      ok:
        loggedNames(logV).includes("word_count_and_order") &&
        loggedNames(logS).length === 0 &&
        /not-allowed/.test(call(rs).error ?? ""),
      shows: `allowlist [word_count], a call to the advertised word_count_and_order: the server's log names ${JSON.stringify(loggedNames(logV))} for the variant (${JSON.stringify(call(rv).text ?? call(rv).error)}); solved ${call(rs).error}, log ${JSON.stringify(loggedNames(logS))}`,
    };
  },
  "call-tool-allowlist-fixed-by-first-session": async ({ v, s }) => {
    const wide = { allowed: ["word_count", "place_purchase"] };
    const narrow = { allowed: ["word_count"], calls: [["place_purchase", { flavor: "vanilla", tubs: 100 }]] };
    const [logV, logS] = [scratchFile("log"), scratchFile("log")];
    await session(v, teaching("normal"), wide);
    const rv = await session(v, teaching("normal", "--log", logV), narrow);
    await session(s, teaching("normal"), wide);
    const rs = await session(s, teaching("normal", "--log", logS), narrow);
    return {
      ok:
        loggedNames(logV).includes("place_purchase") &&
        loggedNames(logS).length === 0 &&
        /not-allowed/.test(call(rs).error ?? ""),
      shows: `a session allowing word_count and place_purchase, then one allowing word_count only that asks for place_purchase: the second server's log names ${JSON.stringify(loggedNames(logV))} for the variant; solved ${call(rs).error}, log ${JSON.stringify(loggedNames(logS))}`,
    };
  },
  "close-guard-module-level": async ({ v, s }) => {
    const first = await session(v, teaching("normal"));
    const second = await session(v, teaching("normal"), { closeWithin: 3000 });
    const solved = [await session(s, teaching("normal")), await session(s, teaching("normal"))];
    return {
      ok:
        first.status === 0 &&
        /still running/.test(String(second.status)) &&
        !second.groupEmpty &&
        solved.every((r) => r.status === 0 && r.groupEmpty),
      shows: `two sessions in turn with the normal server: the variant's first close returns ${JSON.stringify(first.status)}, its second ${JSON.stringify(second.status)} and the group is empty a second later: ${second.groupEmpty}; solved ${JSON.stringify(solved.map((r) => r.status))}, empty ${JSON.stringify(solved.map((r) => r.groupEmpty))}`,
    };
  },
  "top-tools-own-text-first-underscore": async ({ v, s }) => {
    const tools = [
      { name: "word_count", description: "Count the words." },
      { name: "check_stock_level", description: "How much is on hand." },
    ];
    const seen = [];
    const score = (request, texts) => {
      seen.push(texts[1]);
      return texts.map((text) => (text.split(/[\s.]+/u).includes("level") ? 1 : 0));
    };
    const [nv, ns] = rankedNames(v, s, "stock level", tools, score, 1);
    return {
      ok: JSON.stringify(nv) === '["word_count"]' && JSON.stringify(ns) === '["check_stock_level"]',
      shows: `a scorer matching the word "level": the variant's scorer saw ${JSON.stringify(seen[0])} and it ranks ${JSON.stringify(nv)}; the solved one's saw ${JSON.stringify(seen[1])} and ranks ${JSON.stringify(ns)}`,
    };
  },
  "top-tools-normalises-by-max": async ({ v, s }) => {
    const tools = [{ name: "a" }, { name: "b" }, { name: "c" }];
    const score = () => [-0.2, -0.5, -0.1];
    const [nv, ns] = rankedNames(v, s, "request", tools, score, 1);
    return {
      ok: JSON.stringify(ns) === '["c"]' && JSON.stringify(nv) === '["b"]',
      shows: `scores -0.2, -0.5, -0.1, m = 1: variant ${JSON.stringify(nv)} (the worst), solved ${JSON.stringify(ns)}`,
    };
  },
  "top-tools-boolean-comparator": async ({ v, s }) => {
    const tools = [{ name: "a" }, { name: "b" }, { name: "c" }];
    const [nv, ns] = rankedNames(v, s, "request", tools, () => [0, 0, 0], 3);
    return {
      ok: JSON.stringify(ns) === '["a","b","c"]' && JSON.stringify(nv) !== JSON.stringify(ns),
      shows: `three tools scoring 0, m = 3: variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "top-tools-m-clamped-to-five": async ({ v, s }) => {
    const tools = Array.from({ length: 10 }, (_, i) => ({ name: `tool_${i}` }));
    const score = (request, texts) => texts.map((_, i) => 10 - i);
    const [nv, ns] = rankedNames(v, s, "request", tools, score, 8);
    return {
      ok: nv.length === 5 && ns.length === 8,
      shows: `ten tools, m = 8: variant returns ${nv.length}, solved ${ns.length}`,
    };
  },
  "connect-initialized-pipelined": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "newer-version", { calls: [] });
    return {
      ok:
        methodsReceived(fv).includes("notifications/initialized") &&
        !methodsReceived(fs).includes("notifications/initialized") &&
        /version/.test(rv.connectError ?? "") &&
        /version/.test(rs.connectError ?? ""),
      shows: `a server answering 2026-07-28: both refuse it (variant ${rv.connectError}, solved ${rs.connectError}), but the server received ${JSON.stringify(methodsReceived(fv))} from the variant and ${JSON.stringify(methodsReceived(fs))} from the solved one`,
    };
  },
  "connect-tools-listed-once": async ({ v, s }) => {
    const second = { allowed: ["word_count", "delete_all_orders"], calls: [["delete_all_orders", {}]] };
    const [logV, logS] = [scratchFile("log"), scratchFile("log")];
    await session(v, fixture("risky"), { calls: [] });
    const rv = await session(v, teaching("normal", "--log", logV), second);
    await session(s, fixture("risky"), { calls: [] });
    const rs = await session(s, teaching("normal", "--log", logS), second);
    return {
      ok:
        rv.tools?.includes("delete_all_orders") &&
        !/not-advertised/.test(call(rv).error ?? "") &&
        /not-advertised/.test(call(rs).error ?? "") &&
        loggedNames(logS).length === 0,
      shows: `a first session with a server advertising delete_all_orders, then one with the normal server (which does not) asking for it: the variant's second session lists ${JSON.stringify(rv.tools)} and its call gives ${JSON.stringify(call(rv).text ?? call(rv).error)} (the server's log names ${JSON.stringify(loggedNames(logV))}); solved lists ${JSON.stringify(rs.tools)} and gives ${call(rs).error}`,
    };
  },
  "call-tool-refusal-returned-as-text": async ({ v, s }) => {
    const [logV, logS] = [scratchFile("log"), scratchFile("log")];
    const options = { calls: [["place_purchase", { flavor: "vanilla", tubs: 100 }]] };
    const rv = await session(v, teaching("hostile", "--log", logV), options);
    const rs = await session(s, teaching("hostile", "--log", logS), options);
    return {
      ok: typeof call(rv).text === "string" && /not-allowed/.test(call(rs).error ?? "") && logged(logV).length === 0,
      shows: `place_purchase outside the allowlist: the variant's call returns the text ${JSON.stringify(call(rv).text)} (nothing sent: ${logged(logV).length === 0}); solved ${call(rs).error}`,
    };
  },
  "request-timeout-fixed-by-first-session": async ({ v, s }) => {
    await session(v, teaching("normal"), { timeoutMs: 3000 });
    const [rv, rs] = await together(v, s, teaching("hang"), { timeoutMs: 500 });
    return {
      ok:
        /Deadline/.test(call(rv).error ?? "") &&
        call(rv).ms >= 2500 &&
        /Deadline/.test(call(rs).error ?? "") &&
        call(rs).ms < 1500,
      shows: `after a session with a 3000 ms timeout, a session with 500 ms against the hang server: the variant's call ends ${call(rv).error} after ${call(rv).ms} ms, the solved one's ${call(rs).error} after ${call(rs).ms} ms`,
    };
  },
  // ---------- fair ----------
  "request-message-member-order": async ({ v, s }) => {
    const inputs = [
      [1, "initialize", { protocolVersion: "2025-06-18" }],
      [2, "tools/list", {}],
      [0, "x", { a: [1, { b: null }] }],
    ];
    const canonical = (m) => JSON.stringify(Object.fromEntries(Object.entries(m).sort()));
    const same = inputs.every((args) => canonical(v.requestMessage(...args)) === canonical(s.requestMessage(...args)));
    const [rv] = await both(v, s, teaching("normal"));
    return {
      ok: same && call(rv).text === "3",
      shows: `three requests: the same members and values as the solved requestMessage: ${same}; the normal server's call gives ${JSON.stringify(call(rv).text)}`,
    };
  },
  "answer-for-own-members": async ({ v, s }) => {
    const messages = [
      { jsonrpc: "2.0", method: "notifications/message" },
      { jsonrpc: "2.0", id: "srv-1", method: "ping" },
      { jsonrpc: "2.0", id: 4, result: { ok: 1 } },
      { jsonrpc: "2.0", id: 5, result: {} },
      { jsonrpc: "2.0", id: true, result: {} },
      { jsonrpc: "2.0", id: 4, error: { code: -32000, message: "no" } },
      { jsonrpc: "2.0", id: 4, error: { code: "x" } },
      { jsonrpc: "2.0", id: 4, error: null, result: {} },
      { jsonrpc: "2.0", id: 4, result: [] },
      { jsonrpc: "2.0", id: 4 },
    ];
    const [wv, ws] = [verdicts((m) => v.answerFor(4, m), messages), verdicts((m) => s.answerFor(4, m), messages)];
    const [rv] = await both(v, s, teaching("normal"));
    return {
      ok: JSON.stringify(wv) === JSON.stringify(ws) && call(rv).text === "3",
      shows: `${messages.length} messages for request 4 (notification, server request, result, other id, true id, errors good and bad, result array, none): the same verdicts as the solved answerFor: ${JSON.stringify(wv) === JSON.stringify(ws)}; normal server ${JSON.stringify(call(rv).text)}`,
    };
  },
  "encode-frame-size-before-bytes": async ({ v, s }) => {
    const { same, of } = encodeLikeSolved(v, s);
    const [rv] = await both(v, s, teaching("normal"));
    return {
      ok: same === of && call(rv).text === "3",
      shows: `the same bytes or the same error as the solved encodeFrame in ${same} of ${of} (messages with 1- to 4-byte characters, a fraction, NaN, a function, undefined in an array, a BigInt, at six limits); the normal server's call gives ${JSON.stringify(call(rv).text)}`,
    };
  },
  "parse-frame-shared-decoder": async ({ v, s }) => {
    const good = '{"jsonrpc":"2.0","id":1,"result":{"t":"☕"}}';
    const frames = [
      Buffer.from([0x7b, 0xff]),
      Buffer.from(good),
      Buffer.from(good).subarray(0, good.length - 3),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(good)]),
      Buffer.from([0xe2, 0x98]),
      Buffer.from(good),
      good,
      "[1]",
    ];
    const [wv, ws] = [verdicts((f) => v.parseFrame(f), frames), verdicts((f) => s.parseFrame(f), frames)];
    const [rv] = await both(v, s, teaching("normal"));
    const [bad] = await both(v, s, fixture("bad-utf8"));
    return {
      ok:
        JSON.stringify(wv) === JSON.stringify(ws) &&
        call(rv).text === "3" &&
        /malformed-frame/.test(call(bad).error ?? ""),
      shows: `${frames.length} frames (bad bytes then good ones, a cut character, a byte-order mark, strings): the same verdicts as the solved parseFrame: ${JSON.stringify(wv) === JSON.stringify(ws)}; normal ${JSON.stringify(call(rv).text)}, bad UTF-8 ${call(bad).error}`,
    };
  },
  "check-initialize-capabilities-first": async ({ v, s }) => {
    const V = lib.PROTOCOL_VERSION;
    const answers = [
      { protocolVersion: V, capabilities: { tools: {} } },
      { protocolVersion: "2024-11-05", capabilities: { tools: {} } },
      { protocolVersion: V, capabilities: {} },
      { protocolVersion: V },
      { protocolVersion: V, capabilities: { tools: [] } },
      { protocolVersion: "2024-11-05" },
    ];
    const [wv, ws] = [
      verdicts((a) => v.checkInitialize(a).protocolVersion, answers),
      verdicts((a) => s.checkInitialize(a).protocolVersion, answers),
    ];
    const differ = wv.map((x, i) => (x === ws[i] ? null : i)).filter((i) => i !== null);
    const [rv] = await both(v, s, teaching("normal"));
    const old = await session(v, teaching("old-version"));
    return {
      ok:
        JSON.stringify(differ) === "[5]" &&
        /ProtocolError/.test(wv[5]) &&
        call(rv).text === "3" &&
        /version/.test(old.connectError ?? ""),
      shows: `six initialize answers: variant ${JSON.stringify(wv)}; solved ${JSON.stringify(ws)}; they differ only for the answer wrong in both ways, which both refuse; normal ${JSON.stringify(call(rv).text)}, old-version ${old.connectError}`,
    };
  },
  "check-tools-two-passes": async ({ v, s }) => checkToolsProof(v, s),
  "result-text-loop-push": async ({ v, s }) => {
    const results = [
      { content: [{ type: "text", text: "4" }] },
      { content: [] },
      {
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "", mimeType: "image/png" },
          { type: "text", text: "b" },
        ],
      },
      { content: [{ type: "text", text: "no" }], isError: true },
      { content: [null, { type: "text" }] },
      { isError: false },
    ];
    const [wv, ws] = [verdicts((r) => v.resultText(r), results), verdicts((r) => s.resultText(r), results)];
    const [rv] = await both(v, s, teaching("normal"));
    return {
      ok: JSON.stringify(wv) === JSON.stringify(ws) && call(rv).text === "3",
      shows: `six results: the same verdicts as the solved resultText: ${JSON.stringify(wv) === JSON.stringify(ws)} (${JSON.stringify(wv)}); normal ${JSON.stringify(call(rv).text)}`,
    };
  },
  "request-handler-table": async ({ v, s }) => {
    const [pv, ps, fv, fs] = await bothRecorded(v, s, "ping-first");
    const [sv, ss, gv, gs] = await bothRecorded(v, s, "sampling");
    const answer = (file, key) => recorded(file).find((entry) => key in entry)?.[key];
    const [rv] = await both(v, s, teaching("normal"));
    const pingSame = JSON.stringify(answer(fv, "answerToPing")) === JSON.stringify(answer(fs, "answerToPing"));
    return {
      ok:
        pingSame &&
        answer(gv, "answerToSampling")?.error?.code === -32601 &&
        call(pv).text === "3" &&
        call(sv).text === "3" &&
        call(rv).text === "3",
      shows: `ping answered ${JSON.stringify(answer(fv, "answerToPing"))} (solved ${JSON.stringify(answer(fs, "answerToPing"))}); sampling answered ${JSON.stringify(answer(gv, "answerToSampling"))} (solved ${JSON.stringify(answer(gs, "answerToSampling"))}); the calls give ${JSON.stringify([call(pv).text, call(sv).text, call(rv).text])} (solved ${JSON.stringify([call(ps).text, call(ss).text])})`,
    };
  },
  "close-grace-timer-cleared": async ({ v, s }) => {
    const modes = ["normal", "grandchild", "eof-deaf", "term-proof"];
    const runs = await Promise.all(modes.map((mode) => together(v, s, teaching(mode))));
    const view = (r) => `${JSON.stringify(r.status)}/${r.groupEmpty ? "empty" : "LEFT"}`;
    const same = runs.every(([rv, rs]) => view(rv) === view(rs) && rv.groupEmpty);
    return {
      ok: same && runs[0][0].status === 0 && runs[0][0].closeMs < 1000,
      shows: `${modes.join(", ")}: variant ${JSON.stringify(runs.map(([rv]) => view(rv)))}, solved ${JSON.stringify(runs.map(([, rs]) => view(rs)))}; the normal server's close took ${runs[0][0].closeMs} ms`,
    };
  },
  "call-tool-lists-as-arrays": async ({ v, s }) => {
    const [logV, logS] = [scratchFile("log"), scratchFile("log")];
    const options = {
      allowed: ["word_count", "shop_hours"],
      calls: [
        ["word_count", { text: "one two three" }],
        ["place_purchase", { flavor: "vanilla", tubs: 100 }],
        ["shop_hours", {}],
      ],
    };
    const rv = await session(v, teaching("hostile", "--log", logV), options);
    const rs = await session(s, teaching("hostile", "--log", logS), options);
    const view = (r) => r.calls.map((c) => c.text ?? c.error);
    return {
      ok:
        JSON.stringify(view(rv)) === JSON.stringify(view(rs)) && JSON.stringify(loggedNames(logV)) === '["word_count"]',
      shows: `allowed word_count and shop_hours; calls word_count, place_purchase, shop_hours on the hostile server: variant ${JSON.stringify(view(rv))}, solved ${JSON.stringify(view(rs))}; the server's log names ${JSON.stringify(loggedNames(logV))}`,
    };
  },
};
// ---------- round 8 ----------
/** The texts a topTools hands its score function for `tools`. */
const textsScored = (pieces, tools) => {
  let seen;
  pieces.topTools("count the words", tools, (_request, texts) => ((seen = [...texts]), texts.map(() => 0)), 1);
  return seen;
};
const SHOP_TOOLS = [
  { name: "word_count", description: "Count the words in a short text." },
  { name: "stock_level" },
  { name: "send_message_to_lucy", description: "Message Lucy." },
];
const SCHEMA_TOOLS = SHOP_TOOLS.map((tool) => ({
  ...tool,
  inputSchema: { type: "object", properties: { text: { type: "string" } } },
}));
/** A score that gives each text its position in `order` (the first scores highest), 0 for the rest. */
const scoreByOrder = (order) => (_request, texts) =>
  texts.map((_t, i) => (order.includes(i) ? order.length - order.indexOf(i) : 0));
const manyTools = (n) => Array.from({ length: n }, (_, i) => ({ name: `tool_${i}`, inputSchema: { type: "object" } }));
/** The tool-text proofs: the variant's texts differ from lib's toolText, a normal session still works. */
async function toolTextProof(v, s, wrongText) {
  const [tv, ts] = [textsScored(v, SCHEMA_TOOLS), textsScored(s, SCHEMA_TOOLS)];
  return {
    ok: JSON.stringify(ts) === JSON.stringify(SCHEMA_TOOLS.map(lib.toolText)) && tv.some(wrongText),
    shows: `the retriever is given ${JSON.stringify(tv)}; the solved topTools gives it ${JSON.stringify(ts)}`,
  };
}
/** The session proofs of a fair piece: the same outcomes as the solved one on these commands. */
async function sameSessions(v, s, commands, options) {
  const view = (r) => JSON.stringify([r.connectError ?? r.tools, r.calls.map((c) => c.text ?? c.error)]);
  const rows = [];
  for (const command of commands) {
    const [rv, rs] = await together(v, s, command, options);
    rows.push([view(rv), view(rs), rv.groupEmpty]);
  }
  return {
    ok: rows.every(([a, b, empty]) => a === b && empty),
    shows: `${commands.map((c) => c.slice(2).join(" ")).join("; ")}: variant ${rows.map((r) => r[0]).join(" | ")}; solved ${rows.map((r) => r[1]).join(" | ")}`,
  };
}
const round8 = {
  // ---------- wrong ----------
  "request-message-params-by-position": async ({ v, s }) => {
    const [mv, ms] = [v, s].map((p) => p.requestMessage(2, "tools/list", {}));
    const [rv, rs] = await together(v, s, teaching("normal"));
    return {
      ok:
        Array.isArray(mv.params) && !Array.isArray(ms.params) && rv.connectError !== undefined && call(rs).text === "3",
      shows: `requestMessage(2, "tools/list", {}) is ${JSON.stringify(mv)} (solved ${JSON.stringify(ms)}); against the normal server the variant's connect ends ${rv.connectError}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "notification-message-params-flattened": async ({ v, s }) => {
    const [mv, ms] = [v, s].map((p) =>
      p.notificationMessage("notifications/progress", { progressToken: "t", progress: 1 }),
    );
    return {
      ok: !("params" in mv) && "progress" in mv && ms.params?.progress === 1,
      shows: `notificationMessage("notifications/progress", {progressToken, progress}) is ${JSON.stringify(mv)}; solved ${JSON.stringify(ms)}`,
    };
  },
  "answer-for-error-code-zero-ignored": async ({ v, s }) => {
    const inputs = [
      { jsonrpc: "2.0", id: 3, error: { code: 0, message: "failed" }, result: {} },
      { jsonrpc: "2.0", id: 3, error: { code: 0, message: "failed" } },
    ];
    const [wv, ws] = [verdicts((m) => v.answerFor(3, m), inputs), verdicts((m) => s.answerFor(3, m), inputs)];
    return {
      ok:
        wv[0] === '{"value":{}}' &&
        /ServerError/.test(ws[0]) &&
        /ServerError/.test(ws[1]) &&
        !/ServerError/.test(wv[1]),
      shows: `an error with code 0, with and without a result: answerFor gives ${JSON.stringify(wv)}; solved ${JSON.stringify(ws)}`,
    };
  },
  "answer-for-null-result-typeof-trap": async ({ v, s }) => {
    const m = { jsonrpc: "2.0", id: 3, result: null };
    const [pv, ps] = [pure(() => v.answerFor(3, m)), pure(() => s.answerFor(3, m))];
    const [rv, rs] = await together(v, s, fixture("null-result"));
    return {
      ok:
        pv.value === null &&
        ps.error !== undefined &&
        /Deadline/.test(call(rv).error ?? "") &&
        /ProtocolError/.test(call(rs).error ?? ""),
      shows: `answerFor(3, result null) gives ${JSON.stringify(pv)} (solved ${JSON.stringify(ps)}); against a server replying result null the call ends ${call(rv).error} after ${call(rv).ms} ms, solved ${call(rs).error} after ${call(rs).ms} ms`,
    };
  },
  "encode-frame-limit-capped-at-default": async ({ v, s }) => {
    const message = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "word_count", arguments: { text: "x".repeat(70_000) } },
    };
    const limit = 2 * lib.DEFAULT_FRAME_LIMIT;
    const [pv, ps] = [
      pure(() => v.encodeFrame(message, limit).length),
      pure(() => s.encodeFrame(message, limit).length),
    ];
    return {
      ok: pv.error !== undefined && typeof ps.value === "number",
      shows: `a ${ps.value}-byte frame under a ${limit}-byte limit: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "frame-reader-newline-at-zero-falsy": async ({ v, s }) => {
    const feedBoth = (P) => {
      const reader = new P.FrameReader(1024);
      return [reader.feed(Buffer.from('{"a":1}')), reader.feed(Buffer.from('\n{"b":2}\n'))].map((frames) =>
        frames.map(String),
      );
    };
    const [fv, fs] = [feedBoth(v), feedBoth(s)];
    const [rv, rs] = await together(v, s, fixture("newline-apart"));
    return {
      ok:
        JSON.stringify(fv[1]) !== JSON.stringify(fs[1]) &&
        fs[1].length === 2 &&
        /Deadline/.test(call(rv).error ?? "") &&
        call(rs).text === "3",
      shows: `feed('{"a":1}') then feed('\\n{"b":2}\\n'): variant ${JSON.stringify(fv)}, solved ${JSON.stringify(fs)}; a server whose newline comes in its own write: variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "frame-reader-checks-before-append": async ({ v, s }) => {
    const line = Buffer.from(`${"x".repeat(100_000)}\n`);
    const run = (P) => pure(() => new P.FrameReader(1024).feed(line).map((f) => f.length));
    const [pv, ps] = [run(v), run(s)];
    return {
      ok: JSON.stringify(pv.value) === "[100000]" && ps.error !== undefined,
      shows: `a 100,001-byte line in one chunk to a 1,024-byte reader: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "parse-frame-jsonrpc-checked-on-responses-only": async ({ v, s }) => {
    const frames = [
      '{"method":"notifications/message","params":{}}',
      '{"jsonrpc":"1.0","method":"notifications/message"}',
    ];
    const [wv, ws] = [verdicts((f) => v.parseFrame(f), frames), verdicts((f) => s.parseFrame(f), frames)];
    return {
      ok: wv.every((x) => x.startsWith('{"value"')) && ws.every((x) => /ProtocolError/.test(x)),
      shows: `notifications without jsonrpc "2.0": variant ${JSON.stringify(wv)}, solved ${JSON.stringify(ws)}`,
    };
  },
  "check-initialize-version-compared-as-date": async ({ v, s }) => {
    const answers = ["2025-06-18T00:00:00Z", "2025-06-18T00:00Z", lib.PROTOCOL_VERSION].map((protocolVersion) => ({
      protocolVersion,
      capabilities: { tools: {} },
    }));
    const [wv, ws] = [
      verdicts((a) => v.checkInitialize(a).protocolVersion, answers),
      verdicts((a) => s.checkInitialize(a).protocolVersion, answers),
    ];
    return {
      ok:
        wv.slice(0, 2).every((x) => x.startsWith('{"value"')) &&
        ws.slice(0, 2).every((x) => /ProtocolError/.test(x)) &&
        wv[2] === ws[2],
      shows: `versions ${answers.map((a) => a.protocolVersion).join(", ")}: variant ${JSON.stringify(wv)}, solved ${JSON.stringify(ws)}`,
    };
  },
  "check-tools-drops-bad-schema": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("no-schema"), { allowed: ["word_count", "shop_hours"] });
    return {
      ok: Array.isArray(rv.tools) && !rv.tools.includes("shop_hours") && rs.connectError !== undefined,
      shows: `a catalog with shop_hours lacking an input schema: variant connects with ${JSON.stringify(rv.tools)}, solved ${rs.connectError}`,
    };
  },
  "check-tools-default-limit-64": async ({ v, s }) => {
    const result = { tools: manyTools(33) };
    const [pv, ps] = [pure(() => v.checkTools(result).length), pure(() => s.checkTools(result).length)];
    return {
      ok: pv.value === 33 && ps.error !== undefined,
      shows: `33 tools, default limit: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "check-tools-empty-name-accepted": async ({ v, s }) => {
    const result = { tools: [{ name: "", inputSchema: { type: "object" } }] };
    const [pv, ps] = [pure(() => v.checkTools(result).length), pure(() => s.checkTools(result).length)];
    return {
      ok: pv.value === 1 && ps.error !== undefined,
      shows: `a tool named "": variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "result-text-content-object-wrapped": async ({ v, s }) => {
    const results = [{ content: { type: "text", text: "4" } }, {}];
    const [wv, ws] = [verdicts((r) => v.resultText(r), results), verdicts((r) => s.resultText(r), results)];
    return {
      ok:
        JSON.stringify(wv) === JSON.stringify(['{"value":"4"}', '{"value":""}']) &&
        ws.every((x) => /ProtocolError/.test(x)),
      shows: `content as one object, and no content: variant ${JSON.stringify(wv)}, solved ${JSON.stringify(ws)}`,
    };
  },
  "request-ignores-unknown-server-requests": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("sampling"));
    return {
      ok: /Deadline/.test(call(rv).error ?? "") && call(rs).text === "3",
      shows: `a server that asks sampling/createMessage before replying: variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs))}`,
    };
  },
  "request-server-request-id-as-number": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("ping-first"));
    const [nv, ns] = await together(v, s, teaching("normal"));
    return {
      ok: call(rv).error !== undefined && call(rs).text === "3" && call(nv).text === "3" && call(ns).text === "3",
      shows: `a server pinging with id "srv-1" before replying: the variant's call ends ${JSON.stringify(call(rv))}; solved ${JSON.stringify(call(rs))}; a server that never asks: ${JSON.stringify([call(nv).text, call(ns).text])}`,
    };
  },
  "request-ping-result-null": async ({ v, s }) => {
    const [fv, fs] = [scratchFile("rec"), scratchFile("rec")];
    await Promise.all([session(v, fixture("ping-first", fv)), session(s, fixture("ping-first", fs))]);
    const answer = (file) => recorded(file).find((entry) => "answerToPing" in entry)?.answerToPing;
    return {
      ok: answer(fv)?.result === null && JSON.stringify(answer(fs)?.result) === "{}",
      shows: `the answer to the server's ping: variant ${JSON.stringify(answer(fv))}, solved ${JSON.stringify(answer(fs))}`,
    };
  },
  "request-answers-parse-error": async ({ v, s }) => {
    const [fv, fs] = [scratchFile("rec"), scratchFile("rec")];
    const [rv, rs] = await Promise.all([session(v, fixture("blank-line", fv)), session(s, fixture("blank-line", fs))]);
    const errorsSent = received(fv).filter((m) => m?.error?.code === -32700);
    return {
      ok: call(rv).text === "3" && /malformed/.test(call(rs).error ?? "") && errorsSent.length > 0,
      shows: `a blank line before the reply: variant ${JSON.stringify(call(rv))} and sent ${JSON.stringify(errorsSent)}; solved ${JSON.stringify(call(rs))}`,
    };
  },
  "connect-validates-allowed-tools-only": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("no-schema"));
    return {
      ok: Array.isArray(rv.tools) && rv.tools.includes("shop_hours") && rs.connectError !== undefined,
      shows: `a catalog whose not-allowed shop_hours has no input schema: variant connects with ${JSON.stringify(rv.tools)}, solved ${rs.connectError}`,
    };
  },
  "connect-client-version-number": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal");
    const [iv, is] = [initializeParams(fv)?.clientInfo, initializeParams(fs)?.clientInfo];
    return {
      ok: typeof iv?.version === "number" && typeof is?.version === "string",
      shows: `clientInfo sent: variant ${JSON.stringify(iv)}, solved ${JSON.stringify(is)} (calls ${JSON.stringify([call(rv).text, call(rs).text])})`,
    };
  },
  "connect-initialised-british": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const [mv, ms] = [methodsReceived(fv), methodsReceived(fs)];
    return {
      ok:
        mv.includes("notifications/initialised") &&
        !mv.includes("notifications/initialized") &&
        ms.includes("notifications/initialized"),
      shows: `methods received: variant ${JSON.stringify(mv)}, solved ${JSON.stringify(ms)}`,
    };
  },
  "close-grace-is-request-timeout": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("eof-deaf"), { timeoutMs: 5000 });
    return {
      ok: rv.closeMs >= 4500 && rs.closeMs < 3000 && rv.groupEmpty && rs.groupEmpty,
      shows: `a server deaf to end of input, request timeout 5 s: close took ${rv.closeMs} ms, solved ${rs.closeMs} ms`,
    };
  },
  "call-tool-refreshes-catalog-first": async ({ v, s }) => {
    const options = { calls: [["place_purchase", { tubs: 100 }]] };
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal", options);
    const lists = (f) => methodsReceived(f).filter((m) => m === "tools/list").length;
    return {
      ok: lists(fv) === 2 && lists(fs) === 1 && /Refused/.test(call(rv).error ?? ""),
      shows: `a refused call to place_purchase: the variant's server received tools/list ${lists(fv)} times (solved ${lists(fs)}); the call ends ${call(rv).error} (solved ${call(rs).error})`,
    };
  },
  "call-tool-refusal-notifies-server": async ({ v, s }) => {
    const options = { calls: [["place_purchase", { tubs: 100 }]] };
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal", options);
    const after = (f) => methodsReceived(f).slice(3);
    return {
      ok: after(fv).includes("notifications/message") && after(fs).length === 0 && /Refused/.test(call(rv).error ?? ""),
      shows: `after the handshake, a refused place_purchase: the variant's server received ${JSON.stringify(received(fv).slice(3))}, solved ${JSON.stringify(after(fs))}; the call ends ${call(rv).error} (solved ${call(rs).error})`,
    };
  },
  "call-tool-arguments-as-json-string": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const args = (f) => received(f).find((m) => m?.method === "tools/call")?.params?.arguments;
    return {
      ok: typeof args(fv) === "string" && typeof args(fs) === "object",
      shows: `tools/call arguments sent: variant ${JSON.stringify(args(fv))}, solved ${JSON.stringify(args(fs))}`,
    };
  },
  "top-tools-m-past-end": async ({ v, s }) => {
    const [pv, ps] = [v, s].map((P) =>
      pure(() => P.topTools("count words", SHOP_TOOLS, scoreByOrder([0]), 5).map((t) => t.name)),
    );
    return {
      ok: pv.error !== undefined && ps.value?.length === 3,
      shows: `the best 5 of 3 tools: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "top-tools-ascending-scores": async ({ v, s }) => {
    const [nv, ns] = rankedNames(v, s, "count words", SHOP_TOOLS, scoreByOrder([0, 2, 1]), 1);
    return {
      ok: nv[0] !== ns[0] && ns[0] === "word_count",
      shows: `the best 1 when word_count scores highest: variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "top-tools-slice-before-sort": async ({ v, s }) => {
    const [nv, ns] = rankedNames(v, s, "message lucy", SHOP_TOOLS, scoreByOrder([2]), 1);
    return {
      ok: nv[0] !== "send_message_to_lucy" && ns[0] === "send_message_to_lucy",
      shows: `the best 1 when the last tool scores highest: variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "top-tools-m-capped-at-max-tools": async ({ v, s }) => {
    const tools = manyTools(64);
    const [nv, ns] = rankedNames(v, s, "tool", tools, (_r, texts) => texts.map(() => 1), 40);
    return {
      ok: nv.length === 32 && ns.length === 40,
      shows: `the best 40 of 64 tools: variant returns ${nv.length}, solved ${ns.length}`,
    };
  },
  "top-tools-own-text-undefined-description": async ({ v, s }) => toolTextProof(v, s, (t) => /undefined/.test(t)),
  "top-tools-own-text-spaces-removed": async ({ v, s }) => toolTextProof(v, s, (t) => t.startsWith("wordcount")),
  "top-tools-own-text-underscores-kept": async ({ v, s }) => toolTextProof(v, s, (t) => t.startsWith("word_count")),
  "top-tools-own-text-with-schema": async ({ v, s }) => toolTextProof(v, s, (t) => t.includes('"type":"object"')),
  // ---------- fair ----------
  "notification-message-object-assign": async ({ v, s }) => {
    const inputs = [["notifications/initialized"], ["notifications/progress", { progress: 1 }], ["x", {}]];
    const same = inputs.every(
      (a) => JSON.stringify(v.notificationMessage(...a)) === JSON.stringify(s.notificationMessage(...a)),
    );
    const [rv] = await together(v, s, teaching("normal"));
    return {
      ok: same && call(rv).text === "3",
      shows: `${inputs.length} notifications the same as the solved ones: ${same}; normal call ${JSON.stringify(call(rv).text)}`,
    };
  },
  "answer-for-id-by-json-text": async ({ v, s }) => {
    const ids = [3, 4, "3", true, 3.5, null, undefined, -3, [3], { id: 3 }, 30, 1e21];
    const inputs = ids.map((id) => ({ jsonrpc: "2.0", ...(id === undefined ? {} : { id }), result: {} }));
    const [wv, ws] = [verdicts((m) => v.answerFor(3, m), inputs), verdicts((m) => s.answerFor(3, m), inputs)];
    const sessions = await sameSessions(v, s, [teaching("normal"), fixture("string-id"), fixture("fractional-id")]);
    return {
      ok: JSON.stringify(wv) === JSON.stringify(ws) && sessions.ok,
      shows: `${ids.length} ids: the same verdicts as the solved answerFor: ${JSON.stringify(wv) === JSON.stringify(ws)}; ${sessions.shows}`,
    };
  },
  "parse-frame-object-tag": async ({ v, s }) => {
    const frames = [
      '{"jsonrpc":"2.0","method":"x"}',
      "[]",
      "null",
      "1",
      '"s"',
      '{"jsonrpc":"1.0"}',
      "{}",
      '[{"jsonrpc":"2.0"}]',
      Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}'),
    ];
    const [wv, ws] = [verdicts((f) => v.parseFrame(f), frames), verdicts((f) => s.parseFrame(f), frames)];
    const [rv] = await together(v, s, teaching("normal"));
    return {
      ok: JSON.stringify(wv) === JSON.stringify(ws) && call(rv).text === "3",
      shows: `${frames.length} frames, the same verdicts: ${JSON.stringify(wv) === JSON.stringify(ws)}; normal ${JSON.stringify(call(rv).text)}`,
    };
  },
  "check-initialize-object-tag": async ({ v, s }) => {
    const V = lib.PROTOCOL_VERSION;
    const answers = [
      { tools: {} },
      { tools: [] },
      { tools: null },
      { tools: true },
      {},
      undefined,
      { tools: { listChanged: true } },
    ].map((capabilities) => ({ protocolVersion: V, capabilities }));
    const [wv, ws] = [
      verdicts((a) => v.checkInitialize(a).protocolVersion, answers),
      verdicts((a) => s.checkInitialize(a).protocolVersion, answers),
    ];
    const [rv] = await together(v, s, teaching("normal"));
    return {
      ok: JSON.stringify(wv) === JSON.stringify(ws) && call(rv).text === "3",
      shows: `${answers.length} capabilities, the same verdicts: ${JSON.stringify(wv) === JSON.stringify(ws)} (${JSON.stringify(wv)}); normal ${JSON.stringify(call(rv).text)}`,
    };
  },
  "check-tools-count-last": async ({ v, s }) => checkToolsProof(v, s),
  "result-text-flat-map": async ({ v, s }) => {
    const results = [
      { content: [{ type: "text", text: "4" }] },
      { content: [] },
      {
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "" },
          { type: "text", text: "b" },
        ],
      },
      { content: [{ type: "text", text: "no" }], isError: true },
      { content: [null, { type: "text" }] },
      {},
    ];
    const [wv, ws] = [verdicts((r) => v.resultText(r), results), verdicts((r) => s.resultText(r), results)];
    const [rv] = await together(v, s, teaching("normal"));
    return {
      ok: JSON.stringify(wv) === JSON.stringify(ws) && call(rv).text === "3",
      shows: `${results.length} results, the same verdicts: ${JSON.stringify(wv) === JSON.stringify(ws)}; normal ${JSON.stringify(call(rv).text)}`,
    };
  },
  "request-ping-reply-spread": async ({ v, s }) => {
    const [fv, fs] = [scratchFile("rec"), scratchFile("rec")];
    await Promise.all([session(v, fixture("ping-first", fv)), session(s, fixture("ping-first", fs))]);
    const answers = (f) => received(f).filter((m) => m && !m.method);
    const sessions = await sameSessions(v, s, [teaching("normal"), fixture("sampling"), fixture("ping-first")]);
    return {
      ok: JSON.stringify(answers(fv)) === JSON.stringify(answers(fs)) && sessions.ok,
      shows: `answers to the server: variant ${JSON.stringify(answers(fv))}, solved ${JSON.stringify(answers(fs))}; ${sessions.shows}`,
    };
  },
  "connect-initialized-literal": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const sessions = await sameSessions(v, s, [teaching("normal"), teaching("old-version")]);
    return {
      ok: JSON.stringify(received(fv).slice(0, 3)) === JSON.stringify(received(fs).slice(0, 3)) && sessions.ok,
      shows: `the handshake's messages the same as the solved ones: ${JSON.stringify(received(fv).slice(0, 3)) === JSON.stringify(received(fs).slice(0, 3))}; ${sessions.shows}`,
    };
  },
  "call-tool-catalog-get": async ({ v, s }) => {
    const calls = [
      ["word_count", { text: "a b c" }],
      ["place_purchase", {}],
      ["constructor", {}],
      ["shop_hours", {}],
    ];
    return sameSessions(v, s, [fixture("normal"), fixture("names")], {
      allowed: ["word_count", "constructor", "shop_hours"],
      calls,
    });
  },
  "top-tools-explicit-comparator": async ({ v, s }) => {
    let same = 0;
    for (let seed = 1; seed <= 20; seed += 1) if (topToolsAgreement(v, s, seed).same) same += 1;
    return {
      ok: same === 20,
      shows: `the same ranking as the solved topTools in ${same} of 20 seeds (300 random catalogs, tied scores and m each)`,
    };
  },
};
// ---------- round 9 ----------
/** A score function that gives the texts these scores, in catalog order. */
const scoresOf = (values) => (_request, texts) => texts.map((_t, i) => values[i] ?? 0);
/** The names topTools ranks, or its error, for pieces P. */
const namesRanked = (P, tools, values, m) =>
  pure(() => P.topTools("count words", tools, scoresOf(values), m).map((t) => t?.name ?? JSON.stringify(t)));
const INIT = (extra = {}) => ({
  protocolVersion: lib.PROTOCOL_VERSION,
  capabilities: { tools: {} },
  serverInfo: { name: "s", version: "1" },
  ...extra,
});
const LINE = (n) =>
  `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { data: "x".repeat(n) } })}\n`;
/** Verdicts of the variant and the solved piece on the same inputs, and whether they agree. */
const agree = (v, s, work, inputs) => {
  const [a, b] = [verdicts((x) => work(v, x), inputs), verdicts((x) => work(s, x), inputs)];
  return { ok: JSON.stringify(a) === JSON.stringify(b), a, b };
};
const round9 = {
  // ---------- wrong ----------
  "top-tools-tuple-key-compared-as-text": async ({ v, s }) => {
    const [fv, fs] = [v, s].map((P) => namesRanked(P, SHOP_TOOLS, [0.5, 0.25, 0], 1));
    const twelve = manyTools(12);
    const [tv, ts] = [v, s].map((P) =>
      namesRanked(
        P,
        twelve,
        twelve.map(() => 1),
        3,
      ),
    );
    return {
      ok:
        fv.value?.[0] === "stock_level" &&
        fs.value?.[0] === "word_count" &&
        tv.value?.[2] === "tool_10" &&
        ts.value?.[2] === "tool_2",
      shows: `scores 0.5, 0.25, 0, the best 1: variant ${JSON.stringify(fv)}, solved ${JSON.stringify(fs)}; twelve tools all scoring 1, the best 3: variant ${JSON.stringify(tv)}, solved ${JSON.stringify(ts)}`,
    };
  },
  "top-tools-index-of-score": async ({ v, s }) => {
    const [nv, ns] = [v, s].map((P) => namesRanked(P, SHOP_TOOLS, [1, 1, 0], 2));
    return {
      ok:
        JSON.stringify(nv.value) === '["word_count","word_count"]' &&
        JSON.stringify(ns.value) === '["word_count","stock_level"]',
      shows: `scores 1, 1, 0, the best 2: variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "top-tools-keyed-by-score": async ({ v, s }) => {
    const [nv, ns] = [v, s].map((P) => namesRanked(P, SHOP_TOOLS, [1, 1, 0], 2));
    return {
      ok: !nv.value?.includes("word_count") && JSON.stringify(ns.value) === '["word_count","stock_level"]',
      shows: `scores 1, 1, 0, the best 2: variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "top-tools-distinct-scores-default-sort": async ({ v, s }) => {
    const [nv, ns] = [v, s].map((P) => namesRanked(P, SHOP_TOOLS, [10, 9, 2], 3));
    return {
      ok:
        nv.value?.[0] !== "word_count" &&
        JSON.stringify(ns.value) === '["word_count","stock_level","send_message_to_lucy"]',
      shows: `scores 10, 9, 2, all three: variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "top-tools-returns-ranked-entries": async ({ v, s }) => {
    const [ov, os] = [v, s].map((P) => pure(() => P.topTools("count words", SHOP_TOOLS, scoresOf([1, 0, 0]), 1)));
    return {
      ok: ov.value?.[0] !== SHOP_TOOLS[0] && ov.value?.[0]?.tool === SHOP_TOOLS[0] && os.value?.[0] === SHOP_TOOLS[0],
      shows: `the best 1: variant returns ${JSON.stringify(ov.value)}, solved ${JSON.stringify(os.value)}`,
    };
  },
  "check-initialize-loose-inequality": async ({ v, s }) => {
    const answer = INIT({ protocolVersion: [lib.PROTOCOL_VERSION] });
    const [pv, ps] = [v, s].map((P) => pure(() => P.checkInitialize(answer)));
    return {
      ok: pv.value !== undefined && ps.error !== undefined,
      shows: `protocolVersion ${JSON.stringify(answer.protocolVersion)}: variant ${JSON.stringify(pv.value ? "accepted" : pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "parse-frame-loose-inequality": async ({ v, s }) => {
    const frame = '{"jsonrpc":["2.0"],"id":1,"result":{}}';
    const [pv, ps] = [v, s].map((P) => pure(() => P.parseFrame(frame)));
    const [rv, rs] = await together(v, s, fixture("jsonrpc-number"));
    return {
      ok: pv.value !== undefined && ps.error !== undefined && call(rv).text === "3" && call(rs).error !== undefined,
      shows: `${frame}: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}; fixture jsonrpc-number (jsonrpc 2, a number): variant ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "encode-frame-replacer-arrow-this": async ({ v, s }) => {
    const message = s.requestMessage(3, "tools/call", { name: "word_count", arguments: { texts: ["a", undefined] } });
    const [pv, ps] = [v, s].map((P) => pure(() => P.encodeFrame(message).toString()));
    return {
      ok: /\["a",null\]/.test(pv.value ?? "") && ps.error !== undefined,
      shows: `arguments {texts: ["a", undefined]}: variant writes ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "encode-frame-limit-zero-as-default": async ({ v, s }) => {
    const message = s.requestMessage(1, "tools/list", {});
    const [pv, ps] = [v, s].map((P) => pure(() => P.encodeFrame(message, 0).length));
    return {
      ok: pv.value > 0 && ps.error !== undefined,
      shows: `encodeFrame(tools/list, 0): variant writes ${JSON.stringify(pv)} bytes, solved ${JSON.stringify(ps)}`,
    };
  },
  "frame-reader-limit-falsy-unbounded": async ({ v, s }) => {
    const line = Buffer.from(`${"x".repeat(10_000)}\n`);
    const [pv, ps] = [v, s].map((P) => pure(() => new P.FrameReader(0).feed(line).map((f) => f.length)));
    return {
      ok: JSON.stringify(pv.value) === "[10000]" && ps.error !== undefined,
      shows: `a reader with limit 0 fed a 10,001-byte line: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "request-message-id-int32": async ({ v, s }) => {
    const [iv, is] = [v, s].map((P) => P.requestMessage(2 ** 31, "tools/list", {}).id);
    return {
      ok: iv !== 2 ** 31 && is === 2 ** 31,
      shows: `requestMessage(2147483648, ...).id: variant ${iv}, solved ${is}`,
    };
  },
  "result-text-default-join": async ({ v, s }) => {
    // Fair: the separator is the learner's; what is judged is the items, in order, one separator
    // between each pair, a single item as it came, and a failure raised.
    const items = (...texts) => ({ content: texts.map((text) => ({ type: "text", text })) });
    const [pv, ps] = [v, s].map((P) => pure(() => P.resultText(items("a", "b", "c"))));
    const one = pure(() => v.resultText(items(" a\n")));
    const failed = pure(() => v.resultText({ ...items("out of stock"), isError: true }));
    return {
      ok:
        pv.value === "a,b,c" &&
        ps.value === "a\nb\nc" &&
        one.value === " a\n" &&
        failed.error?.startsWith("ToolError") === true,
      shows: `items a, b, c: variant ${JSON.stringify(pv)} (one separator, in order), solved ${JSON.stringify(ps)}; one item " a\\n": ${JSON.stringify(one)}; isError: ${JSON.stringify(failed)}`,
    };
  },
  "check-tools-schema-is-an-object": async ({ v, s }) => {
    const catalogs = [
      { tools: [{ name: "a", inputSchema: { type: "string" } }] },
      { tools: [{ name: "a", inputSchema: {} }] },
    ];
    const [wv, ws] = [
      verdicts((c) => v.checkTools(c).length, catalogs),
      verdicts((c) => s.checkTools(c).length, catalogs),
    ];
    return {
      ok: wv.every((x) => x === '{"value":1}') && ws.every((x) => /ProtocolError/.test(x)),
      shows: `a tool whose schema has type string, and one whose schema has no type: variant ${JSON.stringify(wv)}, solved ${JSON.stringify(ws)}`,
    };
  },
  "check-tools-null-entry-crashes": async ({ v, s }) => {
    const [pv, ps] = [v, s].map((P) => pure(() => P.checkTools({ tools: [null] })));
    return {
      ok: pv.error === "TypeError" && /ProtocolError\(catalog\)/.test(ps.error ?? ""),
      shows: `a catalog [null]: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "frame-reader-refuses-large-chunk": async ({ v, s }) => {
    const chunk = Buffer.from(Array.from({ length: 10 }, () => LINE(100)).join(""));
    const [pv, ps] = [v, s].map((P) => pure(() => new P.FrameReader(1024).feed(chunk).length));
    return {
      ok: pv.error !== undefined && ps.value === 10,
      shows: `limit 1024, one read of ten ${LINE(100).length}-byte notifications (${chunk.length} bytes): variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)} frames`,
    };
  },
  "check-initialize-requires-server-info": async ({ v, s }) => {
    const answer = { protocolVersion: lib.PROTOCOL_VERSION, capabilities: { tools: {} } };
    const [pv, ps] = [v, s].map((P) => pure(() => Boolean(P.checkInitialize(answer))));
    return {
      ok: pv.error !== undefined && ps.value === true,
      shows: `the pinned version and a tools capability, no serverInfo: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "check-initialize-refuses-other-capabilities": async ({ v, s }) => {
    const answer = INIT({ capabilities: { tools: {}, logging: {} } });
    const [pv, ps] = [v, s].map((P) => pure(() => Boolean(P.checkInitialize(answer))));
    return {
      ok: pv.error !== undefined && ps.value === true,
      shows: `capabilities {tools, logging}: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "encode-frame-accepts-primitives": async ({ v, s }) => {
    const inputs = ["hello", 42, null];
    const [wv, ws] = [
      verdicts((x) => v.encodeFrame(x).toString(), inputs),
      verdicts((x) => s.encodeFrame(x).toString(), inputs),
    ];
    return {
      ok: wv.every((x) => x.startsWith('{"value"')) && ws.every((x) => /UsageError/.test(x)),
      shows: `encodeFrame("hello"), (42), (null): variant ${JSON.stringify(wv)}, solved ${JSON.stringify(ws)}`,
    };
  },
  "frame-reader-keeps-newline": async ({ v, s }) => {
    const [pv, ps] = [v, s].map((P) =>
      pure(() => new P.FrameReader().feed(Buffer.from('{"a":1}\n{"b"')).map((f) => f.toString())),
    );
    return {
      ok:
        JSON.stringify(pv.value) === JSON.stringify(['{"a":1}\n']) &&
        JSON.stringify(ps.value) === JSON.stringify(['{"a":1}']),
      shows: `a read of {"a":1}\\n{"b": variant hands back ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "result-text-drops-empty-items": async ({ v, s }) => {
    const result = { content: ["a", "", "b"].map((text) => ({ type: "text", text })) };
    const [pv, ps] = [v, s].map((P) => pure(() => P.resultText(result)));
    return {
      ok: pv.value === "a\nb" && ps.value === "a\n\nb",
      shows: `text items a, "", b: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "result-text-iserror-only-when-silent": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("iserror"));
    return {
      ok: call(rv).text === "the counter crashed" && /ToolError/.test(call(rs).error ?? ""),
      shows: `fixture iserror (isError true, text "the counter crashed"): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "connect-sorts-catalog-by-name": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("normal"));
    return {
      ok: rv.tools?.[0] === "place_purchase" && rs.tools?.[0] === "word_count",
      shows: `the teaching server's catalog: variant ${JSON.stringify(rv.tools)}, solved ${JSON.stringify(rs.tools)}`,
    };
  },
  "connect-one-deadline-for-both": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("slow-600"), { timeoutMs: 1000, calls: [] });
    return {
      ok: /Deadline/.test(rv.connectError ?? "") && Array.isArray(rs.tools),
      shows: `fixture slow-600 (initialize and tools/list each answered after 600 ms), timeout 1000 ms: variant ${rv.connectError ?? JSON.stringify(rv.tools)} after ${rv.connectMs} ms, solved ${JSON.stringify(rs.tools)} after ${rs.connectMs} ms`,
    };
  },
  "connect-list-cursor-null": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const params = (f) => received(f).find((m) => m?.method === "tools/list")?.params;
    return {
      ok: JSON.stringify(params(fv)) === '{"cursor":null}' && JSON.stringify(params(fs)) === "{}",
      shows: `the tools/list params received: variant ${JSON.stringify(params(fv))}, solved ${JSON.stringify(params(fs))}`,
    };
  },
  "connect-declares-roots": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const [cv, cs] = [initializeParams(fv)?.capabilities, initializeParams(fs)?.capabilities];
    return {
      ok: cv !== undefined && "roots" in cv && JSON.stringify(cs) === "{}",
      shows: `the capabilities declared in initialize: variant ${JSON.stringify(cv)}, solved ${JSON.stringify(cs)}`,
    };
  },
  "call-tool-arguments-flattened": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal");
    const params = (f) => received(f).find((m) => m?.method === "tools/call")?.params;
    return {
      ok:
        params(fv)?.arguments === undefined &&
        params(fs)?.arguments !== undefined &&
        call(rv).text !== "3" &&
        call(rs).text === "3",
      shows: `tools/call params received: variant ${JSON.stringify(params(fv))} (answer ${JSON.stringify(call(rv))}), solved ${JSON.stringify(params(fs))} (answer ${JSON.stringify(call(rs).text)})`,
    };
  },
  "call-tool-refusal-as-usage-error": async ({ v, s }) => {
    const [lv, ls] = [scratchFile("log"), scratchFile("log")];
    const options = { calls: [["place_purchase", { flavor: "vanilla", tubs: 100 }]] };
    const [rv, rs] = await Promise.all([
      session(v, teaching("normal", "--log", lv), options),
      session(s, teaching("normal", "--log", ls), options),
    ]);
    return {
      ok:
        /UsageError/.test(call(rv).error ?? "") && /RefusedError/.test(call(rs).error ?? "") && logged(lv).length === 0,
      shows: `place_purchase, not allowed: variant ${call(rv).error}, solved ${call(rs).error}; the server's logs hold ${logged(lv).length} and ${logged(ls).length} calls`,
    };
  },
  "request-skips-foreign-replies": async ({ v, s }) => {
    const [[sv, ss], [wv, ws]] = await Promise.all([
      together(v, s, teaching("stale")),
      together(v, s, teaching("wrong-id")),
    ]);
    return {
      ok:
        call(sv).text === "3" &&
        /wrong-id/.test(call(ss).error ?? "") &&
        /Deadline/.test(call(wv).error ?? "") &&
        /wrong-id/.test(call(ws).error ?? ""),
      shows: `teaching stale (the previous reply repeated first): variant ${JSON.stringify(call(sv))}, solved ${call(ss).error}; teaching wrong-id: variant ${call(wv).error} after ${call(wv).ms} ms, solved ${call(ws).error}`,
    };
  },
  "close-status-code-only": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("eof-deaf"));
    return {
      ok: rv.status === null && rs.status === "SIGTERM" && rv.groupEmpty,
      shows: `teaching eof-deaf (ended by SIGTERM): variant close() returns ${JSON.stringify(rv.status)}, solved ${JSON.stringify(rs.status)}`,
    };
  },
  "close-awaits-exit-after-term": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("term-proof"), { closeWithin: 5000 });
    return {
      ok: /still running/.test(String(rv.status)) && rs.status === "SIGKILL" && rs.groupEmpty,
      shows: `teaching term-proof (ignores SIGTERM): variant close() ${JSON.stringify(rv.status)}, solved returns ${JSON.stringify(rs.status)} after ${rs.closeMs} ms`,
    };
  },
  "notification-message-empty-params-default": async ({ v, s }) => {
    const [nv, ns] = [v, s].map((P) => P.notificationMessage("notifications/initialized"));
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const announced = (f) => received(f).find((m) => m?.method === "notifications/initialized");
    return {
      ok:
        "params" in nv &&
        !("params" in ns) &&
        "params" in (announced(fv) ?? {}) &&
        !("params" in (announced(fs) ?? { params: 1 })),
      shows: `notificationMessage("notifications/initialized"): variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}; the server received ${JSON.stringify(announced(fv))} and ${JSON.stringify(announced(fs))}`,
    };
  },
  "encode-frame-limit-argument-ignored": async ({ v, s }) => {
    const message = s.requestMessage(3, "tools/call", { name: "word_count", arguments: { text: "w ".repeat(1000) } });
    const [pv, ps] = [v, s].map((P) => pure(() => P.encodeFrame(message, 1024).length));
    const options = { frameLimit: 1024, calls: [["word_count", { text: "w ".repeat(1000) }]] };
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal", options);
    return {
      ok:
        pv.value > 1024 &&
        ps.error !== undefined &&
        sentCalls(fv).length === 1 &&
        sentCalls(fs).length === 0 &&
        /frame-limit/.test(call(rs).error ?? ""),
      shows: `a ${Buffer.byteLength(JSON.stringify(message)) + 1}-byte call with limit 1024: variant writes ${JSON.stringify(pv)} bytes, solved ${JSON.stringify(ps)}; a client with frameLimit 1024 calling word_count on 2000 characters: variant's server received ${sentCalls(fv).length} call (answer ${JSON.stringify(call(rv))}), solved's ${sentCalls(fs).length} (${call(rs).error})`,
    };
  },
  "frame-reader-limit-argument-ignored": async ({ v, s }) => {
    const line = Buffer.from(`${"x".repeat(100)}\n`);
    const [pv, ps] = [v, s].map((P) => pure(() => new P.FrameReader(64).feed(line).map((f) => f.length)));
    const [rv, rs] = await together(v, s, fixture("reply-5k"), { frameLimit: 1024 });
    return {
      ok:
        JSON.stringify(pv.value) === "[100]" &&
        ps.error !== undefined &&
        call(rv).text?.length === 5000 &&
        /frame-limit/.test(call(rs).error ?? ""),
      shows: `a reader with limit 64 fed a 101-byte line: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}; fixture reply-5k with frameLimit 1024: variant returns ${call(rv).text?.length ?? call(rv).error} characters, solved ${call(rs).error}`,
    };
  },
  "top-tools-m-best-scores": async ({ v, s }) => {
    const [nv, ns] = [v, s].map((P) => namesRanked(P, SHOP_TOOLS, [1, 1, 1], 1));
    const twelve = manyTools(12);
    const [tv, ts] = [v, s].map((P) =>
      namesRanked(
        P,
        twelve,
        twelve.map((_t, i) => i % 2),
        2,
      ),
    );
    return {
      ok: nv.value?.length === 3 && ns.value?.length === 1 && tv.value?.length === 12 && ts.value?.length === 2,
      shows: `three tools tied, m 1: variant ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}; twelve tools scoring 0 and 1 in turn, m 2: variant ${tv.value?.length} tools, solved ${JSON.stringify(ts)}`,
    };
  },
  "request-server-request-id-truthy": async ({ v, s }) => {
    const [fv, fs] = [scratchFile("rec"), scratchFile("rec")];
    const [rv, rs] = await Promise.all([session(v, fixture("ping-zero", fv)), session(s, fixture("ping-zero", fs))]);
    const answer = (file) => recorded(file).find((entry) => "answerToPing" in entry)?.answerToPing;
    return {
      ok:
        /Deadline/.test(call(rv).error ?? "") &&
        answer(fv) === undefined &&
        call(rs).text === "3" &&
        answer(fs)?.id === 0,
      shows: `fixture ping-zero (a ping with id 0 before the reply): variant ${JSON.stringify(call(rv))}, the server got ${JSON.stringify(answer(fv))}; solved ${JSON.stringify(call(rs))}, the server got ${JSON.stringify(answer(fs))}`,
    };
  },
  "request-refuses-server-requests": async ({ v, s }) => {
    const [fv, fs] = [scratchFile("rec"), scratchFile("rec")];
    const [rv, rs] = await Promise.all([session(v, fixture("ping-first", fv)), session(s, fixture("ping-first", fs))]);
    const answer = (file) => recorded(file).find((entry) => "answerToPing" in entry)?.answerToPing;
    return {
      ok: call(rv).error !== undefined && answer(fv) === undefined && call(rs).text === "3" && answer(fs) !== undefined,
      shows: `fixture ping-first (a ping before the reply): variant ${JSON.stringify(call(rv))}, the server's ping answered: ${JSON.stringify(answer(fv))}; solved ${JSON.stringify(call(rs))}, answered ${JSON.stringify(answer(fs))}`,
    };
  },
  "result-text-trims-items": async ({ v, s }) => {
    const result = {
      content: [
        { type: "text", text: "  indented\n" },
        { type: "text", text: "" },
        { type: "text", text: "b " },
      ],
    };
    const [pv, ps] = [v, s].map((P) => pure(() => P.resultText(result)));
    return {
      ok: pv.value === "indented\n\nb" && ps.value === "  indented\n\n\nb ",
      shows: `text items "  indented\\n", "", "b ": variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "check-initialize-accepts-either-version": async ({ v, s }) => {
    const [pv, ps] = [v, s].map((P) => pure(() => Boolean(P.checkInitialize(INIT(), "2024-11-05"))));
    return {
      ok: pv.value === true && ps.error !== undefined,
      shows: `a 2025-06-18 answer checked for 2024-11-05: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "check-tools-limit-zero-as-default": async ({ v, s }) => {
    const [pv, ps] = [v, s].map((P) => pure(() => P.checkTools({ tools: manyTools(3) }, 0).length));
    return {
      ok: pv.value === 3 && ps.error !== undefined,
      shows: `three tools with limit 0: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "call-tool-asks-for-progress": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal");
    const params = (f) => received(f).find((m) => m?.method === "tools/call")?.params;
    return {
      ok: params(fv)?._meta?.progressToken !== undefined && params(fs)?._meta === undefined && call(rv).text === "3",
      shows: `tools/call params received: variant ${JSON.stringify(params(fv))}, solved ${JSON.stringify(params(fs))}`,
    };
  },
  "top-tools-name-and-description-scored-apart": async ({ v, s }) => {
    const text = await toolTextProof(v, s, (t) => !SCHEMA_TOOLS.map(lib.toolText).includes(t));
    const both = (_request, texts) => texts.map((t) => (/count/i.test(t) && /words/i.test(t) ? 1 : 0));
    const tools = [
      { name: "count", description: "Of words." },
      { name: "tally", description: "Count the words." },
    ];
    const [nv, ns] = [v, s].map((P) => P.topTools("count words", tools, both, 2).map((t) => t.name));
    return {
      ok: text.ok && nv[0] === "tally" && ns[0] === "count",
      shows: `${text.shows}; a score that needs "count" and "words" in one text: variant ranks ${JSON.stringify(nv)}, solved ${JSON.stringify(ns)}`,
    };
  },
  "connect-client-info-without-version": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const [iv, is] = [initializeParams(fv)?.clientInfo, initializeParams(fs)?.clientInfo];
    return {
      ok: iv !== undefined && !("version" in iv) && typeof is?.version === "string",
      shows: `the clientInfo sent in initialize: variant ${JSON.stringify(iv)}, solved ${JSON.stringify(is)}`,
    };
  },
  "result-text-image-placeholder": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("mixed-content"));
    return {
      ok: /\[image\]/.test(call(rv).text ?? "") && call(rs).text === "3\nwords",
      shows: `fixture mixed-content (text, an image, text): variant returns ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  // ---------- fair ----------
  "call-tool-one-at-a-time-queue": async ({ v, s }) => {
    const calls = [
      ["word_count", { text: "a b c" }],
      ["place_purchase", {}],
      ["constructor", {}],
      ["shop_hours", {}],
    ];
    const sessions = await sameSessions(
      v,
      s,
      [fixture("normal"), fixture("names"), fixture("iserror"), teaching("wrong-id")],
      {
        allowed: ["word_count", "constructor", "shop_hours"],
        calls,
      },
    );
    const hostile = await callToolProof(v);
    const client = assembledClient(v, teaching("normal"), { allowed: ["word_count"], timeoutMs: 2000 });
    await client.initialize();
    const together2 = await Promise.allSettled([
      client.callTool("word_count", { text: "a b" }),
      client.callTool("word_count", { text: "a b c" }),
    ]);
    await client.close();
    const texts = together2.map((r) => r.value ?? describe(r.reason));
    return {
      ok: sessions.ok && hostile.ok && JSON.stringify(texts) === '["2","3"]',
      shows: `${sessions.shows}; ${hostile.shows}; two calls made together on one connection: ${JSON.stringify(texts)}`,
    };
  },
  "close-chapter-break-on-gone": async ({ v }) => closeProof(v),
  "top-tools-score-buckets": async ({ v, s }) => {
    let same = 0;
    for (let seed = 1; seed <= 20; seed += 1) if (topToolsAgreement(v, s, seed).same) same += 1;
    const values = [0.5, -1, 0.25, 0.5, 10, 9, -1, 0, 2, 10, 0.25, 0];
    const tools = manyTools(values.length);
    const fractions = [0, 1, 5, 12, 20].every(
      (m) => JSON.stringify(namesRanked(v, tools, values, m)) === JSON.stringify(namesRanked(s, tools, values, m)),
    );
    const fresh = v.topTools("q", tools, scoresOf(values), 99) !== tools;
    return {
      ok: same === 20 && fractions && fresh,
      shows: `the same ranking as the solved topTools in ${same} of 20 seeds (300 random catalogs each, tied scores and m); with fractional, negative and tied scores for m 0, 1, 5, 12, 20: ${fractions}; a new array: ${fresh}`,
    };
  },
  "result-text-string-builder": async ({ v, s }) => {
    const results = [
      { content: [{ type: "text", text: "4" }] },
      { content: [] },
      {
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "" },
          { type: "text", text: "" },
          { type: "text", text: "b" },
        ],
      },
      { content: [{ type: "text", text: "no" }], isError: true },
      { content: [], isError: true },
      { content: [null, { type: "text" }, { type: "text", text: 5 }] },
      {},
      { content: "x" },
    ];
    const r = agree(v, s, (P, x) => P.resultText(x), results);
    return { ok: r.ok, shows: `eight results: variant ${JSON.stringify(r.a)}; solved ${JSON.stringify(r.b)}` };
  },
  "check-initialize-destructured": async ({ v, s }) => {
    const answers = [
      INIT(),
      INIT({ protocolVersion: "2024-11-05" }),
      INIT({ protocolVersion: undefined }),
      INIT({ capabilities: {} }),
      INIT({ capabilities: null }),
      INIT({ capabilities: { tools: null } }),
      INIT({ capabilities: { tools: [] } }),
      INIT({ capabilities: { tools: true } }),
      INIT({ capabilities: "tools" }),
      INIT({ capabilities: { tools: { listChanged: true }, logging: {} } }),
    ];
    const r = agree(v, s, (P, x) => Boolean(P.checkInitialize(x)), answers);
    const other = agree(v, s, (P, x) => Boolean(P.checkInitialize(x, "2024-11-05")), answers.slice(0, 2));
    return {
      ok: r.ok && other.ok,
      shows: `ten answers: variant ${JSON.stringify(r.a)}; solved ${JSON.stringify(r.b)}; against version 2024-11-05: ${JSON.stringify(other.a)}`,
    };
  },
  "check-tools-sorted-neighbours": async ({ v, s }) => {
    const tool = (name, type = "object") => ({ name, inputSchema: { type } });
    const catalogs = [
      { tools: [tool("b"), tool("a"), tool("c")] },
      { tools: [] },
      { tools: [tool("a"), tool("b"), tool("a")] },
      { tools: [tool("a"), tool("")] },
      { tools: [tool("a"), { name: 5, inputSchema: { type: "object" } }] },
      { tools: [tool("a"), null] },
      { tools: [tool("a"), tool("b", "string")] },
      { tools: [tool("a"), { name: "b" }] },
      { tools: [tool("a")], nextCursor: "2" },
      { tools: manyTools(33) },
      { tools: manyTools(32) },
      { tools: "a" },
      {},
      { tools: [tool("constructor"), tool("__proto__"), tool("toString")] },
    ];
    const r = agree(
      v,
      s,
      (P, x) =>
        P.checkTools(x)
          .map((t) => t.name)
          .join(","),
      catalogs,
    );
    const limit = agree(v, s, (P, x) => P.checkTools(x, 40).length, [
      { tools: manyTools(40) },
      { tools: manyTools(41) },
    ]);
    return {
      ok: r.ok && limit.ok,
      shows: `fourteen catalogs: variant ${JSON.stringify(r.a)}; solved ${JSON.stringify(r.b)}; limit 40: ${JSON.stringify(limit.a)}`,
    };
  },
  "frame-reader-newline-positions": async ({ v, s }) => readerProof(v, s),
  "parse-frame-plain-prototype": async ({ v, s }) => {
    const frames = [
      '{"jsonrpc":"2.0","id":1,"result":{}}',
      '{"jsonrpc":"2.0","method":"x","__proto__":{"a":1}}',
      "null",
      "5",
      '"2.0"',
      '[{"jsonrpc":"2.0"}]',
      '{"jsonrpc":"1.0"}',
      "{}",
      "nope",
      Buffer.from([0x7b, 0xff, 0x7d]),
      Buffer.from('{"jsonrpc":"2.0","method":"m"}'),
    ];
    const r = agree(v, s, (P, x) => Object.keys(P.parseFrame(x)).join(","), frames);
    const sessions = await sameSessions(v, s, [teaching("normal"), teaching("stdout-log"), fixture("batch")]);
    return {
      ok: r.ok && sessions.ok,
      shows: `eleven frames: variant ${JSON.stringify(r.a)}; solved ${JSON.stringify(r.b)}; ${sessions.shows}`,
    };
  },
  "answer-for-has-own": async ({ v, s }) => {
    const messages = [
      { jsonrpc: "2.0", id: 3, result: { a: 1 } },
      { jsonrpc: "2.0", method: "notifications/message" },
      { jsonrpc: "2.0", id: 3, method: "ping" },
      { jsonrpc: "2.0", id: 4, result: {} },
      { jsonrpc: "2.0", id: "3", result: {} },
      { jsonrpc: "2.0", id: true, result: {} },
      { jsonrpc: "2.0", id: 3, error: { code: -32000, message: "boom" } },
      { jsonrpc: "2.0", id: 3, error: null },
      { jsonrpc: "2.0", id: 3, error: { code: 1.5, message: "x" } },
      { jsonrpc: "2.0", id: 3, result: [] },
      { jsonrpc: "2.0", id: 3, result: null },
      { jsonrpc: "2.0", id: 3 },
      { jsonrpc: "2.0", result: {} },
    ];
    const r = agree(v, s, (P, x) => P.answerFor(3, x), messages);
    const sessions = await sameSessions(v, s, [
      teaching("normal"),
      teaching("wrong-id"),
      teaching("notify"),
      fixture("error-and-result"),
    ]);
    return {
      ok: r.ok && sessions.ok,
      shows: `thirteen messages for request 3: variant ${JSON.stringify(r.a)}; solved ${JSON.stringify(r.b)}; ${sessions.shows}`,
    };
  },
  "request-countdown": async ({ v, s }) =>
    sameSessions(v, s, [
      teaching("normal"),
      teaching("normal", "--notifications", "16"),
      teaching("normal", "--notifications", "17"),
      teaching("chatty"),
      teaching("ping"),
      teaching("sampling"),
      teaching("hang"),
      fixture("notify-ping-mix"),
    ]),
  "close-exit-flag-polling": async ({ v }) => closeProof(v),
  "call-tool-spread-includes": async ({ v, s }) => {
    const calls = [
      ["word_count", { text: "a b c" }],
      ["place_purchase", {}],
      ["constructor", {}],
      ["shop_hours", {}],
    ];
    const sessions = await sameSessions(v, s, [fixture("normal"), fixture("names")], {
      allowed: ["word_count", "constructor", "shop_hours"],
      calls,
    });
    const hostile = await callToolProof(v);
    return { ok: sessions.ok && hostile.ok, shows: `${sessions.shows}; ${hostile.shows}` };
  },
  "notification-message-from-entries": async ({ v, s }) => {
    const inputs = [["notifications/initialized"], ["notifications/progress", { progress: 1 }], ["x", {}]];
    const r = agree(v, s, (P, [method, params]) => P.notificationMessage(method, params), inputs);
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const handshake = JSON.stringify(received(fv).slice(0, 3)) === JSON.stringify(received(fs).slice(0, 3));
    return {
      ok: r.ok && handshake,
      shows: `notificationMessage: variant ${JSON.stringify(r.a)}; solved ${JSON.stringify(r.b)}; the handshake's messages the same: ${handshake}`,
    };
  },
  "connect-promise-chain": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const handshake = JSON.stringify(methodsReceived(fv)) === JSON.stringify(methodsReceived(fs));
    const sessions = await sameSessions(
      v,
      s,
      [
        teaching("normal"),
        teaching("old-version"),
        teaching("many-tools"),
        teaching("paged"),
        fixture("no-tools-capability"),
        fixture("init-hang"),
        fixture("list-hang"),
      ],
      { timeoutMs: 1000 },
    );
    const [bad] = await Promise.all([session(v, teaching("normal"), { timeoutMs: 60_001 })]);
    return {
      ok: handshake && sessions.ok && /timeout/.test(bad.connectError ?? ""),
      shows: `the messages received the same as the solved one's: ${handshake}; ${sessions.shows}; a timeout of 60001 ms: ${bad.connectError}`,
    };
  },
};
// ---------- round 10 ----------
/** A catalog of tools for checkTools, each taking an object, with `extra` members. */
const catalogOf = (...tools) => ({ tools: tools.map((tool) => ({ inputSchema: { type: "object" }, ...tool })) });
/** The verdict (a value or a typed error) of piece `work` for the variant and the solved pieces. */
const both1 = (v, s, work) => [pure(() => work(v)), pure(() => work(s))];
/** Wrong when the variant's verdict matches `bad` and the solved one's matches `good` (regexps on JSON). */
const differs = (label, [pv, ps], bad, good) => ({
  ok: bad.test(JSON.stringify(pv)) && good.test(JSON.stringify(ps)),
  shows: `${label}: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
});
const ENCODE_INPUTS = () => {
  const cycle = { a: 1 };
  cycle.self = cycle;
  const holes = [1];
  holes[2] = 3;
  return [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "w", arguments: { text: "café ☕ \u2028 \ud83d" } },
    },
    { a: { b: [1, { c: NaN }] } },
    { a: [Infinity] },
    { a: () => 1 },
    { a: Symbol("s") },
    { a: [1, undefined] },
    { a: undefined, b: null },
    { holes },
    cycle,
    { big: 10n },
    { when: new Date(0) },
    { odd: { toJSON: () => NaN } },
    { nested: { toJSON: () => ({ x: [undefined] }) } },
    { text: "x".repeat(70_000) },
  ];
};
const round10 = {
  // ---------- wrong ----------
  "request-message-id-zero-made-one": async ({ v, s }) =>
    differs(
      'requestMessage(0, "tools/list", {}).id',
      both1(v, s, (P) => P.requestMessage(0, "tools/list", {}).id),
      /"value":1\b/,
      /"value":0\b/,
    ),
  "request-message-params-json-roundtrip": async ({ v, s }) =>
    differs(
      "encodeFrame(requestMessage(3, tools/call, {arguments: {n: NaN}}))",
      both1(v, s, (P) =>
        P.encodeFrame(P.requestMessage(3, "tools/call", { name: "w", arguments: { n: NaN } })).toString(),
      ),
      /"n\\":null/,
      /UsageError/,
    ),
  "answer-for-error-empty-message-malformed": async ({ v, s }) =>
    differs(
      'an error reply {code: -32000, message: ""}',
      both1(v, s, (P) => P.answerFor(4, { jsonrpc: "2.0", id: 4, error: { code: -32000, message: "" } })),
      /ProtocolError/,
      /ServerError/,
    ),
  "result-text-refuses-empty-content": async ({ v, s }) =>
    differs(
      "resultText({content: []})",
      both1(v, s, (P) => P.resultText({ content: [] })),
      /ProtocolError/,
      /^\{"value":""\}$/,
    ),
  "encode-frame-refuses-lone-surrogates": async ({ v, s }) =>
    differs(
      "encodeFrame({text: a lone high surrogate})",
      both1(v, s, (P) => P.encodeFrame({ jsonrpc: "2.0", method: "m", params: { text: "half \ud83d" } }).toString()),
      /UsageError/,
      /ud83d/,
    ),
  "top-tools-epsilon-ties": async ({ v, s }) =>
    differs(
      "scores 0.3, 0.3000001, 0, the best 1",
      [v, s].map((P) => namesRanked(P, SHOP_TOOLS, [0.3, 0.3000001, 0], 1)),
      /word_count/,
      /stock_level/,
    ),
  "top-tools-combined-numeric-key": async ({ v, s }) =>
    differs(
      "scores 0.3, 0.3005, 0, the best 1",
      [v, s].map((P) => namesRanked(P, SHOP_TOOLS, [0.3, 0.3005, 0], 1)),
      /word_count/,
      /stock_level/,
    ),
  "top-tools-absolute-scores": async ({ v, s }) =>
    differs(
      "scores -0.9, 0.5, 0.1, the best 1",
      [v, s].map((P) => namesRanked(P, SHOP_TOOLS, [-0.9, 0.5, 0.1], 1)),
      /word_count/,
      /stock_level/,
    ),
  "check-tools-name-length-64": async ({ v, s }) =>
    differs(
      "a tool named by 65 letters",
      both1(v, s, (P) => P.checkTools(catalogOf({ name: "a".repeat(65) })).length),
      /ProtocolError/,
      /"value":1/,
    ),
  "check-tools-blank-name-refused": async ({ v, s }) =>
    differs(
      'tools named " " and "a"',
      both1(v, s, (P) => P.checkTools(catalogOf({ name: " " }, { name: "a" })).length),
      /ProtocolError/,
      /"value":2/,
    ),
  "check-tools-duplicates-after-normalising": async ({ v, s }) =>
    differs(
      "tools named caf\\u00e9 and cafe\\u0301",
      both1(v, s, (P) => P.checkTools(catalogOf({ name: "caf\u00e9" }, { name: "cafe\u0301" })).length),
      /ProtocolError/,
      /"value":2/,
    ),
  "check-tools-bounds-descriptions": async ({ v, s }) =>
    differs(
      "a tool with a 2,000-character description",
      both1(v, s, (P) => P.checkTools(catalogOf({ name: "a", description: "d".repeat(2000) })).length),
      /ProtocolError/,
      /"value":1/,
    ),
  "check-tools-refuses-unknown-members": async ({ v, s }) =>
    differs(
      "a tool with a title and annotations",
      both1(
        v,
        s,
        (P) => P.checkTools(catalogOf({ name: "a", title: "A", annotations: { readOnlyHint: true } })).length,
      ),
      /ProtocolError/,
      /"value":1/,
    ),
  "result-text-refuses-unknown-items": async ({ v, s }) =>
    differs(
      'content [text "4", an item of type "chart"]',
      both1(v, s, (P) =>
        P.resultText({
          content: [
            { type: "text", text: "4" },
            { type: "chart", data: [] },
          ],
        }),
      ),
      /ProtocolError/,
      /^\{"value":"4"\}$/,
    ),
  "call-tool-validates-required-arguments": async ({ v, s }) => {
    const options = { calls: [["word_count", {}]] };
    const [rv, rs] = await together(v, s, teaching("normal"), options);
    return {
      ok: /RefusedError/.test(call(rv).error ?? "") && /ToolError/.test(call(rs).error ?? ""),
      shows: `word_count called with {} (its schema requires text): variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs))} (the server's own answer)`,
    };
  },
  "encode-frame-normalises-nfc": async ({ v, s }) =>
    differs(
      'encodeFrame({text: "cafe\\u0301"})',
      both1(v, s, (P) =>
        P.encodeFrame({ jsonrpc: "2.0", method: "m", params: { text: "cafe\u0301" } }).toString("hex"),
      ),
      /c3a9/,
      /65cc81/,
    ),
  "parse-frame-drops-proto-keys": async ({ v, s }) =>
    differs(
      "a reply whose result has a __proto__ member: the result's own keys",
      both1(v, s, (P) =>
        Object.keys(P.parseFrame('{"jsonrpc":"2.0","id":1,"result":{"__proto__":{"a":1},"b":2}}').result),
      ),
      /^\{"value":\["b"\]\}$/,
      /__proto__/,
    ),
  "check-initialize-version-prefix": async ({ v, s }) =>
    differs(
      "protocolVersion 2025-06-18-draft",
      both1(v, s, (P) =>
        P.checkInitialize(INIT({ protocolVersion: `${lib.PROTOCOL_VERSION}-draft` })) ? "accepted" : "?",
      ),
      /accepted/,
      /ProtocolError/,
    ),
  "check-tools-name-stringified": async ({ v, s }) =>
    differs(
      "a tool named 5",
      both1(v, s, (P) => P.checkTools(catalogOf({ name: 5 })).length),
      /"value":1/,
      /ProtocolError/,
    ),
  "check-tools-missing-schema-crashes": async ({ v, s }) =>
    differs(
      "a tool with no inputSchema",
      both1(v, s, (P) => P.checkTools({ tools: [{ name: "a" }] })),
      /TypeError/,
      /ProtocolError/,
    ),
  "encode-frame-circular-raw-type-error": async ({ v, s }) => {
    const cycle = { jsonrpc: "2.0", method: "m", params: {} };
    cycle.params.self = cycle;
    return differs(
      "a circular message",
      both1(v, s, (P) => P.encodeFrame(cycle)),
      /TypeError/,
      /UsageError/,
    );
  },
  "parse-frame-constructor-check": async ({ v, s }) =>
    differs(
      "a reply with a member named constructor",
      both1(v, s, (P) => P.parseFrame('{"jsonrpc":"2.0","id":1,"result":{},"constructor":"x"}').id),
      /ProtocolError/,
      /"value":1/,
    ),
  "parse-frame-blank-line-as-nothing": async ({ v, s }) =>
    differs(
      'parseFrame("")',
      both1(v, s, (P) => P.parseFrame(Buffer.from(""))),
      /^\{"value":null\}$/,
      /ProtocolError/,
    ),
  "top-tools-own-text-no-period": async ({ v, s }) => toolTextProof(v, s, (text) => !text.includes(". ")),
  "top-tools-own-text-bare-name": async ({ v, s }) => toolTextProof(v, s, (text) => text === "stock level"),
  "top-tools-lowercases-tool-texts": async ({ v, s }) =>
    toolTextProof(v, s, (text) => text.startsWith("word count. count")),
  "top-tools-trims-request": async ({ v, s }) => {
    const seen = (P) => {
      let asked;
      P.topTools("  count words ", SHOP_TOOLS, (request, texts) => ((asked = request), texts.map(() => 0)), 1);
      return asked;
    };
    const [av, as] = [seen(v), seen(s)];
    return {
      ok: av === "count words" && as === "  count words ",
      shows: `the request "  count words ": the scorer is given ${JSON.stringify(av)}, solved ${JSON.stringify(as)}`,
    };
  },
  "call-tool-omits-empty-arguments": async ({ v, s }) => {
    // Fair: MCP 2025-06-18's CallToolRequest makes arguments optional (schema/2025-06-18/schema.ts),
    // and a server reads none as {}. What is judged: {} goes out as the name alone, arguments that
    // are not empty go out whole, and the server's log and answers are the solved one's.
    const opts = {
      calls: [
        ["word_count", {}],
        ["word_count", { text: "one two" }],
      ],
    };
    const [, , fv, fs] = await bothRecorded(v, s, "normal", opts);
    const [pv, ps] = [fv, fs].map((file) =>
      received(file)
        .filter((m) => m?.method === "tools/call")
        .map((m) => m.params),
    );
    const [lv, ls] = [scratchFile("log"), scratchFile("log")];
    const rv = await session(v, teaching("normal", "--log", lv), opts);
    const rs = await session(s, teaching("normal", "--log", ls), opts);
    const args = (file) => logged(file).map((line) => JSON.parse(line).arguments);
    const answers = (result) => result.calls.map((each) => each.text ?? each.error);
    return {
      ok:
        pv.length === 2 &&
        !("arguments" in pv[0]) &&
        JSON.stringify(pv[1]) === JSON.stringify(ps[1]) &&
        JSON.stringify(args(lv)) === JSON.stringify(args(ls)) &&
        JSON.stringify(answers(rv)) === JSON.stringify(answers(rs)),
      shows: `word_count called with {} and then {text: "one two"}: the server received ${JSON.stringify(pv)}, from the solved one ${JSON.stringify(ps)}; the teaching server's log holds arguments ${JSON.stringify(args(lv))} (solved ${JSON.stringify(args(ls))}); the caller gets ${JSON.stringify(answers(rv))} (solved ${JSON.stringify(answers(rs))})`,
    };
  },
  "answer-for-error-code-coerced": async ({ v, s }) =>
    differs(
      'an error reply {code: null, message: "x"}',
      both1(v, s, (P) => P.answerFor(4, { jsonrpc: "2.0", id: 4, error: { code: null, message: "x" } })),
      /ServerError/,
      /ProtocolError/,
    ),
  "result-text-includes-resource-text": async ({ v, s }) =>
    differs(
      'content [text "4", a resource with text "secret"]',
      both1(v, s, (P) =>
        P.resultText({
          content: [
            { type: "text", text: "4" },
            { type: "resource", resource: { uri: "file:///a", text: "secret" } },
          ],
        }),
      ),
      /secret/,
      /^\{"value":"4"\}$/,
    ),
  "encode-frame-drops-null-members": async ({ v, s }) =>
    differs(
      "encodeFrame(arguments {text: null})",
      both1(v, s, (P) =>
        P.encodeFrame({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "w", arguments: { text: null } },
        }).toString(),
      ),
      /"arguments\\":\{\}/,
      /"text\\":null/,
    ),
  // ---------- fair ----------
  "request-message-from-entries": async ({ v, s }) => {
    const inputs = [
      [1, "tools/list", {}],
      [0, "initialize", { a: [1] }],
      [2 ** 40, "tools/call", { name: "w" }],
    ];
    const r = agree(v, s, (P, [id, method, params]) => JSON.stringify(P.requestMessage(id, method, params)), inputs);
    const params = { a: 1 };
    const kept =
      v.requestMessage(1, "m", params).params === params ||
      JSON.stringify(v.requestMessage(1, "m", params).params) === '{"a":1}';
    return { ok: r.ok && kept, shows: `the same messages as the solved requestMessage: ${r.ok} (${r.a.join(" ")})` };
  },
  "answer-for-destructured": async ({ v, s }) => {
    const inputs = [
      { jsonrpc: "2.0", method: "notifications/message" },
      { jsonrpc: "2.0", id: 4, result: { a: 1 } },
      { jsonrpc: "2.0", id: 5, result: {} },
      { jsonrpc: "2.0", id: true, result: {} },
      { jsonrpc: "2.0", id: 4, error: { code: -1, message: "no" } },
      { jsonrpc: "2.0", id: 4, error: { code: "x", message: "no" } },
      { jsonrpc: "2.0", id: 4, result: [] },
      { jsonrpc: "2.0", id: 4 },
    ];
    const r = agree(v, s, (P, m) => P.answerFor(4, m), inputs);
    return {
      ok: r.ok,
      shows: `the same verdicts as the solved answerFor on ${inputs.length} replies: ${r.ok} (${r.a.join(" ")})`,
    };
  },
  "encode-frame-recursive-walk": async ({ v, s }) => {
    const r = agree(v, s, (P, m) => P.encodeFrame(m).toString("base64"), ENCODE_INPUTS());
    return {
      ok: r.ok,
      shows: `the same bytes or refusals as the solved encodeFrame on ${r.a.length} messages: ${r.ok}; variant ${JSON.stringify(r.a.map((x) => x.slice(0, 40)))}`,
    };
  },
  "parse-frame-single-try": async ({ v, s }) => {
    const inputs = [
      Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}'),
      Buffer.from([0x7b, 0xff, 0x7d]),
      Buffer.from("not json"),
      Buffer.from("[]"),
      Buffer.from('{"jsonrpc":"1.0"}'),
      '{"jsonrpc":"2.0","method":"x"}',
      Buffer.from(""),
    ];
    const r = agree(v, s, (P, f) => P.parseFrame(f), inputs);
    return {
      ok: r.ok,
      shows: `the same verdicts as the solved parseFrame on ${inputs.length} frames: ${r.ok} (${r.a.join(" ")})`,
    };
  },
  "check-initialize-reflect-get": async ({ v, s }) => {
    const inputs = [
      INIT(),
      INIT({ capabilities: {} }),
      INIT({ capabilities: null }),
      INIT({ capabilities: [] }),
      INIT({ capabilities: { tools: [] } }),
      INIT({ capabilities: { tools: null } }),
      INIT({ protocolVersion: "2024-11-05" }),
      { protocolVersion: lib.PROTOCOL_VERSION },
    ];
    const r = agree(v, s, (P, x) => Boolean(P.checkInitialize(x)), inputs);
    return {
      ok: r.ok,
      shows: `the same verdicts as the solved checkInitialize on ${inputs.length} answers: ${r.ok} (${r.a.join(" ")})`,
    };
  },
  "check-tools-find-index-duplicates": async ({ v, s }) => {
    const t = { name: "a" };
    const inputs = [
      catalogOf({ name: "a" }, { name: "b" }),
      catalogOf({ name: "a" }, { name: "b" }, { name: "a" }),
      {
        tools: [
          { ...t, inputSchema: { type: "object" } },
          { ...t, inputSchema: { type: "object" } },
        ],
      },
      catalogOf(),
      { tools: [null] },
      catalogOf({ name: "" }),
      { tools: manyTools(33) },
      { tools: manyTools(32) },
      { tools: [], nextCursor: "x" },
    ];
    const r = agree(v, s, (P, x) => P.checkTools(x).map((tool) => tool.name), inputs);
    return { ok: r.ok, shows: `the same verdicts as the solved checkTools on ${inputs.length} catalogs: ${r.ok}` };
  },
  "result-text-map-then-filter": async ({ v, s }) => {
    const inputs = [
      { content: [] },
      {
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "x" },
          { type: "text", text: " b\n" },
        ],
      },
      { content: [{ type: "text", text: "bad" }], isError: true },
      {},
      { content: [null, { type: "text", text: "c" }] },
    ];
    const r = agree(v, s, (P, x) => P.resultText(x), inputs);
    return {
      ok: r.ok,
      shows: `the same verdicts as the solved resultText on ${inputs.length} results: ${r.ok} (${r.a.join(" ")})`,
    };
  },
  "top-tools-merge-sort": async ({ v, s }) => {
    let same = 0;
    for (let seed = 1; seed <= 20; seed += 1) if (topToolsAgreement(v, s, seed).same) same += 1;
    const [nv, ns] = [v, s].map((P) => namesRanked(P, SHOP_TOOLS, [-1, 0.5, 0.5], 3));
    return {
      ok: same === 20 && JSON.stringify(nv) === JSON.stringify(ns),
      shows: `the same ranking as the solved topTools in ${same} of 20 seeds; scores -1, 0.5, 0.5: ${JSON.stringify(nv)}`,
    };
  },
  "frame-reader-recursive-feed": async ({ v, s }) => {
    const stream = Buffer.from('{"a":1}\n{"b":"é"}\n\n{"c":3}\n{"partial"');
    const rows = [];
    for (const size of [1, 2, 3, 5, 8, 13, stream.length]) {
      const run = (P) => {
        const reader = new P.FrameReader(64);
        const frames = [];
        for (let i = 0; i < stream.length; i += size) frames.push(...reader.feed(stream.subarray(i, i + size)));
        return frames.map((f) => f.toString());
      };
      rows.push(JSON.stringify(pure(() => run(v))) === JSON.stringify(pure(() => run(s))));
    }
    const long = agree(v, s, (P, x) => new P.FrameReader(16).feed(Buffer.from(x)).length, [
      "a\n".repeat(8),
      `${"x".repeat(15)}\n`,
      `${"x".repeat(16)}\n`,
      "x".repeat(16),
      "ok\n".repeat(2000),
    ]);
    return {
      ok: rows.every(Boolean) && long.ok,
      shows: `the same frames as the solved FrameReader at ${rows.filter(Boolean).length} of ${rows.length} chunk sizes; the same bound verdicts: ${long.ok} (${long.a.join(" ")})`,
    };
  },
  "call-tool-guard-list": async ({ v, s }) => {
    const sessions = await sameSessions(v, s, [teaching("normal")], {
      allowed: ["word_count", "ghost"],
      calls: [
        ["word_count", { text: "a b c" }],
        ["place_purchase", {}],
        ["ghost", {}],
      ],
    });
    return { ok: sessions.ok, shows: sessions.shows };
  },
};
Object.assign(proofs, round7, round8, round9, round10);
// ---------- round 11 ----------
/** The value or typed error of `work` on the variant and the solved pieces, and a custom verdict. */
const judged = (label, v, s, work, isWrong, isRight) => {
  const [pv, ps] = both1(v, s, work);
  return {
    ok: isWrong(pv) && isRight(ps),
    shows: `${label}: variant ${JSON.stringify(pv).slice(0, 300)}, solved ${JSON.stringify(ps).slice(0, 300)}`,
  };
};
/** A fair piece gives the same verdicts as the solved one on every input. */
const agreeOn = (label, v, s, work, inputs) => {
  const { ok, a, b } = agree(v, s, work, inputs);
  const differ = a.map((x, i) => (x === b[i] ? null : `#${i}: ${x} vs ${b[i]}`)).filter(Boolean);
  return {
    ok,
    shows: ok
      ? `${label}: the same verdicts as the solved piece on ${inputs.length} inputs`
      : `${label}: differs on ${differ.join("; ").slice(0, 600)}`,
  };
};
const TOOL_TEXT = (text) => ({ content: [{ type: "text", text }] });
const REPLY = (id, extra) => ({ jsonrpc: "2.0", id, ...extra });
const nested = (levels) => {
  let tree = "leaf";
  for (let i = 0; i < levels; i += 1) tree = { tree };
  return tree;
};
const ANSWER_INPUTS = [
  { jsonrpc: "2.0", method: "notifications/message" },
  { jsonrpc: "2.0", id: 5, method: "ping" },
  REPLY(5, { result: {} }),
  REPLY(5, { result: { tools: [] } }),
  REPLY(6, { result: {} }),
  REPLY(true, { result: {} }),
  REPLY("5", { result: {} }),
  REPLY(5.5, { result: {} }),
  REPLY(null, { error: { code: -32700, message: "parse error" } }),
  { jsonrpc: "2.0", result: {} },
  REPLY(5, { error: { code: -32601, message: "method not found" } }),
  REPLY(5, { error: { code: 1, message: "" } }),
  REPLY(5, { error: { code: "1", message: "x" } }),
  REPLY(5, { error: { code: 1.5, message: "x" } }),
  REPLY(5, { error: { code: 1 } }),
  REPLY(5, { error: null }),
  REPLY(5, { error: "bad" }),
  REPLY(5, { error: { code: -1, message: "x" }, result: {} }),
  REPLY(5, { result: [] }),
  REPLY(5, { result: null }),
  REPLY(5, { result: "text" }),
  REPLY(5, {}),
];
const PARSE_INPUTS = [
  '{"jsonrpc":"2.0","id":1,"result":{}}',
  Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"☕"}]}}'),
  Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
  Buffer.from("\ufeff" + '{"jsonrpc":"2.0","method":"m"}'),
  "calling tool now",
  "",
  "null",
  "[]",
  '[{"jsonrpc":"2.0"}]',
  '"2.0"',
  '{"jsonrpc":2}',
  '{"jsonrpc":"2.0 "}',
  '{"id":1}',
  ' {"jsonrpc":"2.0","id":1,"result":{}} ',
  '{"jsonrpc":"2.0","__proto__":{"x":1},"id":1}',
  '{"jsonrpc":"2.0","constructor":1}',
  Buffer.from('{"jsonrpc":"2.0","method":"a\\u2028b"}'),
];
const INIT_INPUTS = [
  INIT(),
  INIT({ protocolVersion: "2024-11-05" }),
  INIT({ protocolVersion: undefined }),
  INIT({ protocolVersion: 20250618 }),
  INIT({ capabilities: {} }),
  INIT({ capabilities: { tools: null } }),
  INIT({ capabilities: { tools: [] } }),
  INIT({ capabilities: { tools: true } }),
  INIT({ capabilities: null }),
  INIT({ capabilities: "tools" }),
  INIT({ capabilities: { tools: { listChanged: true }, resources: {} }, instructions: "hi" }),
  INIT({ protocolVersion: "2024-11-05", capabilities: {} }),
];
const TOOLS_INPUTS = [
  catalogOf({ name: "a" }, { name: "b" }),
  { tools: [] },
  {},
  { tools: {} },
  { tools: [], nextCursor: "c" },
  { tools: [], nextCursor: null },
  { tools: [], nextCursor: "" },
  catalogOf({ name: "a" }, { name: "a" }),
  catalogOf({ name: "" }),
  catalogOf({ name: 5 }),
  { tools: [null] },
  { tools: [5] },
  { tools: ["a"] },
  { tools: [{ name: "a" }] },
  { tools: [{ name: "a", inputSchema: null }] },
  { tools: [{ name: "a", inputSchema: { type: "array" } }] },
  catalogOf(...Array.from({ length: 32 }, (_, i) => ({ name: `t${i}` }))),
  catalogOf(...Array.from({ length: 33 }, (_, i) => ({ name: `t${i}` }))),
  catalogOf({ name: "constructor" }, { name: "__proto__" }, { name: "toString" }),
  catalogOf({ name: "a", annotations: { destructiveHint: true }, title: "A" }),
];
const TEXT_INPUTS = [
  TOOL_TEXT("4"),
  { content: [] },
  {},
  { content: "4" },
  {
    content: [
      { type: "text", text: "a" },
      { type: "image", data: "" },
      { type: "text", text: "b" },
    ],
  },
  { content: [null, 5, { type: "text" }, { type: "text", text: 7 }] },
  { content: [{ type: "text", text: "bad" }], isError: true },
  { content: [], isError: true },
  { content: [{ type: "text", text: "ok" }], isError: "true" },
  { content: [{ type: "text", text: "a\r\nb\t" }] },
  { content: [, { type: "text", text: "x" }] },
];
const round11 = {
  // ---------- wrong ----------
  "notification-message-params-json-roundtrip": async ({ v, s }) =>
    judged(
      "encodeFrame(notificationMessage(notifications/progress, {progress: NaN}))",
      v,
      s,
      (P) =>
        P.encodeFrame(P.notificationMessage("notifications/progress", { progressToken: 1, progress: NaN })).toString(),
      (p) => /"progress":null/.test(p.value ?? ""),
      (p) => /UsageError/.test(p.error ?? ""),
    ),
  "request-message-empty-params-null": async ({ v, s }) =>
    judged(
      'encodeFrame(requestMessage(2, "tools/list", {}))',
      v,
      s,
      (P) => P.encodeFrame(P.requestMessage(2, "tools/list", {})).toString(),
      (p) => /"params":null/.test(p.value ?? ""),
      (p) => /"params":\{\}/.test(p.value ?? ""),
    ),
  "answer-for-error-code-reserved-range-only": async ({ v, s }) =>
    judged(
      'answerFor(4, an error {code: 1, message: "out of stock"})',
      v,
      s,
      (P) => P.answerFor(4, REPLY(4, { error: { code: 1, message: "out of stock" } })),
      (p) => /ProtocolError/.test(p.error ?? ""),
      (p) => /ServerError/.test(p.error ?? ""),
    ),
  "answer-for-empty-result-refused": async ({ v, s }) =>
    judged(
      "answerFor(4, a result {})",
      v,
      s,
      (P) => P.answerFor(4, REPLY(4, { result: {} })),
      (p) => /ProtocolError/.test(p.error ?? ""),
      (p) => JSON.stringify(p.value) === "{}",
    ),
  "answer-for-error-as-tool-error": async ({ v, s }) =>
    judged(
      'answerFor(4, an error {code: -32601, message: "method not found"})',
      v,
      s,
      (P) => P.answerFor(4, REPLY(4, { error: { code: -32601, message: "method not found" } })),
      (p) => /ToolError/.test(p.error ?? ""),
      (p) => /ServerError/.test(p.error ?? ""),
    ),
  "encode-frame-depth-limit": async ({ v, s }) =>
    judged(
      "encodeFrame of a tools/call whose arguments nest 40 levels (a frame of a few hundred bytes)",
      v,
      s,
      (P) => P.encodeFrame(P.requestMessage(3, "tools/call", { name: "w", arguments: { tree: nested(40) } })).length,
      (p) => /UsageError/.test(p.error ?? ""),
      (p) => typeof p.value === "number" && p.value < 1000,
    ),
  "encode-frame-root-key-skipped": async ({ v, s }) =>
    judged(
      'encodeFrame of a tools/call with arguments {"": NaN}',
      v,
      s,
      (P) => P.encodeFrame(P.requestMessage(3, "tools/call", { name: "w", arguments: { "": NaN } })).toString(),
      (p) => (p.value ?? "").includes('"":null'),
      (p) => /UsageError/.test(p.error ?? ""),
    ),
  "frame-reader-held-bytes-never-reset": async ({ v, s }) =>
    judged(
      "FrameReader(100) fed three lines of 60 bytes, each as 60 bytes then its newline",
      v,
      s,
      (P) => {
        const reader = new P.FrameReader(100);
        const frames = [];
        for (let i = 0; i < 3; i += 1) {
          frames.push(...reader.feed(Buffer.alloc(60, 0x61)));
          frames.push(...reader.feed(Buffer.from("\n")));
        }
        return frames.length;
      },
      (p) => /ProtocolError\(frame-limit\)/.test(p.error ?? ""),
      (p) => p.value === 3,
    ),
  "frame-reader-caps-frames-per-chunk": async ({ v, s }) =>
    judged(
      "FrameReader() fed one chunk of 20 short notification lines",
      v,
      s,
      (P) => new P.FrameReader().feed(Buffer.from(LINE(10).repeat(20))).length,
      (p) => /ProtocolError/.test(p.error ?? ""),
      (p) => p.value === 20,
    ),
  "frame-reader-limit-as-usage-error": async ({ v, s }) => {
    const pure11 = judged(
      "FrameReader(64) fed 100 bytes with no newline",
      v,
      s,
      (P) => new P.FrameReader(64).feed(Buffer.alloc(100, 0x78)),
      (p) => /UsageError/.test(p.error ?? ""),
      (p) => /ProtocolError\(frame-limit\)/.test(p.error ?? ""),
    );
    const [rv, rs] = await together(v, s, teaching("oversized"));
    return {
      ok: pure11.ok && /UsageError/.test(call(rv).error ?? "") && /ProtocolError/.test(call(rs).error ?? ""),
      shows: `${pure11.shows}; teaching server oversized: variant ${call(rv).error}, solved ${call(rs).error}`,
    };
  },
  "parse-frame-revives-dates": async ({ v, s }) => {
    const when = "2026-12-07T20:00:00.000Z";
    const line = Buffer.from(JSON.stringify(REPLY(3, { result: TOOL_TEXT(when) })));
    return judged(
      `resultText(answerFor(3, parseFrame(a reply whose text is ${when})))`,
      v,
      s,
      (P) => P.resultText(P.answerFor(3, P.parseFrame(line))),
      (p) => typeof p.value === "string" && p.value !== when,
      (p) => p.value === when,
    );
  },
  "parse-frame-trims-unicode-space": async ({ v, s }) =>
    judged(
      "parseFrame(a no-break space, then a reply)",
      v,
      s,
      (P) => P.parseFrame(Buffer.from(`\u00a0${JSON.stringify(REPLY(1, { result: {} }))}`)),
      (p) => p.value?.id === 1,
      (p) => /ProtocolError\(malformed-frame\)/.test(p.error ?? ""),
    ),
  "parse-frame-raw-syntax-error": async ({ v, s }) => {
    const pure11 = judged(
      'parseFrame("calling tool now")',
      v,
      s,
      (P) => P.parseFrame(Buffer.from("calling tool now")),
      (p) => /^SyntaxError/.test(p.error ?? ""),
      (p) => /ProtocolError\(malformed-frame\)/.test(p.error ?? ""),
    );
    const [rv, rs] = await together(v, s, teaching("stdout-log"));
    return {
      ok:
        pure11.ok &&
        call(rv).error !== undefined &&
        !/ProtocolError/.test(call(rv).error) &&
        /ProtocolError\(malformed-frame\)/.test(call(rs).error ?? ""),
      shows: `${pure11.shows}; teaching server stdout-log: variant ${call(rv).error} (the client's wrapping of a bare SyntaxError: ${call(rv).message}), solved ${call(rs).error}`,
    };
  },
  "check-initialize-tools-needs-list-changed": async ({ v, s }) => {
    const pure11 = judged(
      "checkInitialize(capabilities {tools: {}})",
      v,
      s,
      (P) => Object.keys(P.checkInitialize(INIT())),
      (p) => /ProtocolError/.test(p.error ?? ""),
      (p) => Array.isArray(p.value),
    );
    const [rv, rs] = await together(v, s, fixture("normal"));
    return {
      ok: pure11.ok && /ProtocolError/.test(rv.connectError ?? "") && call(rs).text === "3",
      shows: `${pure11.shows}; fixture normal (tools: {}): variant ${rv.connectError}, solved calls word_count: ${JSON.stringify(call(rs))}`,
    };
  },
  "check-initialize-version-trimmed": async ({ v, s }) =>
    judged(
      'checkInitialize(protocolVersion " 2025-06-18")',
      v,
      s,
      (P) => Object.keys(P.checkInitialize(INIT({ protocolVersion: ` ${lib.PROTOCOL_VERSION}` }))),
      (p) => Array.isArray(p.value),
      (p) => /ProtocolError\(version\)/.test(p.error ?? ""),
    ),
  "check-initialize-refuses-instructions": async ({ v, s }) =>
    judged(
      'checkInitialize(a valid answer with instructions "Count with word_count.")',
      v,
      s,
      (P) => Object.keys(P.checkInitialize(INIT({ instructions: "Count with word_count." }))),
      (p) => /ProtocolError/.test(p.error ?? ""),
      (p) => Array.isArray(p.value),
    ),
  "check-tools-skips-non-object-entries": async ({ v, s }) =>
    judged(
      "checkTools({tools: [null, 5, a tool named a]})",
      v,
      s,
      (P) => P.checkTools({ tools: [null, 5, { name: "a", inputSchema: { type: "object" } }] }).map((t) => t.name),
      (p) => JSON.stringify(p.value) === '["a"]',
      (p) => /ProtocolError\(catalog\)/.test(p.error ?? ""),
    ),
  "check-tools-drops-destructive-tools": async ({ v, s }) =>
    judged(
      "checkTools(tools a (destructiveHint: true) and b)",
      v,
      s,
      (P) =>
        P.checkTools(catalogOf({ name: "a", annotations: { destructiveHint: true } }, { name: "b" })).map(
          (t) => t.name,
        ),
      (p) => JSON.stringify(p.value) === '["b"]',
      (p) => JSON.stringify(p.value) === '["a","b"]',
    ),
  "result-text-normalises-line-endings": async ({ v, s }) =>
    judged(
      'resultText(a text "12\\r\\n7")',
      v,
      s,
      (P) => P.resultText(TOOL_TEXT("12\r\n7")),
      (p) => p.value === "12\n7",
      (p) => p.value === "12\r\n7",
    ),
  "result-text-strips-control-characters": async ({ v, s }) =>
    judged(
      'resultText(a text "vanilla\\t12")',
      v,
      s,
      (P) => P.resultText(TOOL_TEXT("vanilla\t12")),
      (p) => p.value === "vanilla12",
      (p) => p.value === "vanilla\t12",
    ),
  "result-text-truncated-to-10000": async ({ v, s }) =>
    judged(
      "resultText(a text of 12,000 characters), its length",
      v,
      s,
      (P) => P.resultText(TOOL_TEXT("x".repeat(12_000))).length,
      (p) => p.value !== undefined && p.value < 12_000,
      (p) => p.value === 12_000,
    ),
  "request-deadline-as-protocol-error": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("hang"), { timeoutMs: 1000 });
    return {
      ok: /ProtocolError/.test(call(rv).error ?? "") && /DeadlineError/.test(call(rs).error ?? ""),
      shows: `teaching server hang, timeout 1000 ms: variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs))}`,
    };
  },
  "request-ping-reply-id-stringified": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("ping-zero"), { timeoutMs: 2000 });
    return {
      ok: /DeadlineError/.test(call(rv).error ?? "") && call(rs).text === "3",
      shows: `fixture ping-zero (the server pings with id 0 and waits for its answer): variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs))}`,
    };
  },
  "connect-declares-elicitation": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const [cv, cs] = [initializeParams(fv)?.capabilities, initializeParams(fs)?.capabilities];
    return {
      ok: cv !== undefined && "elicitation" in cv && JSON.stringify(cs) === "{}",
      shows: `the capabilities initialize declares: variant ${JSON.stringify(cv)}, solved ${JSON.stringify(cs)}`,
    };
  },
  "connect-timeout-floor-one-second": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("normal"), { timeoutMs: 500 });
    return {
      ok: /UsageError/.test(rv.connectError ?? "") && call(rs).text === "3",
      shows: `timeout 500 ms against the teaching server: variant ${rv.connectError}, solved connects and calls: ${JSON.stringify(call(rs))}`,
    };
  },
  "connect-timeout-bound-read-as-ms": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("normal"), { timeoutMs: 1000 });
    return {
      ok: /UsageError/.test(rv.connectError ?? "") && call(rs).text === "3",
      shows: `timeout 1000 ms against the teaching server: variant ${rv.connectError}, solved connects and calls: ${JSON.stringify(call(rs))}`,
    };
  },
  "close-terms-before-ending-input": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("normal"));
    return {
      ok: rv.status !== 0 && rs.status === 0 && rs.groupEmpty,
      shows: `close() of the teaching server (normal): variant returns ${JSON.stringify(rv.status)}, solved ${JSON.stringify(rs.status)} (a clean exit)`,
    };
  },
  "close-sighup-first": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("term-to-exit"));
    return {
      ok: rv.status !== 0 && rs.status === 0 && rs.groupEmpty,
      shows: `close() of the teaching server term-to-exit (stays at end of input, leaves with 0 on SIGTERM): variant returns ${JSON.stringify(rv.status)}, solved ${JSON.stringify(rs.status)}`,
    };
  },
  "call-tool-allowlist-joined-text": async ({ v, s }) => {
    const [lv, ls] = [scratchFile("log"), scratchFile("log")];
    const options = { calls: [["word", { text: "a b" }]] };
    const extra = (log) => teaching("normal", "--extra-tools", '["word"]', "--log", log);
    const [rv, rs] = await Promise.all([session(v, extra(lv), options), session(s, extra(ls), options)]);
    const [nv, ns] = [logged(lv), logged(ls)];
    return {
      ok: nv.some((line) => line.includes('"word"')) && ns.length === 0 && /RefusedError/.test(call(rs).error ?? ""),
      shows: `allowed [word_count], the server also advertises word; a call to word: variant ${JSON.stringify(call(rv))}, the server's log ${JSON.stringify(nv)}; solved ${JSON.stringify(call(rs))}, log ${JSON.stringify(ns)}`,
    };
  },
  "call-tool-refusal-as-tool-error": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("normal"), {
      calls: [["place_purchase", { flavor: "vanilla", tubs: 100 }]],
    });
    return {
      ok: /ToolError/.test(call(rv).error ?? "") && /RefusedError\(not-allowed\)/.test(call(rs).error ?? ""),
      shows: `a call to place_purchase (advertised, not allowed): variant ${call(rv).error}, solved ${call(rs).error}`,
    };
  },
  "call-tool-drops-null-arguments": async ({ v, s }) => {
    const options = { calls: [["word_count", { text: "a b", note: null }]] };
    const [, , fv, fs] = await bothRecorded(v, s, "normal", options);
    const args = (file) => received(file).find((m) => m?.method === "tools/call")?.params?.arguments;
    const [av, as] = [args(fv), args(fs)];
    return {
      ok: av !== undefined && !("note" in av) && as?.note === null,
      shows: `word_count called with {text: "a b", note: null}: the server received variant ${JSON.stringify(av)}, solved ${JSON.stringify(as)}`,
    };
  },
  "top-tools-float32-scores": async ({ v, s }) =>
    differs(
      "scores 0.3, 0.30000001, 0, the best 1",
      [v, s].map((P) => namesRanked(P, SHOP_TOOLS, [0.3, 0.30000001, 0], 1)),
      /word_count/,
      /stock_level/,
    ),
  "top-tools-own-text-hyphens-split": async ({ v, s }) => {
    const tools = [{ name: "re-order_stock", description: "Re-order a flavour when stock is low." }];
    const [tv, ts] = [textsScored(v, tools), textsScored(s, tools)];
    return {
      ok: JSON.stringify(ts) === JSON.stringify(tools.map(lib.toolText)) && JSON.stringify(tv) !== JSON.stringify(ts),
      shows: `the retriever is given ${JSON.stringify(tv)}; the solved topTools gives it ${JSON.stringify(ts)}`,
    };
  },
  "encode-frame-refuses-unsafe-integers": async ({ v, s }) =>
    judged(
      "encodeFrame of a tools/call with arguments {n: 1e20}",
      v,
      s,
      (P) => P.encodeFrame(P.requestMessage(3, "tools/call", { name: "w", arguments: { n: 1e20 } })).toString(),
      (p) => /UsageError/.test(p.error ?? ""),
      (p) => (p.value ?? "").includes('"n":100000000000000000000'),
    ),
  "check-tools-names-trimmed": async ({ v, s }) =>
    judged(
      'checkTools(a tool named "word_count ")',
      v,
      s,
      (P) => P.checkTools(catalogOf({ name: "word_count " })).map((t) => t.name),
      (p) => JSON.stringify(p.value) === '["word_count"]',
      (p) => JSON.stringify(p.value) === '["word_count "]',
    ),
  "request-ping-reply-echoes-request": async ({ v, s }) => {
    const [rv, rs, fv] = await bothRecorded(v, s, "ping-first");
    const answer = recorded(fv).find((entry) => "answerToPing" in entry)?.answerToPing;
    const echoed = received(fv).find((m) => m?.id === "srv-1" && "method" in m);
    return {
      ok: echoed !== undefined && answer === undefined && call(rv).text === undefined && call(rs).text === "3",
      shows: `fixture ping-first (the server pings and waits for the answer): variant sends ${JSON.stringify(echoed)} (a request, no answer noted: ${JSON.stringify(answer)}), its call ${JSON.stringify(call(rv))}; solved ${JSON.stringify(call(rs))}`,
    };
  },
  "top-tools-empty-request-ranks-nothing": async ({ v, s }) =>
    judged(
      'topTools("", three tools, every score 0, m 2)',
      v,
      s,
      (P) => P.topTools("", SHOP_TOOLS, scoresOf([0, 0, 0]), 2).map((t) => t.name),
      (p) => JSON.stringify(p.value) === "[]",
      (p) => JSON.stringify(p.value) === '["word_count","stock_level"]',
    ),
  // ---------- fair ----------
  "answer-for-switch-true": async ({ v, s }) =>
    agreeOn("answerFor(5, ...)", v, s, (P, m) => P.answerFor(5, m), ANSWER_INPUTS),
  "encode-frame-check-table": async ({ v, s }) => {
    const inputs = ENCODE_INPUTS();
    const at = agreeOn("encodeFrame (default limit)", v, s, (P, m) => P.encodeFrame(m).toString("base64"), inputs);
    const small = agreeOn("encodeFrame (limit 40)", v, s, (P, m) => P.encodeFrame(m, 40).toString("base64"), inputs);
    const edge = agreeOn(
      "encodeFrame at its limit",
      v,
      s,
      (P, limit) => P.encodeFrame({ a: "x" }, limit).length,
      [10, 11, 12, 0],
    );
    return { ok: at.ok && small.ok && edge.ok, shows: `${at.shows}; ${small.shows}; ${edge.shows}` };
  },
  "frame-reader-generator-split": async ({ v, s }) => readerProof(v, s),
  "parse-frame-fail-helper": async ({ v, s }) =>
    agreeOn("parseFrame", v, s, (P, frame) => P.parseFrame(frame), PARSE_INPUTS),
  "check-initialize-problem-list": async ({ v, s }) =>
    agreeOn("checkInitialize", v, s, (P, result) => P.checkInitialize(result), INIT_INPUTS),
  "check-tools-map-foreach": async ({ v, s }) => {
    const pure11 = agreeOn("checkTools", v, s, (P, result) => P.checkTools(result), TOOLS_INPUTS);
    const limit = agreeOn("checkTools(limit 1)", v, s, (P, result) => P.checkTools(result, 1), TOOLS_INPUTS);
    const live = await sameSessions(v, s, [teaching("normal"), teaching("many-tools"), teaching("paged")], {});
    return { ok: pure11.ok && limit.ok && live.ok, shows: `${pure11.shows}; ${limit.shows}; ${live.shows}` };
  },
  "result-text-generator": async ({ v, s }) =>
    agreeOn("resultText", v, s, (P, result) => P.resultText(result), TEXT_INPUTS),
  "request-recursive-read": async ({ v, s }) =>
    sameSessions(
      v,
      s,
      ["normal", "notify", "chatty", "ping", "wrong-id", "stale", "stdout-log", "hang"].map((mode) => teaching(mode)),
      {},
    ),
  "close-phase-list": async ({ v }) => closeProof(v),
  "call-tool-reason-lookup": async ({ v, s }) =>
    sameSessions(v, s, [teaching("normal")], {
      allowed: ["word_count", "ghost"],
      calls: [
        ["word_count", { text: "a b c" }],
        ["place_purchase", {}],
        ["ghost", {}],
      ],
    }),
  "top-tools-rank-by-counting": async ({ v, s }) => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const tools = Array.from({ length: 9 }, (_, i) => ({ name: `tool_${i}`, description: `does ${i}` }));
    const inputs = [];
    for (let trial = 0; trial < 200; trial += 1) {
      const values = tools.map(() => Math.round(rand() * 4) / 4 - 0.25);
      inputs.push([values, Math.floor(rand() * 12) - 1]);
    }
    return agreeOn(
      "topTools on 200 score vectors with ties, m from -1 to 10",
      v,
      s,
      (P, [values, m]) => P.topTools("count words", tools, scoresOf(values), m).map((t) => t.name),
      inputs,
    );
  },
};
Object.assign(proofs, round11);

// ---------- round 12 ----------
const TOOL = (name, extra = {}) => ({ name, inputSchema: { type: "object" }, ...extra });
const errorOf = (p) => p.error ?? "";
const round12 = {
  // ---------- wrong ----------
  "request-message-jsonrpc-as-number": async ({ v, s }) =>
    judged(
      'encodeFrame(requestMessage(2, "tools/list", {}))',
      v,
      s,
      (P) => P.encodeFrame(P.requestMessage(2, "tools/list", {})).toString(),
      (p) => /"jsonrpc":2,/.test(p.value ?? ""),
      (p) => /"jsonrpc":"2.0"/.test(p.value ?? ""),
    ),
  "notification-message-without-jsonrpc": async ({ v, s }) =>
    judged(
      'notificationMessage("notifications/initialized")',
      v,
      s,
      (P) => P.notificationMessage("notifications/initialized"),
      (p) => p.value !== undefined && !("jsonrpc" in p.value),
      (p) => p.value?.jsonrpc === "2.0",
    ),
  "answer-for-wrong-id-as-server-error": async ({ v, s }) =>
    judged(
      "answerFor(41, a result with id 42)",
      v,
      s,
      (P) => P.answerFor(41, REPLY(42, { result: { tools: [] } })),
      (p) => /ServerError/.test(errorOf(p)),
      (p) => /ProtocolError\(wrong-id\)/.test(errorOf(p)),
    ),
  "answer-for-bad-result-as-tool-error": async ({ v, s }) =>
    judged(
      'answerFor(4, a result "text")',
      v,
      s,
      (P) => P.answerFor(4, REPLY(4, { result: "text" })),
      (p) => /ToolError/.test(errorOf(p)),
      (p) => /ProtocolError/.test(errorOf(p)),
    ),
  "encode-frame-nan-as-range-error": async ({ v, s }) =>
    judged(
      "encodeFrame of a tools/call with arguments {limit: NaN}",
      v,
      s,
      (P) => P.encodeFrame(P.requestMessage(3, "tools/call", { name: "w", arguments: { limit: NaN } })).length,
      (p) => /RangeError/.test(errorOf(p)),
      (p) => /UsageError/.test(errorOf(p)),
    ),
  "encode-frame-bigint-as-string": async ({ v, s }) =>
    judged(
      "encodeFrame of a tools/call with arguments {n: 2n**64n+1n}",
      v,
      s,
      (P) =>
        P.encodeFrame(P.requestMessage(3, "tools/call", { name: "w", arguments: { n: 2n ** 64n + 1n } })).toString(),
      (p) => (p.value ?? "").includes('"n":"18446744073709551617"'),
      (p) => /UsageError/.test(errorOf(p)),
    ),
  "encode-frame-infinity-clamped": async ({ v, s }) =>
    judged(
      "encodeFrame of a tools/call with arguments {limit: Infinity}",
      v,
      s,
      (P) => P.encodeFrame(P.requestMessage(3, "tools/call", { name: "w", arguments: { limit: Infinity } })).toString(),
      (p) => (p.value ?? "").includes('"limit":1.7976931348623157e+308'),
      (p) => /UsageError/.test(errorOf(p)),
    ),
  "frame-reader-limit-floor-1024": async ({ v, s }) =>
    judged(
      "FrameReader(64) fed a 100-byte line and its newline",
      v,
      s,
      (P) => new P.FrameReader(64).feed(Buffer.from(`${"x".repeat(100)}\n`)).map((f) => f.length),
      (p) => JSON.stringify(p.value) === "[100]",
      (p) => /ProtocolError\(frame-limit\)/.test(errorOf(p)),
    ),
  "frame-reader-default-limit-one-mebibyte": async ({ v, s }) =>
    judged(
      "FrameReader() (the default limit) fed a 500,000-byte line and its newline",
      v,
      s,
      (P) => new P.FrameReader().feed(Buffer.from(`${"x".repeat(500_000)}\n`)).map((f) => f.length),
      (p) => JSON.stringify(p.value) === "[500000]",
      (p) => /ProtocolError\(frame-limit\)/.test(errorOf(p)),
    ),
  "frame-reader-limit-static": async ({ v, s }) =>
    judged(
      "FrameReader(64), then a second FrameReader(4096); the first fed a 100-byte line",
      v,
      s,
      (P) => {
        const first = new P.FrameReader(64);
        new P.FrameReader(4096);
        return first.feed(Buffer.from(`${"x".repeat(100)}\n`)).map((f) => f.length);
      },
      (p) => JSON.stringify(p.value) === "[100]",
      (p) => /ProtocolError\(frame-limit\)/.test(errorOf(p)),
    ),
  "parse-frame-tolerates-trailing-commas": async ({ v, s }) =>
    judged(
      'parseFrame(\'{"jsonrpc":"2.0","id":1,"result":{},}\')',
      v,
      s,
      (P) => P.parseFrame(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{},}')),
      (p) => p.value?.id === 1,
      (p) => /ProtocolError\(malformed-frame\)/.test(errorOf(p)),
    ),
  "parse-frame-not-json-rpc-as-usage-error": async ({ v, s }) => {
    const pure12 = judged(
      'parseFrame(\'{"id":1,"result":{}}\')',
      v,
      s,
      (P) => P.parseFrame(Buffer.from('{"id":1,"result":{}}')),
      (p) => /UsageError/.test(errorOf(p)),
      (p) => /ProtocolError\(not-json-rpc\)/.test(errorOf(p)),
    );
    return pure12;
  },
  "parse-frame-refuses-string-ids": async ({ v, s }) => {
    const pure12 = judged(
      'parseFrame(\'{"jsonrpc":"2.0","id":"srv-1","method":"ping"}\')',
      v,
      s,
      (P) => P.parseFrame(Buffer.from('{"jsonrpc":"2.0","id":"srv-1","method":"ping"}')),
      (p) => /ProtocolError/.test(errorOf(p)),
      (p) => p.value?.id === "srv-1",
    );
    const [rv, rs] = await together(v, s, fixture("ping-first"));
    return {
      ok: pure12.ok && call(rv).error !== undefined && call(rs).text === "3",
      shows: `${pure12.shows}; fixture ping-first (a ping with id "srv-1" before the reply): variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "check-initialize-refuses-list-changed": async ({ v, s }) =>
    judged(
      "checkInitialize of a result whose tools capability is {listChanged: true}",
      v,
      s,
      (P) => P.checkInitialize(INIT({ capabilities: { tools: { listChanged: true } } })).protocolVersion,
      (p) => /ProtocolError/.test(errorOf(p)),
      (p) => p.value === lib.PROTOCOL_VERSION,
    ),
  "check-initialize-version-as-usage-error": async ({ v, s }) => {
    const pure12 = judged(
      'checkInitialize of a result with protocolVersion "2024-11-05"',
      v,
      s,
      (P) => P.checkInitialize(INIT({ protocolVersion: "2024-11-05" })),
      (p) => /UsageError/.test(errorOf(p)),
      (p) => /ProtocolError\(version\)/.test(errorOf(p)),
    );
    const [rv, rs] = await together(v, s, teaching("old-version"));
    return {
      ok: pure12.ok && /UsageError/.test(rv.connectError ?? "") && /ProtocolError/.test(rs.connectError ?? ""),
      shows: `${pure12.shows}; the old-version server: variant ${rv.connectError}, solved ${rs.connectError}`,
    };
  },
  "check-initialize-no-tools-as-refused-error": async ({ v, s }) =>
    judged(
      "checkInitialize of a result with capabilities {}",
      v,
      s,
      (P) => P.checkInitialize(INIT({ capabilities: {} })),
      (p) => /RefusedError/.test(errorOf(p)),
      (p) => /ProtocolError\(capabilities\)/.test(errorOf(p)),
    ),
  "check-tools-limit-as-usage-error": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("many-tools"), { calls: [] });
    return {
      ok: /UsageError/.test(rv.connectError ?? "") && /ProtocolError\(catalog\)/.test(rs.connectError ?? ""),
      shows: `the many-tools server (forty tools): variant ${rv.connectError}, solved ${rs.connectError}`,
    };
  },
  "check-tools-missing-list-as-empty": async ({ v, s }) =>
    judged(
      "checkTools({}) (no tools member)",
      v,
      s,
      (P) => P.checkTools({}),
      (p) => JSON.stringify(p.value) === "[]",
      (p) => /ProtocolError\(catalog\)/.test(errorOf(p)),
    ),
  "check-tools-refuses-repeated-descriptions": async ({ v, s }) =>
    judged(
      'checkTools of two tools both described "Counts things."',
      v,
      s,
      (P) =>
        P.checkTools({
          tools: [
            TOOL("count_words", { description: "Counts things." }),
            TOOL("count_tubs", { description: "Counts things." }),
          ],
        }).map((t) => t.name),
      (p) => /ProtocolError/.test(errorOf(p)),
      (p) => JSON.stringify(p.value) === '["count_words","count_tubs"]',
    ),
  "result-text-tool-failure-as-server-error": async ({ v, s }) =>
    judged(
      'resultText({content: [text "no such flavour"], isError: true})',
      v,
      s,
      (P) => P.resultText({ content: [{ type: "text", text: "no such flavour" }], isError: true }),
      (p) => /ServerError/.test(errorOf(p)),
      (p) => /ToolError/.test(errorOf(p)),
    ),
  "result-text-decodes-html-entities": async ({ v, s }) =>
    judged(
      'resultText of the text "a &lt; b &amp; c"',
      v,
      s,
      (P) => P.resultText(TOOL_TEXT("a &lt; b &amp; c")),
      (p) => p.value === "a < b & c",
      (p) => p.value === "a &lt; b &amp; c",
    ),
  "result-text-reformats-json-text": async ({ v, s }) =>
    judged(
      "resultText of the text '{\"n\":4}'",
      v,
      s,
      (P) => P.resultText(TOOL_TEXT('{"n":4}')),
      (p) => p.value === '{\n  "n": 4\n}',
      (p) => p.value === '{"n":4}',
    ),
  "request-method-not-found-without-message": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "sampling");
    const answer = (file) => recorded(file).find((entry) => "answerToSampling" in entry)?.answerToSampling;
    const [av, as] = [answer(fv), answer(fs)];
    return {
      ok: av?.error?.code === -32601 && !("message" in av.error) && typeof as?.error?.message === "string",
      shows: `fixture sampling (asks sampling/createMessage before the reply): the variant answers ${JSON.stringify(av)}, solved ${JSON.stringify(as)} (calls: variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs))})`,
    };
  },
  "request-ping-reply-without-id": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("ping"));
    return {
      ok: call(rv).error !== undefined && call(rs).text === "3",
      shows: `the ping server (waits for the answer to its ping, refuses an answer it cannot match): variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "request-ping-answered-with-pong": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "ping-first");
    const answer = (file) => recorded(file).find((entry) => "answerToPing" in entry)?.answerToPing;
    const [av, as] = [answer(fv), answer(fs)];
    return {
      ok: JSON.stringify(av?.result) === '{"pong":true}' && JSON.stringify(as?.result) === "{}",
      shows: `fixture ping-first: the variant answers the ping ${JSON.stringify(av)}, solved ${JSON.stringify(as)} (calls: variant ${JSON.stringify(call(rv).text)}, solved ${JSON.stringify(call(rs).text)})`,
    };
  },
  "connect-pings-before-initialize": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal");
    const [mv, ms] = [methodsReceived(fv), methodsReceived(fs)];
    return {
      ok: mv[0] === "ping" && ms[0] === "initialize",
      shows: `a recording fixture: the variant's first messages ${JSON.stringify(mv.slice(0, 3))} (${rv.connectError ?? "connected"}), solved ${JSON.stringify(ms.slice(0, 3))} (${rs.connectError ?? "connected"})`,
    };
  },
  "call-tool-stringifies-argument-values": async ({ v, s }) => {
    const [lv, ls] = [scratchFile("log"), scratchFile("log")];
    const options = { calls: [["word_count", { text: "one two three", limit: 100 }]] };
    await Promise.all([
      session(v, teaching("normal", "--log", lv), options),
      session(s, teaching("normal", "--log", ls), options),
    ]);
    const args = (file) => logged(file).map((line) => JSON.parse(line).arguments)[0];
    const [av, as] = [args(lv), args(ls)];
    return {
      ok: av?.limit === "100" && as?.limit === 100,
      shows: `word_count with {text, limit: 100} against the normal server: its log shows the variant's arguments ${JSON.stringify(av)}, solved ${JSON.stringify(as)}`,
    };
  },
  "call-tool-refuses-empty-arguments": async ({ v, s }) => {
    const options = { allowed: ["shop_notes"], calls: [["shop_notes", {}]] };
    const [rv, rs] = await together(v, s, teaching("hostile"), options);
    return {
      ok: call(rv).error !== undefined && typeof call(rs).text === "string",
      shows: `shop_notes with {} against the hostile server (allowed): variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs))}`,
    };
  },
  "call-tool-refuses-arguments-outside-schema": async ({ v, s }) => {
    const options = { calls: [["word_count", { text: "one two three", lang: "en" }]] };
    const [rv, rs] = await bothRecorded(v, s, "normal", options);
    return {
      ok: /UsageError/.test(call(rv).error ?? "") && call(rs).text === "3",
      shows: `word_count with {text, lang} against a fixture whose word_count ignores other arguments: variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs))}`,
    };
  },
  "top-tools-text-prefers-title": async ({ v, s }) => {
    const texts = (P) => {
      let seen = [];
      P.topTools(
        "count words",
        [{ name: "word_count", title: "Tally", description: "Counts words." }],
        (_r, t) => ((seen = t), t.map(() => 1)),
        1,
      );
      return seen;
    };
    return judged(
      "the texts topTools scores for {name: word_count, title: Tally}",
      v,
      s,
      texts,
      (p) => JSON.stringify(p.value) === '["Tally. Counts words."]',
      (p) => JSON.stringify(p.value) === '["word count. Counts words."]',
    );
  },
  "top-tools-unique-by-description": async ({ v, s }) => {
    const tools = [
      { name: "count_words", description: "Counts." },
      { name: "count_tubs", description: "Counts." },
      { name: "order", description: "Orders." },
    ];
    return judged(
      "topTools(m 2) with scores [3, 2, 1], the first two sharing a description",
      v,
      s,
      (P) => P.topTools("count", tools, scoresOf([3, 2, 1]), 2).map((t) => t.name),
      (p) => JSON.stringify(p.value) === '["count_words","order"]',
      (p) => JSON.stringify(p.value) === '["count_words","count_tubs"]',
    );
  },
  "top-tools-ties-by-description-length": async ({ v, s }) => {
    const tools = [
      { name: "place_purchase", description: "Place a purchase with the supplier." },
      { name: "word_count", description: "Count words." },
    ];
    return judged(
      "topTools(m 2) with tied scores [1, 1]",
      v,
      s,
      (P) => P.topTools("count", tools, scoresOf([1, 1]), 2).map((t) => t.name),
      (p) => JSON.stringify(p.value) === '["word_count","place_purchase"]',
      (p) => JSON.stringify(p.value) === '["place_purchase","word_count"]',
    );
  },
  // ---------- fair ----------
  "messages-one-envelope-helper": async ({ v, s }) => {
    const inputs = [
      [1, "tools/list", {}],
      [0, "initialize", { a: [1, { b: null }] }],
      [7, "tools/call", undefined],
    ];
    const req = agreeOn("requestMessage", v, s, (P, [id, m, p]) => P.requestMessage(id, m, p), inputs);
    const note = agreeOn("notificationMessage", v, s, (P, [m, p]) => P.notificationMessage(m, p), [
      ["notifications/initialized"],
      ["notifications/progress", { progress: 1 }],
      ["n", {}],
      ["n", undefined],
    ]);
    const live = await sameSessions(v, s, [teaching("normal")], {});
    return { ok: req.ok && note.ok && live.ok, shows: `${req.shows}; ${note.shows}; ${live.shows}` };
  },
  "answer-for-guard-helpers": async ({ v, s }) =>
    agreeOn("answerFor(5, ...)", v, s, (P, m) => P.answerFor(5, m), ANSWER_INPUTS),
  "encode-frame-refused-types-set": async ({ v, s }) => {
    const inputs = ENCODE_INPUTS();
    const at = agreeOn("encodeFrame (default limit)", v, s, (P, m) => P.encodeFrame(m).toString("base64"), inputs);
    const small = agreeOn("encodeFrame (limit 40)", v, s, (P, m) => P.encodeFrame(m, 40).toString("base64"), inputs);
    return { ok: at.ok && small.ok, shows: `${at.shows}; ${small.shows}` };
  },
  "frame-reader-concat-then-scan": async ({ v, s }) => readerProof(v, s),
  "parse-frame-reencode-check": async ({ v, s }) =>
    agreeOn("parseFrame", v, s, (P, frame) => P.parseFrame(frame), PARSE_INPUTS),
  "check-initialize-tag-test": async ({ v, s }) =>
    agreeOn("checkInitialize", v, s, (P, result) => P.checkInitialize(result), INIT_INPUTS),
  "check-tools-every-and-set-size": async ({ v, s }) => {
    const pure12 = agreeOn("checkTools", v, s, (P, result) => P.checkTools(result), TOOLS_INPUTS);
    const live = await checkToolsProof(v, s);
    return { ok: pure12.ok && live.ok, shows: `${pure12.shows}; ${live.shows}` };
  },
  "result-text-for-of-concat": async ({ v, s }) =>
    agreeOn("resultText", v, s, (P, result) => P.resultText(result), TEXT_INPUTS),
  "call-tool-array-includes": async ({ v }) => callToolProof(v),
  "top-tools-index-sort-float64": async ({ v, s }) => topToolsProof(v, s, 12, 2),
  "close-signal-pairs": async ({ v }) => closeProof(v),
};
Object.assign(proofs, round12);

// ---------- round 13 ----------
/** What a recording fixture noted of the client's answer to its own request. */
const answerToServer = (file) => recorded(file).find((entry) => "answerToServer" in entry)?.answerToServer;
/** The arguments of the first tools/call a recording fixture received. */
const sentArguments = (file) => received(file).find((m) => m?.method === "tools/call")?.params?.arguments;
/** A call's message with `args` as its arguments, encoded by P's own pieces. */
const encodedCall = (P, args) =>
  P.encodeFrame(P.requestMessage(3, "tools/call", { name: "w", arguments: args })).toString();
class Reading {
  toJSON() {
    return NaN;
  }
}
const round13 = {
  // ---------- wrong ----------
  "request-message-undefined-as-null": async ({ v, s }) =>
    judged(
      'encodeFrame(requestMessage(2, "tools/list", { cursor: undefined }))',
      v,
      s,
      (P) => P.encodeFrame(P.requestMessage(2, "tools/list", { cursor: undefined })).toString(),
      (p) => (p.value ?? "").includes('"params":{"cursor":null}'),
      (p) => (p.value ?? "").includes('"params":{}'),
    ),
  "notification-message-id-key-undefined": async ({ v, s }) =>
    judged(
      'the keys of notificationMessage("notifications/initialized")',
      v,
      s,
      (P) => Object.keys(P.notificationMessage("notifications/initialized")),
      (p) => (p.value ?? []).includes("id"),
      (p) => Array.isArray(p.value) && !p.value.includes("id"),
    ),
  "answer-for-error-code-any-number": async ({ v, s }) =>
    judged(
      'answerFor(5, an error reply with code 1.5 and message "x")',
      v,
      s,
      (P) => P.answerFor(5, REPLY(5, { error: { code: 1.5, message: "x" } })),
      (p) => /ServerError/.test(errorOf(p)),
      (p) => /ProtocolError\(bad-response\)/.test(errorOf(p)),
    ),
  "answer-for-string-error-wrapped": async ({ v, s }) =>
    judged(
      'answerFor(5, an error reply whose error is the text "tool crashed")',
      v,
      s,
      (P) => P.answerFor(5, REPLY(5, { error: "tool crashed" })),
      (p) => /ServerError/.test(errorOf(p)),
      (p) => /ProtocolError\(bad-response\)/.test(errorOf(p)),
    ),
  "answer-for-stale-ids-skipped": async ({ v, s }) => {
    const pure13 = judged(
      "answerFor(3, a result labelled 2)",
      v,
      s,
      (P) => P.answerFor(3, REPLY(2, { result: {} })),
      (p) => p.value === null,
      (p) => /ProtocolError\(wrong-id\)/.test(errorOf(p)),
    );
    const [rv, rs] = await together(v, s, teaching("stale"));
    return {
      ok: pure13.ok && call(rv).text === "3" && /wrong-id/.test(call(rs).error ?? ""),
      shows: `${pure13.shows}; the stale server (repeats the reply to the previous request first): variant ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "encode-frame-walk-misses-tojson": async ({ v, s }) =>
    judged(
      "encodeFrame of a call whose arguments hold an instance of a class whose toJSON returns NaN",
      v,
      s,
      (P) => encodedCall(P, { reading: new Reading() }),
      (p) => (p.value ?? "").includes('"reading":null'),
      (p) => /UsageError/.test(errorOf(p)),
    ),
  "encode-frame-functions-in-arrays-as-null": async ({ v, s }) =>
    judged(
      "encodeFrame of a call whose arguments are { steps: [() => 1] }",
      v,
      s,
      (P) => encodedCall(P, { steps: [() => 1] }),
      (p) => (p.value ?? "").includes('"steps":[null]'),
      (p) => /UsageError/.test(errorOf(p)),
    ),
  "encode-frame-small-bigint-as-number": async ({ v, s }) =>
    judged(
      "encodeFrame of a call whose arguments are { n: 5n }",
      v,
      s,
      (P) => encodedCall(P, { n: 5n }),
      (p) => (p.value ?? "").includes('"n":5}'),
      (p) => /UsageError/.test(errorOf(p)),
    ),
  "frame-reader-refusal-keeps-held-bytes": async ({ v, s }) =>
    judged(
      'FrameReader(16) fed 10 x (held), 10 y (refused: the line passes 16 bytes), then "{}\\n"',
      v,
      s,
      (P) => {
        const reader = new P.FrameReader(16);
        reader.feed(Buffer.alloc(10, 0x78));
        const refused = pure(() => reader.feed(Buffer.alloc(10, 0x79)));
        return { refused: refused.error, next: reader.feed(Buffer.from("{}\n")).map((f) => f.toString()) };
      },
      (p) => /frame-limit/.test(p.value?.refused ?? "") && JSON.stringify(p.value?.next) === '["xxxxxxxxxx{}"]',
      (p) => /frame-limit/.test(p.value?.refused ?? "") && JSON.stringify(p.value?.next) === '["{}"]',
    ),
  "frame-reader-hands-oversized-to-parser": async ({ v, s }) => {
    const pure13 = judged(
      "FrameReader(64) fed a 100-byte line and its newline",
      v,
      s,
      (P) => new P.FrameReader(64).feed(Buffer.from(`${"x".repeat(100)}\n`)).map((f) => f.length),
      (p) => JSON.stringify(p.value) === "[100]",
      (p) => /ProtocolError\(frame-limit\)/.test(errorOf(p)),
    );
    const [rv, rs] = await together(v, s, teaching("oversized"));
    return {
      ok: pure13.ok && /frame-limit/.test(call(rs).error ?? "") && !/frame-limit/.test(call(rv).error ?? ""),
      shows: `${pure13.shows}; the oversized server (a 1 MiB reply): the variant's reader lets it through to parseFrame, ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "parse-frame-memoised-by-text": async ({ v, s }) =>
    judged(
      "parseFrame of one notification's line, its params.data changed, then the same line parsed again",
      v,
      s,
      (P) => {
        const line = '{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"x"}}';
        const first = P.parseFrame(Buffer.from(line));
        first.params.data = "changed";
        const second = P.parseFrame(Buffer.from(line));
        return { same: first === second, data: second.params.data };
      },
      (p) => p.value?.same === true && p.value?.data === "changed",
      (p) => p.value?.same === false && p.value?.data === "x",
    ),
  "parse-frame-latin1-fallback": async ({ v, s }) => {
    const bytes = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"t":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}}'),
    ]);
    const pure13 = judged(
      "parseFrame of a reply holding the bytes FF FE",
      v,
      s,
      (P) => P.parseFrame(bytes).result.t,
      (p) => p.value === "ÿþ",
      (p) => /ProtocolError\(malformed-frame\)/.test(errorOf(p)),
    );
    const [rv, rs] = await together(v, s, fixture("bad-utf8"));
    return {
      ok: pure13.ok && typeof call(rv).text === "string" && /malformed-frame/.test(call(rs).error ?? ""),
      shows: `${pure13.shows}; fixture bad-utf8 (the reply's text holds FF FE): variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "parse-frame-reviver-drops-nulls": async ({ v, s }) =>
    judged(
      'parseFrame(\'{"jsonrpc":"2.0","id":1,"result":{"cursor":null,"list":[1,null]}}\').result',
      v,
      s,
      (P) =>
        JSON.stringify(
          P.parseFrame(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"cursor":null,"list":[1,null]}}')).result,
        ),
      (p) => p.value === '{"list":[1,null]}' || p.value === "{}" || (p.value ?? "").indexOf('"cursor"') === -1,
      (p) => p.value === '{"cursor":null,"list":[1,null]}',
    ),
  "check-initialize-has-own-property-method": async ({ v, s }) =>
    judged(
      "checkInitialize of a result whose capabilities are { tools: {}, hasOwnProperty: 1 }",
      v,
      s,
      (P) => P.checkInitialize(INIT({ capabilities: { tools: {}, hasOwnProperty: 1 } })).protocolVersion,
      (p) => /TypeError/.test(errorOf(p)),
      (p) => p.value === lib.PROTOCOL_VERSION,
    ),
  "check-initialize-missing-version-assumed": async ({ v, s }) =>
    judged(
      "checkInitialize of a result without protocolVersion",
      v,
      s,
      (P) => {
        const result = INIT();
        delete result.protocolVersion;
        return Object.keys(P.checkInitialize(result));
      },
      (p) => Array.isArray(p.value),
      (p) => /ProtocolError\(version\)/.test(errorOf(p)),
    ),
  "check-tools-title-as-missing-name": async ({ v, s }) =>
    judged(
      'checkTools of one tool with title "Tally" and no name',
      v,
      s,
      (P) => P.checkTools({ tools: [{ title: "Tally", inputSchema: { type: "object" } }] }).length,
      (p) => p.value === 1,
      (p) => /ProtocolError\(catalog\)/.test(errorOf(p)),
    ),
  "check-tools-fills-missing-descriptions": async ({ v, s }) =>
    judged(
      "the members of the tool checkTools hands back for a tool listed without a description",
      v,
      s,
      (P) => Object.keys(P.checkTools({ tools: [TOOL("word_count")] })[0]),
      (p) => (p.value ?? []).includes("description"),
      (p) => Array.isArray(p.value) && !p.value.includes("description"),
    ),
  "check-tools-parses-string-schemas": async ({ v, s }) =>
    judged(
      'checkTools of a tool whose inputSchema is the string \'{"type":"object"}\'',
      v,
      s,
      (P) => P.checkTools({ tools: [{ name: "a", inputSchema: '{"type":"object"}' }] }).map((t) => t.name),
      (p) => JSON.stringify(p.value) === '["a"]',
      (p) => /ProtocolError\(catalog\)/.test(errorOf(p)),
    ),
  "result-text-type-any-case": async ({ v, s }) =>
    judged(
      'resultText of items { type: "Text", text: "a" } and { type: "text", text: "b" }',
      v,
      s,
      (P) =>
        P.resultText({
          content: [
            { type: "Text", text: "a" },
            { type: "text", text: "b" },
          ],
        }),
      (p) => p.value === "a\nb",
      (p) => p.value === "b",
    ),
  "result-text-honours-audience": async ({ v, s }) =>
    judged(
      'resultText of a text "4" annotated audience ["user"] and a text "words"',
      v,
      s,
      (P) =>
        P.resultText({
          content: [
            { type: "text", text: "4", annotations: { audience: ["user"] } },
            { type: "text", text: "words" },
          ],
        }),
      (p) => p.value === "words",
      (p) => p.value === "4\nwords",
    ),
  "result-text-drops-repeated-items": async ({ v, s }) =>
    judged(
      'resultText of two text items "4" and "4"',
      v,
      s,
      (P) =>
        P.resultText({
          content: [
            { type: "text", text: "4" },
            { type: "text", text: "4" },
          ],
        }),
      (p) => p.value === "4",
      (p) => p.value === "4\n4",
    ),
  "request-answers-roots-list-empty": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "ask-roots");
    const [av, as] = [answerToServer(fv), answerToServer(fs)];
    return {
      ok: Array.isArray(av?.result?.roots) && as?.error?.code === -32601,
      shows: `fixture ask-roots (asks roots/list before the reply): the variant answers ${JSON.stringify(av)}, solved ${JSON.stringify(as)} (calls: variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs))})`,
    };
  },
  "request-answers-elicitation-decline": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "ask-elicitation");
    const [av, as] = [answerToServer(fv), answerToServer(fs)];
    return {
      ok: av?.result?.action === "decline" && as?.error?.code === -32601,
      shows: `fixture ask-elicitation (asks elicitation/create before the reply): the variant answers ${JSON.stringify(av)}, solved ${JSON.stringify(as)} (calls: variant ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs))})`,
    };
  },
  "connect-requires-allowed-tools-listed": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, fixture("no-tools"), { calls: [["word_count", { text: "a b" }]] });
    return {
      ok:
        rv.connectError !== undefined &&
        JSON.stringify(rs.tools) === "[]" &&
        /not-advertised/.test(call(rs).error ?? ""),
      shows: `fixture no-tools (lists no tools), word_count allowed: variant ${rv.connectError}, solved connects with ${JSON.stringify(rs.tools)} and refuses the call ${call(rs).error}`,
    };
  },
  "connect-retries-initialize-once": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "init-hang", { calls: [] });
    const count = (file) => methodsReceived(file).filter((m) => m === "initialize").length;
    return {
      ok: count(fv) === 2 && count(fs) === 1,
      shows: `fixture init-hang (never answers initialize), timeout 1000 ms: the variant sent initialize ${count(fv)} times and failed after ${rv.connectMs} ms (${rv.connectError}), solved ${count(fs)} time after ${rs.connectMs} ms (${rs.connectError})`,
    };
  },
  "connect-list-asks-for-limit": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const list = (file) => received(file).find((m) => m?.method === "tools/list")?.params;
    return {
      ok: list(fv)?.limit !== undefined && JSON.stringify(list(fs) ?? {}) === "{}",
      shows: `a recording fixture: the variant's tools/list params ${JSON.stringify(list(fv))}, solved ${JSON.stringify(list(fs))}`,
    };
  },
  "close-sigkill-only-if-term-fails": async ({ v, s }) => {
    const [[tv, ts], [gv, gs]] = await Promise.all([
      together(v, s, teaching("term-proof"), { closeWithin: 5000 }),
      together(v, s, teaching("grandchild"), { closeWithin: 5000 }),
    ]);
    return {
      ok: !tv.groupEmpty && !gv.groupEmpty && ts.status === "SIGKILL" && ts.groupEmpty && gs.groupEmpty,
      shows: `term-proof (ignores SIGTERM): variant close ${JSON.stringify(tv.status)}, group empty a second later ${tv.groupEmpty}; solved ${JSON.stringify(ts.status)}, ${ts.groupEmpty}; grandchild: variant group empty ${gv.groupEmpty}, solved ${gs.groupEmpty}`,
    };
  },
  "close-status-guessed-from-signals-sent": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("term-proof"));
    return {
      ok: rv.status === "SIGTERM" && rs.status === "SIGKILL",
      shows: `term-proof (ignores SIGTERM, only SIGKILL ends it): variant reports ${JSON.stringify(rv.status)}, solved ${JSON.stringify(rs.status)}`,
    };
  },
  "call-tool-fills-schema-defaults": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "defaults");
    const [av, as] = [sentArguments(fv), sentArguments(fs)];
    return {
      ok: av?.lang === "en" && as !== undefined && !("lang" in as),
      shows: `fixture defaults (word_count's schema gives lang the default "en"), called with { text }: the server received the variant's ${JSON.stringify(av)}, solved ${JSON.stringify(as)} (calls: ${JSON.stringify(call(rv).text)}, ${JSON.stringify(call(rs).text)})`,
    };
  },
  "call-tool-strips-arguments-outside-schema": async ({ v, s }) => {
    const options = { calls: [["word_count", { text: "one two three", lang: "en" }]] };
    const [, , fv, fs] = await bothRecorded(v, s, "normal", options);
    const [av, as] = [sentArguments(fv), sentArguments(fs)];
    return {
      ok: av !== undefined && !("lang" in av) && as?.lang === "en",
      shows: `word_count with { text, lang } (its schema names text only): the server received the variant's ${JSON.stringify(av)}, solved ${JSON.stringify(as)}`,
    };
  },
  "top-tools-bounded-insert-ties-late": async ({ v, s }) => {
    const tools = [TOOL("count_words"), TOOL("count_tubs"), TOOL("order")];
    return judged(
      "topTools with scores [1, 1, 0], m 2 and m 1",
      v,
      s,
      (P) => [namesRanked(P, tools, [1, 1, 0], 2).value, namesRanked(P, tools, [1, 1, 0], 1).value],
      (p) => JSON.stringify(p.value) === '[["count_tubs","count_words"],["count_tubs"]]',
      (p) => JSON.stringify(p.value) === '[["count_words","count_tubs"],["count_words"]]',
    );
  },
  "top-tools-divides-by-text-length": async ({ v, s }) => {
    const tools = [
      { name: "word_count", description: "Count the words in a text, a file or a page of any length." },
      { name: "tally", description: "Tally." },
    ];
    const pure13 = judged(
      "topTools(m 1) with scores [3, 1], the first tool's text fourteen words, the second's two",
      v,
      s,
      (P) => namesRanked(P, tools, [3, 1], 1).value,
      (p) => JSON.stringify(p.value) === '["tally"]',
      (p) => JSON.stringify(p.value) === '["word_count"]',
    );
    const bm = lib.bm25Scorer();
    const real = [
      { name: "word_count", description: "Count the words in a text: words, lines and the words per line of a text." },
      { name: "count", description: "Count." },
    ];
    const [bv, bs] = [v, s].map((P) => P.topTools("count the words in a text", real, bm, 1).map((t) => t.name));
    return {
      ok: pure13.ok,
      shows: `${pure13.shows}; with BM25 for "count the words in a text": variant offers ${JSON.stringify(bv)}, solved ${JSON.stringify(bs)}`,
    };
  },
  // ---------- fair ----------
  "answer-for-kind-then-act": async ({ v, s }) => {
    const pure13 = agreeOn("answerFor(5, ...)", v, s, (P, m) => P.answerFor(5, m), ANSWER_INPUTS);
    const live = await sameSessions(v, s, [teaching("normal"), teaching("wrong-id"), teaching("stale")], {});
    return { ok: pure13.ok && live.ok, shows: `${pure13.shows}; ${live.shows}` };
  },
  "encode-frame-problem-recorded": async ({ v, s }) => {
    const inputs = [...ENCODE_INPUTS(), { reading: new Reading() }, { steps: [() => 1] }, { n: 5n }];
    const at = agreeOn("encodeFrame (default limit)", v, s, (P, m) => P.encodeFrame(m).toString("base64"), inputs);
    const small = agreeOn("encodeFrame (limit 40)", v, s, (P, m) => P.encodeFrame(m, 40).toString("base64"), inputs);
    const live = await sameSessions(v, s, [teaching("normal")], {});
    return { ok: at.ok && small.ok && live.ok, shows: `${at.shows}; ${small.shows}; ${live.shows}` };
  },
  "frame-reader-growing-store": async ({ v, s }) => readerProof(v, s),
  "parse-frame-stage-list": async ({ v, s }) => {
    const pure13 = agreeOn("parseFrame", v, s, (P, frame) => P.parseFrame(frame), PARSE_INPUTS);
    const live = await sameSessions(v, s, [teaching("normal"), teaching("stdout-log"), fixture("bad-utf8")], {});
    return { ok: pure13.ok && live.ok, shows: `${pure13.shows}; ${live.shows}` };
  },
  "check-initialize-two-assertions": async ({ v, s }) => {
    const inputs = [...INIT_INPUTS, INIT({ capabilities: { tools: {}, hasOwnProperty: 1 } })];
    return agreeOn("checkInitialize", v, s, (P, result) => P.checkInitialize(result), inputs);
  },
  "check-tools-reduce-names": async ({ v, s }) => {
    const inputs = [
      ...TOOLS_INPUTS,
      { tools: [{ title: "T", inputSchema: { type: "object" } }] },
      { tools: [{ name: "a", inputSchema: '{"type":"object"}' }] },
    ];
    const pure13 = agreeOn("checkTools", v, s, (P, result) => P.checkTools(result), inputs);
    const live = await checkToolsProof(v, s);
    return { ok: pure13.ok && live.ok, shows: `${pure13.shows}; ${live.shows}` };
  },
  "result-text-index-while": async ({ v, s }) => {
    const inputs = [
      ...TEXT_INPUTS,
      {
        content: [
          { type: "Text", text: "a" },
          { type: "text", text: "b" },
        ],
      },
      {
        content: [
          { type: "text", text: "4" },
          { type: "text", text: "4", annotations: { audience: ["user"] } },
        ],
      },
    ];
    return agreeOn("resultText", v, s, (P, result) => P.resultText(result), inputs);
  },
  "request-async-generator": async ({ v, s }) => {
    const live = await sameSessions(
      v,
      s,
      [
        ...["normal", "notify", "chatty", "ping", "sampling", "wrong-id", "stale", "stdout-log"].map((mode) =>
          teaching(mode),
        ),
        teaching("normal", "--notifications", "16"),
        teaching("normal", "--notifications", "17"),
      ],
      {},
    );
    const deadline = await deadlineProof(v);
    const [, , fv, fs] = await bothRecorded(v, s, "ask-roots");
    const code = (file) => answerToServer(file)?.error?.code;
    return {
      ok: live.ok && deadline.ok && code(fv) === -32601 && code(fs) === -32601,
      shows: `${live.shows}; ${deadline.shows}; roots/list answered with ${code(fv)}`,
    };
  },
  "connect-step-list": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal");
    const handshake = JSON.stringify(methodsReceived(fv)) === JSON.stringify(methodsReceived(fs));
    const sessions = await sameSessions(
      v,
      s,
      [
        teaching("normal"),
        teaching("old-version"),
        teaching("many-tools"),
        teaching("paged"),
        fixture("no-tools"),
        fixture("no-tools-capability"),
        fixture("init-hang"),
        fixture("list-hang"),
      ],
      { timeoutMs: 1000 },
    );
    const [bad, edge] = await Promise.all([
      session(v, teaching("normal"), { timeoutMs: 60_001 }),
      session(v, teaching("normal"), { timeoutMs: 60_000 }),
    ]);
    return {
      ok: handshake && sessions.ok && /timeout/.test(bad.connectError ?? "") && call(edge).text === "3",
      shows: `the messages received the same as the solved one's: ${handshake}; ${sessions.shows}; a timeout of 60001 ms: ${bad.connectError}; of 60000 ms: ${JSON.stringify(call(edge).text)}`,
    };
  },
  "close-state-machine": async ({ v }) => closeProof(v),
  "top-tools-binary-heap": async ({ v, s }) => topToolsProof(v, s, 13, 3),
};
Object.assign(proofs, round13);
// ---------- round 14 ----------
const round14 = {
  // ---------- wrong ----------
  "request-message-method-trimmed": async ({ v, s }) =>
    judged(
      'requestMessage(1, " tools/list")',
      v,
      s,
      (P) => P.requestMessage(1, " tools/list").method,
      (p) => p.value === "tools/list",
      (p) => p.value === " tools/list",
    ),
  "notification-message-method-prefixed": async ({ v, s }) =>
    judged(
      'notificationMessage("$/cancelRequest")',
      v,
      s,
      (P) => P.notificationMessage("$/cancelRequest").method,
      (p) => p.value === "notifications/$/cancelRequest",
      (p) => p.value === "$/cancelRequest",
    ),
  "request-message-params-omitted-when-undefined-members": async ({ v, s }) =>
    judged(
      'requestMessage(2, "tools/list", { cursor: undefined }) as JSON',
      v,
      s,
      (P) => JSON.stringify(P.requestMessage(2, "tools/list", { cursor: undefined })),
      (p) => p.value === '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
      (p) => p.value === '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}',
    ),
  "answer-for-error-code-negative-only": async ({ v, s }) =>
    judged(
      "answerFor(5, an error { code: 1, message: 'out of stock' })",
      v,
      s,
      (P) => P.answerFor(5, REPLY(5, { error: { code: 1, message: "out of stock" } })),
      (p) => /ProtocolError/.test(p.error ?? ""),
      (p) => /ServerError/.test(p.error ?? ""),
    ),
  "answer-for-error-data-required": async ({ v, s }) =>
    judged(
      "answerFor(5, an error { code: -32601, message: 'method not found' })",
      v,
      s,
      (P) => P.answerFor(5, REPLY(5, { error: { code: -32601, message: "method not found" } })),
      (p) => /ProtocolError/.test(p.error ?? ""),
      (p) => /ServerError/.test(p.error ?? ""),
    ),
  "answer-for-error-message-stringified": async ({ v, s }) =>
    judged(
      "answerFor(5, an error { code: 1, message: 5 })",
      v,
      s,
      (P) => P.answerFor(5, REPLY(5, { error: { code: 1, message: 5 } })),
      (p) => /ServerError/.test(p.error ?? ""),
      (p) => /ProtocolError\(bad-response\)/.test(p.error ?? ""),
    ),
  "encode-frame-refuses-undefined-members": async ({ v, s }) =>
    judged(
      "encodeFrame of tools/list with params { cursor: undefined }",
      v,
      s,
      (P) => P.encodeFrame({ jsonrpc: "2.0", id: 2, method: "tools/list", params: { cursor: undefined } }).toString(),
      (p) => /UsageError/.test(p.error ?? ""),
      (p) => p.value === '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}\n',
    ),
  "encode-frame-infinity-as-text": async ({ v, s }) =>
    judged(
      "encodeFrame with arguments { n: Infinity }",
      v,
      s,
      (P) => P.encodeFrame(s.requestMessage(1, "tools/call", { name: "t", arguments: { n: Infinity } })).toString(),
      (p) => /"n":"Infinity"/.test(p.value ?? ""),
      (p) => /UsageError/.test(p.error ?? ""),
    ),
  "frame-reader-cuts-long-lines": async ({ v, s }) =>
    judged(
      "FrameReader(64) fed 100 x's and a newline",
      v,
      s,
      (P) => new P.FrameReader(64).feed(Buffer.from(`${"x".repeat(100)}\n`)).map((f) => f.length),
      (p) => Array.isArray(p.value) && p.value.length > 1,
      (p) => /frame-limit/.test(p.error ?? ""),
    ),
  "frame-reader-limit-capped-at-default": async ({ v, s }) =>
    judged(
      "FrameReader(1 MiB) fed a 100 000-byte line",
      v,
      s,
      (P) => new P.FrameReader(1 << 20).feed(Buffer.from(`${"x".repeat(100_000)}\n`)).map((f) => f.length),
      (p) => /frame-limit/.test(p.error ?? ""),
      (p) => JSON.stringify(p.value) === "[100000]",
    ),
  "parse-frame-numeric-string-ids": async ({ v, s }) => {
    const frame = '{"jsonrpc":"2.0","id":"1","result":{}}';
    const [pv, ps] = [v, s].map((P) => pure(() => P.answerFor(1, P.parseFrame(frame))));
    const [rv, rs] = await together(v, s, fixture("string-id"));
    return {
      ok:
        pv.value !== undefined &&
        /wrong-id/.test(ps.error ?? "") &&
        call(rv).text === "3" &&
        call(rs).error !== undefined,
      shows: `answerFor(1, parseFrame(${frame})): variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}; fixture string-id: variant call ${JSON.stringify(call(rv))}, solved ${JSON.stringify(call(rs).error)}`,
    };
  },
  "parse-frame-depth-guard": async ({ v, s }) => {
    const frame = JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tree: nested(9) } });
    return judged(
      "parseFrame of a reply whose result nests ten levels",
      v,
      s,
      (P) => P.parseFrame(frame).id,
      (p) => /malformed-frame/.test(p.error ?? ""),
      (p) => p.value === 1,
    );
  },
  "parse-frame-unwraps-quoted-json": async ({ v, s }) =>
    judged(
      "parseFrame of a quoted JSON-RPC object",
      v,
      s,
      (P) => P.parseFrame(JSON.stringify('{"jsonrpc":"2.0","id":1,"result":{}}')).id,
      (p) => p.value === 1,
      (p) => /not-json-rpc/.test(p.error ?? ""),
    ),
  "check-initialize-empty-tools-refused": async ({ v, s }) => {
    const pureResult = judged(
      "checkInitialize with capabilities { tools: {} }",
      v,
      s,
      (P) => P.checkInitialize(INIT()).protocolVersion,
      (p) => /capabilities/.test(p.error ?? ""),
      (p) => p.value === lib.PROTOCOL_VERSION,
    );
    const [rv, rs] = await together(v, s, fixture("normal"));
    return {
      ok: pureResult.ok && rv.connectError !== undefined && call(rs).text === "3",
      shows: `${pureResult.shows}; fixture normal (tools: {}): variant ${rv.connectError}, solved ${JSON.stringify(call(rs).text)}`,
    };
  },
  "check-tools-output-schema-required": async ({ v, s }) =>
    judged(
      "checkTools of two tools with input schemas and no output schema",
      v,
      s,
      (P) => P.checkTools(catalogOf({ name: "a" }, { name: "b" })).length,
      (p) => /catalog/.test(p.error ?? ""),
      (p) => p.value === 2,
    ),
  "result-text-error-as-prefixed-text": async ({ v, s }) => {
    const pureResult = judged(
      'resultText of "no such flavor" with isError: true',
      v,
      s,
      (P) => P.resultText({ content: [{ type: "text", text: "no such flavor" }], isError: true }),
      (p) => p.value === "Error: no such flavor",
      (p) => /ToolError/.test(p.error ?? ""),
    );
    const [rv, rs] = await together(v, s, fixture("iserror"));
    return {
      ok: pureResult.ok && typeof call(rv).text === "string" && /ToolError/.test(call(rs).error ?? ""),
      shows: `${pureResult.shows}; fixture iserror: variant returns ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "request-ids-per-method": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "normal");
    const ids = (file) =>
      received(file)
        .filter((m) => m && "method" in m && "id" in m)
        .map((m) => m.id);
    const [iv, is] = [ids(fv), ids(fs)];
    return {
      ok: iv.length === 3 && new Set(iv).size < iv.length && new Set(is).size === is.length && is.length === 3,
      shows: `ids of initialize, tools/list, tools/call on the wire: variant ${JSON.stringify(iv)} (call ${JSON.stringify(call(rv))}), solved ${JSON.stringify(is)} (call ${JSON.stringify(call(rs))})`,
    };
  },
  "request-answer-carries-method": async ({ v, s }) => {
    const [rv, rs, fv, fs] = await bothRecorded(v, s, "ask-roots");
    const answerOf = (file) =>
      received(file).find((m) => m && typeof m === "object" && ("error" in m || "result" in m));
    const [av, as] = [answerOf(fv), answerOf(fs)];
    return {
      ok:
        av !== undefined &&
        "method" in av &&
        as !== undefined &&
        !("method" in as) &&
        call(rv).error !== undefined &&
        call(rs).text === "3",
      shows: `fixture ask-roots: the variant answers ${JSON.stringify(av)} (a method and an id: a request, which the server answers as one, so the client meets a reply to no request of its own and the call ends ${call(rv).error}), solved answers ${JSON.stringify(as)} and the call gives ${JSON.stringify(call(rs).text)}`,
    };
  },
  "connect-snake-case-params": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal", { calls: [] });
    const [pv, ps] = [initializeParams(fv), initializeParams(fs)];
    return {
      ok: pv !== undefined && !("protocolVersion" in pv) && ps?.protocolVersion === lib.PROTOCOL_VERSION,
      shows: `initialize params received: variant ${JSON.stringify(pv)}, solved ${JSON.stringify(ps)}`,
    };
  },
  "connect-catalog-bounded-by-allowlist": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("normal"));
    return {
      ok: /catalog/.test(rv.connectError ?? "") && call(rs).text === "3",
      shows: `teaching normal (two tools), allowlist [word_count]: variant ${rv.connectError}: ${rv.connectMessage}; solved lists ${JSON.stringify(rs.tools)} and calls ${JSON.stringify(call(rs).text)}`,
    };
  },
  "call-tool-empty-arguments-as-null": async ({ v, s }) => {
    const [, , fv, fs] = await bothRecorded(v, s, "normal", { calls: [["word_count", {}]] });
    const [av, as] = [sentArguments(fv), sentArguments(fs)];
    return {
      ok: av === null && JSON.stringify(as) === "{}",
      shows: `word_count called with {}: the server received arguments ${JSON.stringify(av)} from the variant, ${JSON.stringify(as)} from the solved`,
    };
  },
  "call-tool-name-lowercased": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("normal"), {
      allowed: ["Word_Count"],
      calls: [["Word_Count", { text: "one two three" }]],
    });
    return {
      ok: call(rv).text === "3" && /not-advertised/.test(call(rs).error ?? ""),
      shows: `allowlist [Word_Count], a call to Word_Count (the server advertises word_count): variant ${JSON.stringify(call(rv))}, solved ${call(rs).error}`,
    };
  },
  "top-tools-name-match-bonus": async ({ v, s }) => {
    const tools = [TOOL("word_count"), TOOL("tally")];
    const rank = (P) => P.topTools("word_count the words", tools, scoresOf([0.2, 0.9]), 1).map((t) => t.name);
    return judged(
      'topTools("word_count the words", m 1) with scores [0.2, 0.9]',
      v,
      s,
      rank,
      (p) => JSON.stringify(p.value) === '["word_count"]',
      (p) => JSON.stringify(p.value) === '["tally"]',
    );
  },
  "top-tools-drops-below-mean": async ({ v, s }) => {
    const tools = [TOOL("a"), TOOL("b"), TOOL("c")];
    return judged(
      "topTools with scores [3, 1, 1], m 3",
      v,
      s,
      (P) => namesRanked(P, tools, [3, 1, 1], 3).value,
      (p) => JSON.stringify(p.value) === '["a"]',
      (p) => JSON.stringify(p.value) === '["a","b","c"]',
    );
  },
  "close-sigquit-first": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("eof-deaf"));
    return {
      ok: rv.status === "SIGQUIT" && rs.status === "SIGTERM",
      shows: `eof-deaf (SIGTERM ends it by its default action): variant close ${JSON.stringify(rv.status)}, solved ${JSON.stringify(rs.status)}`,
    };
  },
  "close-term-right-after-eof": async ({ v, s }) => {
    const [rv, rs] = await together(v, s, teaching("normal"));
    return {
      ok: rv.status === "SIGTERM" && rs.status === 0,
      shows: `teaching normal (leaves on end of input): variant close ${JSON.stringify(rv.status)} after ${rv.closeMs} ms, solved ${JSON.stringify(rs.status)}`,
    };
  },
  // ---------- fair ----------
  // ---------- fair: once held wrong, moved here ----------
  "check-initialize-tools-array-accepted": async ({ v }) => {
    // Fair: the chapter's check_initialize refuses only when "tools" is not a key of capabilities
    // (lines 348–350); mirrored here, the variant's verdict is the chapter's on each input.
    const chapter = (result) =>
      typeof result.capabilities === "object" && result.capabilities !== null && "tools" in result.capabilities;
    const inputs = [
      INIT({ capabilities: { tools: [] } }),
      INIT({ capabilities: { tools: {} } }),
      INIT({ capabilities: { tools: {}, logging: {} } }),
      INIT({ capabilities: {} }),
      INIT({ capabilities: { logging: {} } }),
    ];
    const seen = inputs.map((result) => pure(() => v.checkInitialize(result)));
    const asChapter = seen.every((p, i) => (p.error === undefined) === chapter(inputs[i]));
    const refusedWithout = seen.slice(3).every((p) => /ProtocolError\(capabilities\)/.test(p.error ?? ""));
    return {
      ok: asChapter && refusedWithout,
      shows: `checkInitialize on tools [], {}, {} beside logging, none, logging only: variant ${seen.map((p) => (p.error ? p.error : "accepted")).join(", ")}; the chapter's "tools" in capabilities: ${inputs.map((r) => (chapter(r) ? "accepted" : "refused")).join(", ")}`,
    };
  },
  "check-tools-cursor-truthy": async ({ v }) => {
    // Fair: the chapter's check_tools refuses a catalog whose nextCursor is true by Python's truth
    // (line 357); for these cursors Python's truth and JavaScript's agree, so the mirror is Boolean.
    const cursors = ["", null, 0, false, "page-2", 2];
    const seen = cursors.map((nextCursor) =>
      pure(() => v.checkTools({ ...catalogOf({ name: "a" }), nextCursor }).length),
    );
    const asChapter = seen.every((p, i) =>
      Boolean(cursors[i]) ? /ProtocolError\(catalog\)/.test(p.error ?? "") : p.value === 1,
    );
    return {
      ok: asChapter,
      shows: `checkTools of one tool with nextCursor ${cursors.map((c) => JSON.stringify(c)).join(", ")}: variant ${seen.map((p) => JSON.stringify(p)).join(", ")}; the chapter's if result.get("nextCursor") refuses only "page-2" and 2`,
    };
  },
  "result-text-concatenated": async ({ v, s }) => {
    // Fair: the separator is the learner's, the empty one too (free choice textSeparator); what is
    // judged is the items, in order, a single item as it came, and a failure raised.
    const items = (...texts) => ({ content: texts.map((text) => ({ type: "text", text })) });
    const [pv, ps] = [v, s].map((P) => pure(() => P.resultText(items("4", "5", "6"))));
    const one = pure(() => v.resultText(items(" a\n")));
    const failed = pure(() => v.resultText({ ...items("out of stock"), isError: true }));
    return {
      ok:
        pv.value === "456" &&
        ps.value === "4\n5\n6" &&
        one.value === " a\n" &&
        failed.error?.startsWith("ToolError") === true,
      shows: `items 4, 5, 6: variant ${JSON.stringify(pv)} (the empty separator, in order), solved ${JSON.stringify(ps)}; one item " a\\n": ${JSON.stringify(one)}; isError: ${JSON.stringify(failed)}`,
    };
  },
  "result-text-iserror-truthy": async ({ v }) => {
    // Fair: MCP 2025-06-18 types isError as an optional boolean; on true, false and none the variant
    // does what the chapter asks, and a non-boolean isError (malformed) is the client's to judge.
    const result = (extra) => ({ content: [{ type: "text", text: "4" }], ...extra });
    const [yes, no, none] = [{ isError: true }, { isError: false }, {}].map((extra) =>
      pure(() => v.resultText(result(extra))),
    );
    const malformed = ["false", 1].map((isError) => pure(() => v.resultText(result({ isError }))));
    return {
      ok:
        yes.error?.startsWith("ToolError") === true &&
        no.value === "4" &&
        none.value === "4" &&
        malformed.every((p) => p.error?.startsWith("ToolError") === true),
      shows: `resultText of "4" with isError true: ${JSON.stringify(yes)}, false: ${JSON.stringify(no)}, absent: ${JSON.stringify(none)}; malformed "false" and 1 (not booleans, MCP 2025-06-18): ${malformed.map((p) => JSON.stringify(p)).join(", ")}, raised, the client's choice`,
    };
  },
  "answer-for-check-table": async ({ v, s }) => {
    const pure14 = agreeOn("answerFor(5, ...)", v, s, (P, m) => P.answerFor(5, m), ANSWER_INPUTS);
    const live = await sameSessions(v, s, [teaching("normal"), teaching("wrong-id")], {});
    return { ok: pure14.ok && live.ok, shows: `${pure14.shows}; ${live.shows}` };
  },
  "encode-frame-typeof-table": async ({ v, s }) => {
    const inputs = [...ENCODE_INPUTS(), { n: 5n }, { a: [() => 1] }, { x: Symbol("s") }, { d: new Date(0) }];
    const at = agreeOn("encodeFrame (default limit)", v, s, (P, m) => P.encodeFrame(m).toString("base64"), inputs);
    const small = agreeOn("encodeFrame (limit 40)", v, s, (P, m) => P.encodeFrame(m, 40).toString("base64"), inputs);
    const { same, of } = encodeLikeSolved(v, s);
    return {
      ok: at.ok && small.ok && same === of,
      shows: `${at.shows}; ${small.shows}; encodeLikeSolved ${same} of ${of}`,
    };
  },
  "frame-reader-private-fields": async ({ v, s }) => readerProof(v, s),
  "parse-frame-iife-stages": async ({ v, s }) => {
    const pure14 = agreeOn("parseFrame", v, s, (P, frame) => P.parseFrame(frame), PARSE_INPUTS);
    const live = await sameSessions(v, s, [teaching("normal"), teaching("stdout-log"), fixture("bad-utf8")], {});
    return { ok: pure14.ok && live.ok, shows: `${pure14.shows}; ${live.shows}` };
  },
  "check-initialize-kind-helper": async ({ v, s }) => {
    const inputs = [
      ...INIT_INPUTS,
      INIT({ capabilities: { tools: {}, hasOwnProperty: 1 } }),
      INIT({ capabilities: [] }),
    ];
    return agreeOn("checkInitialize", v, s, (P, result) => P.checkInitialize(result), inputs);
  },
  "check-tools-problem-generator": async ({ v, s }) => {
    const pure14 = agreeOn("checkTools", v, s, (P, result) => P.checkTools(result), TOOLS_INPUTS);
    const limit = agreeOn("checkTools(limit 1)", v, s, (P, result) => P.checkTools(result, 1), TOOLS_INPUTS);
    const live = await checkToolsProof(v, s);
    return { ok: pure14.ok && limit.ok && live.ok, shows: `${pure14.shows}; ${limit.shows}; ${live.shows}` };
  },
  "result-text-recursive": async ({ v, s }) => {
    const inputs = [
      ...TEXT_INPUTS,
      {
        content: [
          { type: "text", text: "4" },
          { type: "text", text: "5" },
        ],
      },
      { content: [{ type: "text", text: "4" }], isError: "false" },
    ];
    return agreeOn("resultText", v, s, (P, result) => P.resultText(result), inputs);
  },
  "call-tool-switch-false": async ({ v, s }) => {
    const proof = await callToolProof(v);
    const sessions = await sameSessions(v, s, [teaching("normal")], {
      allowed: ["word_count", "ghost"],
      calls: [
        ["word_count", { text: "a b c" }],
        ["place_purchase", {}],
        ["ghost", {}],
      ],
    });
    return { ok: proof.ok && sessions.ok, shows: `${proof.shows}; ${sessions.shows}` };
  },
  "top-tools-grouped-by-score": async ({ v, s }) => topToolsProof(v, s, 14, 2),
  "close-until-helper": async ({ v }) => closeProof(v),
};
Object.assign(proofs, round14);

const cases = new Map([
  ...wrong.map((c) => [c.name, { ...c, kind: "wrong" }]),
  ...fair.map((c) => [c.name, { ...c, kind: "fair" }]),
]);
const args = process.argv.slice(2);
const names = args.includes("--all") ? [...cases.keys()] : args.filter((arg) => !arg.startsWith("--"));
const trackedOutcomes = join(here, "proof-outcomes.json");
const outcomesFile = args.includes("--write") ? trackedOutcomes : join(tmpdir(), "red-team-proof-outcomes.json");
const outcomes = existsSync(trackedOutcomes) ? JSON.parse(readFileSync(trackedOutcomes, "utf8")) : {};
let failed = 0;
for (const name of names) {
  const c = cases.get(name);
  if (!c || !proofs[name]) throw new Error(`no case or proof named ${name}`);
  let outcome;
  try {
    const v = piecesOf(variantNotebook(c, solvedNotebook()));
    outcome = await proofs[name]({ v, s: SOLVED });
  } catch (error) {
    outcome = { ok: false, shows: `the proof itself failed: ${error?.stack ?? error}` };
  }
  outcomes[name] = { kind: c.kind, ...outcome };
  if (!outcome.ok) failed += 1;
  console.log(`${outcome.ok ? "PROVEN    " : "NOT PROVEN"} ${c.kind.padEnd(5)} ${name}: ${outcome.shows}`);
}
writeFileSync(outcomesFile, `${JSON.stringify(Object.fromEntries(Object.entries(outcomes).sort()), null, 2)}\n`);
console.log(`outcomes in ${outcomesFile}`);
process.exit(failed > 0 ? 1 : 0);
