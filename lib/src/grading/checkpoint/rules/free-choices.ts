// The choices the chapter leaves to the learner, each worded once: the rules list the ones they
// must accept (Rule.freeChoices), and each fair implementation (checkpoints/fair-implementations)
// names in its header, word for word, the ones it makes, so a test can hold that every choice a
// rule accepts is made by some correct implementation the suite grades.
export const FREE_CHOICES = {
  idsFromZero: "ids start at 0",
  stringIds: "ids are strings",
  idSteps: "ids go up in steps larger than one",
  failClosed: "after a call runs out of time, the session refuses every later request (fail-closed)",
  goesOn: "after a call runs out of time, the session goes on",
  closedError: "which typed error refuses a request once the session is closed",
  wording: "the wording of every error message",
  keyOrder: "the keys of a message in another order",
  toJsonRefused: "an object with a toJSON refused rather than written as what its toJSON returns",
  answerForRefusesRequests: "answerFor refuses a request from the server (the read loop answers it first)",
  noAnswerUndefined: "answerFor gives undefined rather than null for a message that answers no request",
  chapterReader:
    "the chapter's frame reader: one buffer, and a read that holds an overlong line loses the frames before it",
  readerRefusesAgain: "after refusing a line, the reader refuses again on the bytes that follow",
  readerStartsAfresh: "after refusing a line, the reader starts afresh at the next newline",
  // RFC 8259 section 8.1 leaves a parser free to ignore a leading byte-order mark rather than call
  // it an error; the chapter's json.loads on bytes ignores one (lines 300–307), and says no more.
  byteOrderMark:
    "a frame's leading UTF-8 byte-order mark ignored, as json.loads on bytes does, or the frame refused as malformed",
  nonFiniteLiterals:
    "the literals NaN, Infinity and -Infinity in a frame read as numbers, as the chapter's json.loads reads them, or the frame refused as malformed",
  clientInfo: "clientInfo's name and version",
  initializeReturns: "initialize() returns only the capabilities, not the whole result",
  checkInitializeReturns: "checkInitialize returns only the capabilities, as the chapter's does, not the whole result",
  checkToolsCopies: "checkTools hands back copies of the tools rather than the objects it was given",
  connectLists: "initialize() also lists the tools, and listTools() hands back the catalog it holds",
  checkOrder: "the allowlist and the catalog checked in either order, both before writing",
  allowlistArray: "the allowlist kept as an array rather than a set",
  catalogObject: "the catalog kept in a plain object rather than a map",
  allowlistMap: "the allowlist kept in a map rather than a set",
  allowlistOwnKeys: "the allowlist kept as a plain object's own keys rather than a set",
  topToolsSortsCopy: "topTools sorts a copy of the catalog rather than a list of its positions",
  argumentsRefused: "arguments that are not an object refused before sending",
  // MCP 2025-06-18's CallToolRequest (modelcontextprotocol/modelcontextprotocol,
  // schema/2025-06-18/schema.ts) types its params as { name: string; arguments?: {...} }: arguments
  // is optional, and a server reads none as no arguments. The chapter always sends them (line 492).
  emptyArgumentsOmitted:
    "tools/call sends the tool's name alone when the arguments are empty ({}), as MCP 2025-06-18 makes arguments optional",
  serverRequestsNotCounted: "a request from the server does not count among the sixteen skipped messages",
  stderrDrained: "the server's stderr read and thrown away rather than ignored",
  timeoutAtConnect: "an unbounded timeout refused when the client connects rather than when it is made",
  longerGrace: "a grace before signalling longer than the chapter's 1 s",
  shorterGrace: "a grace before signalling shorter than the chapter's 1 s (100 ms or more)",
  longerPause: "a longer pause between SIGTERM and SIGKILL",
  noPause: "no pause between SIGTERM and SIGKILL",
  signalAsNumber: "close() reports a signal as a negative number, as the chapter's does",
  toolsCapabilityAnyValue:
    'a tools capability of any value taken as offered, as the chapter\'s `"tools" in capabilities` does',
  falsyCursorNoPage:
    "an empty, zero, false or null nextCursor read as no further page, as the chapter's truth test does",
  waitsForLeader: "close() waits for the server alone, not for the rest of its group, as the chapter's does",
  textSeparator:
    "the separator between a result's text items (any string, the empty one too), as the chapter never shows result_text",
  jsonEscapes:
    "a frame's JSON escaped another faithful way (every non-ASCII character as a \\u escape, as the chapter's json.dumps does, or a slash escaped), its limit counted on the bytes it writes",
} as const;
