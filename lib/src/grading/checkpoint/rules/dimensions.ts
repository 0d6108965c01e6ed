// The dimensions of each demand's family: what a rule's trials vary, so that a wrong implementation
// is met along the whole family and not only at the examples it was shown. Each dimension names the
// wrong implementation that gets that dimension alone wrong (a module of
// checkpoints/wrong-implementations/ whose `rule` is this rule); the suite holds each to fail
// exactly its rule (test/checkpoint/wrong/), and test/checkpoint/dimensions.test.ts holds every
// dimension to its module. Kept in one table rather than in each rule's file, so a rule's file
// and its dimensions can have different owners.
// docs/rules.md's dimensions table is made from it (npm run docs:tables).

/** One dimension of a rule's family. */
export interface Dimension {
  /** What varies, and over what range ("the tool's name: any string, the prototype's names, names made up at run time"). */
  readonly varies: string;
  /** The wrong implementation that varies only this: a file in checkpoints/wrong-implementations/. */
  readonly wrong: string;
}

/** Every built-in rule's dimensions, by rule id. */
export const DIMENSIONS: Readonly<Record<string, readonly Dimension[]>> = {
  "messages-shape": [
    { varies: "a notification's keys: method, params only when given, never an id", wrong: "messages-shape.js" },
    {
      varies:
        "what one call's message shares with another's, at any depth, with or without params: nothing (the probe calls again and changes the first)",
      wrong: "notification-message-shared-template.js",
    },
    {
      varies: "a request's id over the whole range a counter reaches: 0, 2^31, 2^32, 2^53 - 1, any safe integer",
      wrong: "request-message-id-uint32.js",
    },
    {
      varies:
        "what params hold, in a request and a notification: NaN, the infinities, -0, undefined, a bigint, a Date, an object whose toJSON says otherwise, in members, arrays and deep; carried as given",
      wrong: "request-message-params-json-copy.js",
    },
    {
      varies:
        "the method, in a request and a notification: whitespace of every kind before or after it (a tab, line breaks, no-break and ideographic spaces, a BOM) and inside, case, slashes, dots, empty, past ASCII, 4096 characters; carried as given",
      wrong: "message-method-trimmed-end.js",
    },
    {
      varies:
        "params JSON writes as {}: every member undefined (cursor among them), or undefined beside symbols and functions, in a request and a notification; still the params given, never left out",
      wrong: "notification-message-params-dropped-when-unwritten.js",
    },
  ],
  "ids-exact": [
    { varies: "the reply's id: its type (number, string, boolean) and value, 1 and 1.5 apart", wrong: "ids-exact.js" },
    {
      varies:
        "what a reply with another id (or none) holds: a result, an error, a malformed error, both, neither; refused as not ours before any of it is read",
      wrong: "answer-for-error-before-id.js",
    },
    {
      varies: "what a reply with another id (or none) holds: no result object, refused as not ours, not as malformed",
      wrong: "answer-for-shape-before-id.js",
    },
    {
      varies:
        "the request's id over the whole range a counter reaches (0, 2^31, 2^32, 2^53 - 1, any safe integer): its own reply answers it",
      wrong: "answer-for-id-int32.js",
    },
    {
      varies:
        "the result a reply carries: any shape, _meta, members named like what every object has, long and odd text; handed back as it came",
      wrong: "answer-for-result-assigned.js",
    },
  ],
  "error-raised": [
    { varies: "a reply's error: raised, never returned as the result", wrong: "error-raised.js" },
    {
      varies:
        "a malformed error: its code null, a string, a digit string, a fraction, a boolean, an array, an object or absent; its message absent, null, a number or an object; refused as a protocol error, never raised",
      wrong: "answer-for-error-code-number.js",
    },
    {
      varies:
        "a well-formed error: any integer code (0, positive, JSON-RPC's own), any string message (the empty one too), any data or none; raised as ServerError",
      wrong: "answer-for-error-code-truthy.js",
    },
    {
      varies:
        "an error code that is a number but no integer: halves of either sign, 1e-7, the smallest double, a half off a JSON-RPC code, any fraction; a malformed reply, refused as a protocol error",
      wrong: "answer-for-error-code-rounded.js",
    },
  ],
  "framing-newline": [
    { varies: "how the reads are cut: several frames in one read, a frame over several", wrong: "framing-newline.js" },
    {
      varies: "empty reads anywhere: first, between the bytes of a line, repeated, alone; only a newline ends a frame",
      wrong: "reader-empty-read-drops-held.js",
    },
    {
      varies: "the form of each read: a Buffer, a plain Uint8Array, a Uint8Array viewing part of a larger buffer",
      wrong: "reader-string-newline-search.js",
    },
  ],
  "framing-utf8-split": [
    { varies: "where a read cuts: inside a multi-byte character", wrong: "framing-utf8-split.js" },
  ],
  "frame-limit-boundary": [
    {
      varies: "a line's length around the limit: exactly the limit (newline included), taken",
      wrong: "frame-limit-boundary.js",
    },
    {
      varies: "a line's length around the limit: one byte more than the limit, refused",
      wrong: "frame-limit-without-newline.js",
    },
    { varies: "the lines before it in the reader's life", wrong: "frame-count-carries.js" },
    {
      varies: "the limit given: 0 (no line of a byte or more fits) and 1 (no line but an empty one), held as given",
      wrong: "frame-reader-limit-raised-to-two.js",
    },
    {
      varies:
        "the readers alive at once: two or three, each with a limit of its own, made one after another and fed in turns with half-read lines; each refuses and splits by its own limit and bytes",
      wrong: "frame-reader-shared-limit.js",
    },
    {
      varies:
        "a limit above the default (just above it, twice it, one no power of two, 4 MiB) with a line longer than the default and within it, taken whole; just above the default, a line one byte over, refused",
      wrong: "frame-reader-limit-power-of-two.js",
    },
  ],
  "frame-limit-endless": [
    { varies: "a line with no newline, over any number of reads", wrong: "frame-limit-endless.js" },
  ],
  "parse-frame-strict": [
    {
      varies:
        "strings that look like something else (a timestamp, a date, a number, true, null, a prototype name) and very long ones, at any depth: each the string it is",
      wrong: "parse-frame-revives-timestamps.js",
    },
    {
      varies: 'the kind of message asked for jsonrpc "2.0": a reply too, not only a request or a notification',
      wrong: "parse-frame-jsonrpc-on-requests-only.js",
    },
    {
      varies: "what a line holds: a batch, a message without jsonrpc, invalid UTF-8, any JSON value",
      wrong: "parse-frame-strict.js",
    },
    {
      varies: "the form a frame comes in: a Buffer, a plain Uint8Array, a view at an offset, the string it decodes to",
      wrong: "parse-frame-lenient-plain-bytes.js",
    },
    {
      varies:
        "a leading byte-order mark: ignored or refused, what follows it judged as ever, a second mark never ignored",
      wrong: "parse-frame-strips-every-mark.js",
    },
    {
      varies:
        "members named like what every object has (constructor, __proto__, toString, hasOwnProperty, valueOf), beside jsonrpc or at any depth: kept as the frame holds them",
      wrong: "parse-frame-drops-prototype-names.js",
    },
    {
      varies:
        "the values a frame holds, in a result and in params, at any depth: strings of every shape (ISO dates and times, numbers and true or null as text, JSON text, escapes, any Unicode) kept as the same strings, numbers, booleans and null as JSON has them",
      wrong: "parse-frame-revives-dates.js",
    },
    {
      varies:
        "text that is almost JSON: trailing or doubled commas, comments, single quotes, unquoted keys, NaN and Infinity, leading zeros, hex, a leading +, trailing text, two objects on a line, whitespace JSON does not name; each a malformed frame, and strings holding such text kept as written",
      wrong: "parse-frame-comments-stripped.js",
    },
  ],
  "encode-refuses": [
    { varies: "values JSON cannot carry: NaN, Infinity, anywhere in the message", wrong: "encode-refuses.js" },
    {
      varies: "values JSON cannot carry: a hole in an array ([, 1]), first, last or alone, in any array of the message",
      wrong: "encode-holes-as-null.js",
    },
    {
      varies:
        "values JSON writes: every finite double (fractions, -0, 5e-324, the largest double, integers past 2^53), in every place a message holds one",
      wrong: "encode-refuses-unsafe-integers.js",
    },
    {
      varies:
        'the key a value JSON cannot carry sits under: "", constructor, __proto__, toJSON, numbers as text, whitespace, long keys, any string; at the top, in params, deep, in an array\'s object, alone',
      wrong: "encode-empty-key-unchecked.js",
    },
  ],
  "encode-limit": [
    { varies: "the limit a caller gives: above the default, held as given", wrong: "encode-limit-capped-at-double.js" },
    {
      varies: "the limit a caller gives: 0 (every frame refused) and the small ones, held as given",
      wrong: "encode-limit-small-raised.js",
    },
    { varies: "the frame's size in bytes, of text of any width", wrong: "encode-limit.js" },
    {
      varies: "the frame's size around the limit: exactly the limit (newline included), written",
      wrong: "encode-limit-refuses-at-limit.js",
    },
    {
      varies: "the frame's size around the limit: one byte more than the limit, refused",
      wrong: "encode-limit-without-newline.js",
    },
  ],
  "handshake-version": [
    { varies: "the version the server answers: older, newer, not a date", wrong: "handshake-version.js" },
  ],
  "handshake-capability": [
    { varies: "the capabilities the server offers: with tools, without", wrong: "handshake-capability.js" },
    {
      varies:
        "the rest of the result: capabilities of every kind (completions, experimental, a vendor's), instructions, _meta, serverInfo's title and website, members named like what every object has; accepted",
      wrong: "check-initialize-known-capabilities.js",
    },
    {
      varies:
        "own members named like Object.prototype's (hasOwnProperty, toString, valueOf, constructor, __proto__, isPrototypeOf, propertyIsEnumerable, toLocaleString) holding no function, in the result, its capabilities, serverInfo and the tools capability: accepted with tools, refused without (an own __proto__ holding tools offers nothing)",
      wrong: "check-initialize-capabilities-assigned.js",
    },
  ],
  "discovery-bounds": [
    { varies: "the catalog: its size, its pages, repeated names, each tool's schema", wrong: "discovery-bounds.js" },
    { varies: "the catalog's size: exactly the bound (32 by default), taken", wrong: "check-tools-bound-refused.js" },
    {
      varies: "the catalog's size: one more than the bound (33 by default), refused",
      wrong: "check-tools-bound-plus-one.js",
    },
    {
      varies: "the limit a caller gives: 0, every tool refused and an empty catalog taken",
      wrong: "check-tools-limit-at-least-one.js",
    },
    { varies: "a tool's name: one character, the shortest a name may be, taken", wrong: "check-tools-name-length.js" },
    {
      varies:
        "the tools' names: any string, look-alikes by NFC and NFD, NFKC's compatibility forms and case, each a name of its own",
      wrong: "check-tools-folds-names.js",
    },
    {
      varies: "the result handed in: compared deeply before and after the call, never changed",
      wrong: "check-tools-takes-tools.js",
    },
    {
      varies: "a tool's name: whitespace alone (a space, a tab, NBSP, a zero-width space), taken",
      wrong: "check-tools-trims-names.js",
    },
    {
      varies: "a tool's name: any length, hundreds of characters in any script, taken",
      wrong: "check-tools-long-name-refused.js",
    },
    {
      varies: "a tool's description: absent, empty, any text, thousands of characters; taken",
      wrong: "check-tools-long-description-refused.js",
    },
    {
      varies:
        "a tool's members beside name, description and inputSchema: title, annotations, outputSchema, icons, _meta, members nobody has heard of, names like what every object has; taken",
      wrong: "check-tools-unknown-members-refused.js",
    },
    {
      varies:
        "an inputSchema's members beside type: $schema, properties, required, additionalProperties, nested schemas, a vendor's; taken",
      wrong: "check-tools-schema-members-refused.js",
    },
    {
      varies: "the result's members beside tools and nextCursor: _meta, others; taken",
      wrong: "check-tools-result-members-refused.js",
    },
    {
      varies: "the tools handed back: each as listed, every member kept (copies or the same objects)",
      wrong: "check-tools-keeps-known-members.js",
    },
    {
      varies: "the tools handed back: every one listed, whatever its annotations say (destructiveHint, openWorldHint)",
      wrong: "check-tools-drops-destructive.js",
    },
    {
      varies:
        "a tool with no name (absent, undefined, null, empty, a number, a boolean, an array, an object) while something could stand in for one (a title, annotations' title, an id, a description that reads like a name): refused",
      wrong: "check-tools-annotated-title-as-name.js",
    },
  ],
  "result-text-iserror": [
    { varies: "isError: a failure reported by the tool", wrong: "result-text-iserror.js" },
    {
      varies: "the result handed in: compared deeply before and after the call, never changed",
      wrong: "result-text-shifts-content.js",
    },
    {
      varies:
        "what the result holds beside content's text items: structuredContent, _meta, isError false or absent, other kinds of items before, between and after them",
      wrong: "result-text-structured-content.js",
    },
    {
      varies:
        "how the text items are joined: any separator of the learner's, the empty one too, the same between each pair; one item's text as it came; none before the first or after the last",
      wrong: "result-text-trailing-newline.js",
    },
    {
      varies:
        "each text item's text as the tool wrote it: empty, whitespace only, spaces, tabs, line breaks, NBSP and other Unicode spaces at either end, lone surrogates",
      wrong: "result-text-trims-item-ends.js",
    },
    {
      varies:
        "the kinds of items beside the text ones: MCP's own, kinds no version names, a kind named like text but not text, some with a text member of their own: left aside, never refused",
      wrong: "result-text-refuses-unknown-kinds.js",
    },
    {
      varies: 'an item\'s type: "text" exactly; "Text", "text " and other near kinds are not text',
      wrong: "result-text-kind-case-folded.js",
    },
    {
      varies:
        "a text item's members beside type and text: annotations, _meta, names like what every object has; its text is the call's text",
      wrong: "result-text-exact-items.js",
    },
    {
      varies:
        "the length of the text: one text of up to 60,000 characters (around 1,024, 4,096, 10,000 and 32,768 too), hundreds of items, a long total; returned whole, the frame limit the only bound",
      wrong: "result-text-cut-at-10000.js",
    },
    {
      varies:
        "the text's shape: HTML and XML entities, JSON text (objects, arrays, numbers like 4.0 and 1e3), markdown, backslash escapes, %-encoded URLs, base64, whitespace inside; alone and among other items, each as the tool wrote it",
      wrong: "result-text-unescapes-backslashes.js",
    },
  ],
  "handshake-order": [
    { varies: "the order of initialize, its announcement and discovery", wrong: "handshake-order.js" },
    { varies: "the announcement against the check of the answer", wrong: "announces-before-check.js" },
    { varies: "what is asked before initialize(): discovery, a call", wrong: "nothing-before-handshake.js" },
    {
      varies: "what the client declares in initialize: exactly what it serves, no capability",
      wrong: "declares-sampling.js",
    },
    {
      varies: "the catalog's size at its upper bound: exactly the limit, every tool listed",
      wrong: "list-refuses-full-catalog.js",
    },
  ],
  "negative-control": [
    { varies: "which tools the application allows: beyond the chapter's word_count", wrong: "negative-control.js" },
    { varies: "how the server reports a failed call: an error response", wrong: "error-response-as-text.js" },
    {
      varies:
        "what comes back to one operation (a result, a failure the tool reports, an error response): its request sent once, by the server's record",
      wrong: "retries-server-error.js",
    },
    {
      varies:
        "what each request's params hold, by the server's record: initialize its three keys, tools/list none, tools/call name and arguments (or the name alone for {}); no _meta, no cursor, no key besides",
      wrong: "list-asks-for-progress.js",
    },
    {
      varies:
        'the values a call\'s arguments hold: null (nested too), false, 0, "", [], {}, a long text, Unicode, members named like what every object has; sent exactly as given',
      wrong: "call-tool-drops-null-arguments.js",
    },
    {
      varies:
        "the arguments handed to callTool against schemas that require members: {}, a required member missing, a member the schema does not list, values of other types, nested values, arguments that fit; each arrives as given (the server's call log) and the server's answer is the caller's",
      wrong: "call-tool-checks-required.js",
    },
    {
      varies:
        "a schema that tempts a rewrite (defaults of every type, nested objects with defaults, a const, a one-value enum, examples, integer and number types, additionalProperties false, a default for the whole object), its members left out, left empty, given as strings, fractions, values outside the enum or const, null, or forbidden; each arrives as given",
      wrong: "call-tool-fills-schema-const.js",
    },
    {
      varies:
        "arguments that are empty or whose every member is undefined ({} on the wire): they arrive as {} or none, never null or anything else",
      wrong: "call-tool-undefined-arguments-as-null.js",
    },
  ],
  "allowlist-before-write": [
    { varies: "what goes out beside a refused call: no request at all (a ping)", wrong: "refusal-pings-server.js" },
    { varies: "when the allowlist is checked: before a byte is written", wrong: "allowlist-before-write.js" },
    { varies: "names compared whole: prefixes, longer names, other case", wrong: "allowlist-prefix.js" },
    { varies: "the allowlist's size: empty", wrong: "empty-allowlist-open.js" },
    {
      varies: "the tool's name: any string, with constructor, __proto__, toString, hasOwnProperty and valueOf",
      wrong: "allowlist-plain-object.js",
    },
    {
      varies: "the tool's name: names the grader makes up at run time, found in no file",
      wrong: "allowlist-source-names.js",
    },
    {
      varies:
        "the tool's name against an allowed look-alike: NFC and NFD, NFKC's compatibility forms (a ligature, fullwidth letters)",
      wrong: "allowlist-nfkc.js",
    },
    { varies: "the tool's name against an allowed look-alike: case", wrong: "allowlist-case-folded.js" },
    { varies: "the tool's name against an allowed look-alike: surrounding whitespace", wrong: "allowlist-trimmed.js" },
    {
      varies: "the tool's name against an allowed look-alike: a zero-width character inside",
      wrong: "allowlist-invisible-stripped.js",
    },
    {
      varies: "the tool's name against an allowed look-alike: lone surrogates, which UTF-8 writes alike",
      wrong: "allowlist-utf8-bytes.js",
    },
    { varies: "the prototype's names, allowed and advertised: called", wrong: "allowlist-assigned-object.js" },
  ],
  "advertised-before-write": [
    {
      varies: "the catalog's size at its lower bound: no tools, every call refused unwritten",
      wrong: "empty-catalog-open.js",
    },
    { varies: "whether the server advertised the allowed tool", wrong: "advertised-before-write.js" },
    { varies: "the refusal's reason: not-advertised, told apart from not-allowed", wrong: "advertised-reason.js" },
    { varies: "when the call comes: before discovery", wrong: "callable-before-discovery.js" },
    { varies: "what is offered to the model: advertised and allowed only", wrong: "lists-the-allowlist.js" },
    {
      varies: "the tool's name: any string, with toString and names made up at run time",
      wrong: "catalog-plain-object.js",
    },
    {
      varies:
        "the tool's name against an advertised look-alike: NFKC's compatibility forms, case, whitespace, lone surrogates",
      wrong: "catalog-nfkc.js",
    },
  ],
  "ping-answered": [
    { varies: "a request from the server during a call: answered", wrong: "ping-answered.js" },
    { varies: "the answer to ping: an empty result object", wrong: "ping-pong.js" },
    { varies: "the ping's result object: no members, { pong: true } too many", wrong: "ping-result-members.js" },
    {
      varies:
        'the ping\'s id: any string or number, 0 and "" in every grading, "0", a negative, a fraction, 2^53 - 1, seeded ones',
      wrong: "ping-id-truthy.js",
    },
  ],
  "server-request-refused": [
    { varies: "what the server asks: a method the client does not serve", wrong: "server-request-result.js" },
    { varies: "the refusal's error object: a string message beside its code", wrong: "refusal-without-message.js" },
    {
      varies:
        'the request\'s id, carried back unchanged, type and all: 0 and "" in every grading, "0", a negative, a fraction, 2^53 - 1, seeded ones',
      wrong: "refusal-id-as-string.js",
    },
  ],
  "spawn-argv-env": [
    { varies: "the application's environment: none of it reaches the server", wrong: "spawn-argv-env.js" },
  ],
  "notifications-bounded": [
    {
      varies: "how many notifications come before a reply: sixteen in all, pings among them, answered",
      wrong: "notifications-bounded.js",
    },
    {
      varies: "how many notifications come before a reply: exactly seventeen, one past the bound, refused",
      wrong: "skips-seventeen.js",
    },
    { varies: "over how many requests: counted for each", wrong: "skips-counted-per-session.js" },
  ],
  "ids-fresh": [
    { varies: "the requests of a session: each one's id", wrong: "ids-fresh.js" },
    { varies: "how the earlier request ended: refused, timed out", wrong: "id-moves-on-reply.js" },
  ],
  "deadline-per-operation": [
    {
      varies:
        "what the server sends during a wait: the answer's own bytes one at a time, notifications dripping, over the whole (0, 60 s]",
      wrong: "deadline-per-operation.js",
    },
    { varies: "the deadline's length as it is held: a multiple of the one given", wrong: "deadline-stretched.js" },
    {
      varies: "which operation waits on a trickle: discovery as well as the handshake and a call",
      wrong: "list-timer-per-read.js",
    },
  ],
  "deadline-as-given": [
    {
      varies: "the deadline's length: the whole (0, 60 s], under a second, fractions of a millisecond",
      wrong: "timeout-clamped.js",
    },
    { varies: "the bound itself: exactly 60 s", wrong: "timeout-bound-as-default.js" },
    { varies: "a fraction of a millisecond in the timeout given", wrong: "timeout-fraction-throws.js" },
    { varies: "long deadlines: 5 s and more", wrong: "timeout-stretched.js" },
    {
      varies: "what the server sends during a wait: pings, notifications, requests of its own, bytes, in any mix",
      wrong: "deadline-restarts-on-ping.js",
    },
    { varies: "which operation it bounds: the handshake as well as a call", wrong: "handshake-default-deadline.js" },
    { varies: "which operation it bounds: discovery (tools/list) as well", wrong: "list-unbounded.js" },
    {
      varies: "the deadline's length on one operation: the handshake's exactly the one given, not a multiple",
      wrong: "handshake-double-deadline.js",
    },
  ],
  "timeout-bounded": [
    { varies: "the timeout: 0 and unbounded", wrong: "timeout-bounded.js" },
    { varies: "the timeout: past 60 s", wrong: "no-upper-bound.js" },
    { varies: "the timeout: 60 s itself", wrong: "timeout-bound-refused.js" },
    { varies: "the timeout: just above 0, half a millisecond, taken", wrong: "timeout-sub-ms-refused.js" },
    { varies: "the timeout: just past 60 s, 60000.5 ms, refused", wrong: "timeout-bound-fraction-taken.js" },
    { varies: "the refusal's reason: timeout", wrong: "timeout-reason.js" },
  ],
  "failure-modes": [
    { varies: "the failure mode: each of the teaching server's", wrong: "failure-modes.js" },
    { varies: "what follows a refusal: the call is never sent again", wrong: "resends-after-refusal.js" },
  ],
  "close-eof-first": [
    { varies: "what close() does first: end the input", wrong: "close-eof-first.js" },
    { varies: "the moment after the input ends, before any signal", wrong: "close-no-grace.js" },
    {
      varies: "the grace's length, on the grader's clock: shorter than the time the server takes to leave",
      wrong: "close-grace-50ms.js",
    },
    { varies: "what is written before the input ends: nothing", wrong: "says-goodbye.js" },
  ],
  "close-group": [
    { varies: "the process tree: a grandchild in the server's group that ignores SIGTERM", wrong: "close-group.js" },
    {
      varies:
        "the process tree: members of the group beside the server, each of which SIGTERM must reach before SIGKILL",
      wrong: "close-term-leader-only.js",
    },
  ],
  "close-what-stays": [
    {
      varies: "how a server that stays meets SIGTERM: exits, dies, by default, ignores it",
      wrong: "close-kill-without-term.js",
    },
  ],
  "evidence-recomputes": [
    { varies: "the text each tool is scored by: its name and description", wrong: "evidence-recomputes.js" },
    {
      varies: "the catalog handed in: compared deeply before and after, its tools never written",
      wrong: "top-tools-writes-score.js",
    },
    { varies: "the catalog handed in: its order never changed", wrong: "top-tools-sorts-catalog.js" },
    {
      varies:
        "the list handed back: always a new one, at every m (the catalog's size and past it) and for a catalog already in ranked order",
      wrong: "top-tools-returns-catalog.js",
    },
    {
      varies:
        "the tools' names: any string, with __proto__, constructor and toString, each tool ranked by its own score",
      wrong: "top-tools-scores-by-name.js",
    },
    {
      varies:
        "the tools' names: look-alikes by NFC and NFD, NFKC's compatibility forms, case, whitespace, lone surrogates",
      wrong: "top-tools-folds-names.js",
    },
    {
      varies:
        "the scores: negative, zero and -0, fractions, magnitudes from 5e-324 to 1.8e308, all below zero, tied among negatives; ranked as the score function gave them",
      wrong: "top-tools-fixed-precision.js",
    },
    {
      varies:
        "the request handed to the score function: any characters, capitals and whitespace around and inside, exactly as asked (a scorer that tells every character apart)",
      wrong: "top-tools-trims-request.js",
    },
    {
      varies:
        "each tool's description in the text it is scored by: as the server wrote it, whitespace of any kind at its ends",
      wrong: "top-tools-trims-descriptions.js",
    },
    {
      varies:
        "the request's shape: empty, whitespace of any kind, punctuation alone, words no tool's text holds, thousands of words; the m best still returned (the first m in catalog order when every score ties)",
      wrong: "top-tools-blank-request-ranks-nothing.js",
    },
    {
      varies:
        "the tools' shape: a title, annotations with a title, outputSchema, inputSchema, _meta, members no version names, no description; each still scored by its name (underscores as spaces) and description alone",
      wrong: "top-tools-scores-annotated-title.js",
    },
    {
      varies:
        "a request that names a tool (its name whole, its words apart, in capitals) the scorer ranks below another: no bonus for the name, the ranking the scores' alone, ties in catalog order",
      wrong: "top-tools-name-words-bonus.js",
    },
  ],
};
