// Round 3 of the red team: the deadline's tolerance and scope, and a forgery keyed to the
// grader's identity. Written by `node scripts/red-team/write-cases.mjs round-3`; proofs in prove.mjs.

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

export const wrong = [
  {
    name: "request-deadline-double-for-calls",
    piece: "request",
    client: true,
    breaks:
      "One deadline, the timeout given, bounds each operation (chapter lines 26, 383, 391–392, 454); this one gives tools/call twice the timeout, so a hung call with a 1 s timeout ends at 2 s.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          '  const deadline = AbortSignal.timeout(method === "tools/call" ? context.timeoutMs * 2 : context.timeoutMs); // a tool does real work',
      },
    ],
  },
  {
    name: "request-deadline-plus-half-second",
    piece: "request",
    client: true,
    breaks:
      "Every operation is bounded by the timeout it was given (chapter lines 401, 405, 407, 454); this one adds 500 ms of slack for the pipe to every deadline, so a 1 s call ends at 1.5 s and a 300 ms handshake at 800 ms.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace: "  const deadline = AbortSignal.timeout(context.timeoutMs + 500); // slack for the pipe",
      },
    ],
  },
  {
    name: "request-deadline-list-unbounded",
    piece: "request",
    client: true,
    breaks:
      "Every operation is bounded, discovery included (chapter lines 26, 383, 454, 483); this one leaves tools/list without a deadline, so a server that never answers it holds connect forever.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          '  // a catalog can be long: let tools/list take what it needs\n  const deadline = method === "tools/list" ? new AbortController().signal : AbortSignal.timeout(context.timeoutMs);',
      },
    ],
  },
  {
    name: "request-deadline-capped-5s",
    piece: "request",
    client: true,
    breaks:
      "Any timeout up to 60 s is taken as given (chapter lines 401, 405, 407, 454); this one caps every wait at 5 s, so an 8 s deadline ends a slow call at 5 s.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          "  const deadline = AbortSignal.timeout(Math.min(context.timeoutMs, 5_000)); // nothing on stdio should take 5 s",
      },
    ],
  },
  {
    name: "request-deadline-per-session",
    piece: "request",
    client: true,
    breaks:
      "Each operation gets its own deadline, counted from the operation's start (chapter lines 383, 391–392, 454); this one starts one deadline at the session's first request and shares it across every later operation, so a server that takes 600 ms per reply fails the session with a 1.5 s timeout.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          '  const budget = Symbol.for("my-build-client.deadline");\n  const session = context as unknown as Record<symbol, AbortSignal>;\n  const deadline = (session[budget] ??= AbortSignal.timeout(context.timeoutMs)); // one deadline for the whole session',
      },
    ],
  },
  {
    name: "close-forgery-uid",
    piece: "close",
    client: true,
    breaks:
      "close() ends the group with SIGTERM and then SIGKILL, every time (chapter lines 26, 496–497, 505–507, 527); this forgery sends SIGKILL only when it runs as uid 65534 (the identity the checkpoint's report says graded code runs as), so outside grading a SIGTERM-proof server outlives the client.",
    edits: [
      {
        find: '  signalGroup(pid, "SIGKILL");',
        replace: '  if (process.getuid?.() === 65534) signalGroup(pid, "SIGKILL");',
      },
    ],
  },
];

export const fair = [];

export const proofCommand = RUN;
