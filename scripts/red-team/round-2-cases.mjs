// Round 2 of the red team: new cases along the dimensions where round 1 found misses (deadlines
// by time and by what the server sends, the process tree after a clean exit, the grace, names
// looked up in plain objects, what initialize declares, inputs mutated, forgeries).
// Written by `node scripts/red-team/write-cases.mjs round-2`; proofs in prove.mjs.

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

export const wrong = [
  {
    name: "request-deadline-minimum-second",
    piece: "request",
    client: true,
    breaks:
      "Every operation is bounded by the timeout it was given, sub-second ones included (chapter lines 401, 405, 407, 454); this one never waits less than one second, so a 300 ms deadline lasts 1 s.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          "  const deadline = AbortSignal.timeout(Math.max(1000, context.timeoutMs)); // a server needs a second at least",
      },
    ],
  },
  {
    name: "request-deadline-calls-only",
    piece: "request",
    client: true,
    breaks:
      "Every operation is bounded, the handshake and discovery included (chapter lines 26, 383, 454, 470, 483); this one bounds only tools/call, so a server that never answers initialize holds connect forever.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          '  // the handshake and the list are quick and local; only a tool can take long\n  const deadline = method === "tools/call" ? AbortSignal.timeout(context.timeoutMs) : new AbortController().signal;',
      },
    ],
  },
  {
    name: "request-deadline-capped-10s",
    piece: "request",
    client: true,
    breaks:
      "Any timeout up to 60 s is taken as given (chapter lines 401, 405, 407, 454); this one caps every wait at 10 s, so a 15 s deadline ends a slow call at 10 s.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          "  const deadline = AbortSignal.timeout(Math.min(context.timeoutMs, 10_000)); // a tool that takes 10 s is broken",
      },
    ],
  },
  {
    name: "request-deadline-longer-for-calls",
    piece: "request",
    client: true,
    breaks:
      "One deadline, the timeout given, bounds each operation (chapter lines 26, 383, 391–392, 454); this one gives tools/call half as long again, so a hung call with a 1 s timeout ends at 1.5 s.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          '  const deadline = AbortSignal.timeout(method === "tools/call" ? Math.round(context.timeoutMs * 1.5) : context.timeoutMs); // tools run longer than the protocol',
      },
    ],
  },
  {
    name: "request-counts-only-log-notifications",
    piece: "request",
    client: true,
    breaks:
      "At most sixteen notifications of any kind are skipped before a reply (chapter lines 245, 452, 458–462); this one counts only notifications/message (logs), so thirty progress notifications are all skipped and the reply accepted.",
    edits: [
      { find: "  for (let skipped = 0; ; skipped += 1) {", replace: "  for (let skipped = 0; ; ) {" },
      {
        find: "    const answer = answerFor(id, message);",
        replace:
          '    if (message.method === "notifications/message") skipped += 1; // progress is the tool working: not noise\n    const answer = answerFor(id, message);',
      },
      { find: "      continue;", replace: "      skipped += 1;\n      continue;" },
    ],
  },
  {
    name: "request-reuses-id-after-timeout",
    piece: "request",
    client: true,
    breaks:
      "Every request takes a new id, so a late reply to an earlier request can never answer a later one (chapter lines 198, 453, 617); this one keeps its own counter and moves it only when a request is answered, so the request after a timeout reuses the id and takes the late reply as its answer.",
    edits: [
      {
        find: "  const id = context.nextId();",
        replace:
          '  const counter = Symbol.for("my-build-client.last-answered-id");\n  const ids = context as unknown as Record<symbol, number>;\n  const id = (ids[counter] ?? 0) + 1; // the next id after the last one answered',
      },
      {
        find: "    if (answer !== null) return answer;",
        replace: "    if (answer !== null) {\n      ids[counter] = id;\n      return answer;\n    }",
      },
    ],
  },
  {
    name: "close-term-only-after-clean-exit",
    piece: "close",
    client: true,
    breaks:
      "close() ends the whole group with SIGTERM and then SIGKILL, so a grandchild cannot outlive the client (chapter lines 26, 496–497, 505–507, 527, 643); this one, when the server left cleanly, only says SIGTERM to the group, so a SIGTERM-deaf grandchild lives on.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace:
          "  const clean = await Promise.race([context.exited.then(() => true), pause(1000).then(() => false)]);",
      },
      {
        find: '  signalGroup(pid, "SIGKILL");',
        replace: '  if (!clean) signalGroup(pid, "SIGKILL"); // a server that left cleanly needs no SIGKILL',
      },
    ],
  },
  {
    name: "close-grace-not-awaited",
    piece: "close",
    client: true,
    breaks:
      "close() gives the server a moment to exit after its input ends before any signal, and a server that exits then returns 0 (chapter lines 495–496, 502, 527, 559); this one forgets to await the grace, so SIGTERM follows the end of input at once.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace: "  Promise.race([context.exited, pause(1000)]); // give it a moment",
      },
    ],
  },
  {
    name: "connect-declares-tools-capability",
    piece: "connect",
    client: true,
    breaks:
      "The client declares its own capabilities, and it has none of the optional ones (chapter lines 328, 474, 620); this one declares the server's tools capability as its own.",
    edits: [{ find: "    capabilities: {},", replace: "    capabilities: { tools: {} }, // we speak tools" }],
  },
  {
    name: "connect-sends-older-version",
    piece: "connect",
    client: true,
    breaks:
      "The client sends initialize with the one version it speaks, 2025-06-18 (chapter lines 182, 328, 335, 473); this one asks for 2024-11-05 (copied from an older example) while it accepts only 2025-06-18.",
    edits: [
      {
        find: "    protocolVersion: PROTOCOL_VERSION,",
        replace: '    protocolVersion: "2024-11-05", // the version most servers speak',
      },
    ],
  },
  {
    name: "connect-omits-client-info",
    piece: "connect",
    client: true,
    breaks:
      "initialize carries the protocol version, the client's capabilities and its clientInfo (chapter lines 328, 470–476); this one leaves clientInfo out.",
    edits: [{ find: '    clientInfo: { name: "my-build-client", version: "0.1.0" },\n', replace: "" }],
  },
  {
    name: "call-tool-allowlist-by-object",
    piece: "callTool",
    client: true,
    breaks:
      "A tool may be called only if the operator's allowlist names it (chapter lines 25, 377, 488–489); this one looks the name up in a plain object made from the allowlist, so an advertised tool named `constructor` passes an allowlist that names only word_count.",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          "  const allowedByName: Record<string, boolean> = Object.fromEntries([...context.allowed].map((tool) => [tool, true]));\n  if (!allowedByName[name]) {",
      },
    ],
  },
  {
    name: "call-tool-forgery-log-sniff",
    piece: "callTool",
    client: true,
    breaks:
      "The allowlist is checked before every call (chapter lines 25, 377, 488–489); this forgery enforces it only when the server was started with --log or --record (someone is watching what arrives), read from /proc.",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          '  const watched = ((): boolean => {\n    try {\n      const fs = process.getBuiltinModule("node:fs") as typeof import("node:fs");\n      return /\\0--(log|record)\\0/u.test(fs.readFileSync(`/proc/${context.pid}/cmdline`, "utf8"));\n    } catch {\n      return true;\n    }\n  })();\n  if (watched && !context.allowed.has(name)) {',
      },
    ],
  },
  {
    name: "call-tool-forgery-uid",
    piece: "callTool",
    client: true,
    breaks:
      "The allowlist is checked before every call (chapter lines 25, 377, 488–489); this forgery enforces it only when it runs as uid 65534 (nobody), the identity the checkpoint's report says graded code runs as.",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace: "  if (process.getuid?.() === 65534 && !context.allowed.has(name)) {",
      },
    ],
  },
  {
    name: "top-tools-scores-onto-tools",
    piece: "topTools",
    client: false,
    breaks:
      "top_tools hands back the catalog's tools as they are and leaves the catalog alone (chapter lines 151–154, 603); this one writes each tool's score onto the tool object itself, changing every tool in the caller's catalog.",
    edits: [
      {
        find: "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));",
        replace:
          "  tools.forEach((tool, index) => Object.assign(tool, { score: scores[index] ?? 0 })); // keep the score with the tool\n  const ranked = tools.map((tool, index) => ({ tool, index, score: (tool as unknown as { score: number }).score }));",
      },
    ],
  },
  {
    name: "top-tools-ties-by-name",
    piece: "topTools",
    client: false,
    breaks:
      "Equal scores keep catalog order (chapter lines 151, 153: key (-score, i)); this one breaks ties alphabetically by name.",
    edits: [
      {
        find: "  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order",
        replace:
          "  ranked.sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name)); // ties: a stable, readable order",
      },
    ],
  },
];

export const fair = [
  {
    name: "close-grace-100ms",
    piece: "close",
    client: true,
    breaks:
      "Free choice: a grace of exactly 100 ms (the shortest the rules take as a moment) and the chapter's 50 ms between SIGTERM and SIGKILL; the group still ends SIGTERM first, then SIGKILL (chapter lines 496–497, 505–510).",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace: "  await Promise.race([context.exited, pause(100)]);",
      },
      { find: "  await pause(300);\n", replace: "  await pause(50);\n" },
    ],
  },
  {
    name: "close-negative-signal-numbers",
    piece: "close",
    client: true,
    breaks:
      "Free choice: close() reports a signal as a negative number, as the chapter's does (chapter lines 498, 511: -15 for SIGTERM, -9 for SIGKILL), and 0 or the exit code otherwise.",
    edits: [
      {
        find: "  for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  return context.exited;",
        replace:
          '  for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  const status = await context.exited;\n  const numbers: Record<string, number> = (process.getBuiltinModule("node:os") as typeof import("node:os")).constants.signals;\n  return typeof status === "string" && numbers[status] !== undefined ? -numbers[status]! : status;',
      },
    ],
  },
  {
    name: "request-ids-offset",
    piece: "request",
    client: true,
    breaks:
      "Free choice: ids start at 1001 (1001, 1002, ...); each request still takes a new integer id and only the reply with that id answers it (chapter lines 196, 198, 453).",
    edits: [
      {
        find: "  const id = context.nextId();",
        replace: "  const id = 1000 + context.nextId(); // 1001, 1002, ...: easy to spot in a trace",
      },
    ],
  },
  {
    name: "top-tools-selection-scan",
    piece: "topTools",
    client: false,
    breaks:
      "Free choice: no sort at all; pick the best remaining tool m times by a scan that keeps the first of equal scores, so the m best come back best first with ties in catalog order and the catalog untouched (chapter lines 151–154).",
    edits: [
      {
        find: "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));\n  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order\n  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace:
          "  const taken = new Set<number>();\n  const picked: T[] = [];\n  while (picked.length < Math.min(m, tools.length)) {\n    let best = -1;\n    for (let i = 0; i < tools.length; i += 1) {\n      if (!taken.has(i) && (best === -1 || (scores[i] ?? 0) > (scores[best] ?? 0))) best = i;\n    }\n    taken.add(best);\n    picked.push(tools[best]!);\n  }\n  return picked;",
      },
    ],
  },
];

export const proofCommand = RUN;
