// The file table of learner/README.md: each file the learner writes, what goes in it, and the
// checkpoint's rules that grade it, the last taken from each rule's `where`, so a new rule that
// grades a learner file reaches its row by `npm run docs:tables`.
import type { Rule } from "../grading/checkpoint/rules/types.js";

/** The learner's files, in the order a learner meets them, and what each holds (our words). */
const LEARNER_FILES: readonly { readonly file: string; readonly what: string }[] = [
  {
    file: "src/messages.ts",
    what: "`requestMessage`, `notificationMessage`, `answerFor` (ids compared by type and value)",
  },
  {
    file: "src/framing.ts",
    what: "`encodeFrame`, `FrameReader.feed` (bytes kept until a newline, bounded), `parseFrame`",
  },
  { file: "src/handshake.ts", what: "`checkInitialize` (the pinned version), `checkTools` (a bounded catalog)" },
  { file: "src/result-text.ts", what: "`resultText`" },
  {
    file: "src/client.ts",
    what: "the constructor (a timeout in (0, 60000] ms), `StdioClient.request` (a fresh id, one deadline, the one reply), `initialize` (the handshake: the request, its check, then the announcement), `callTool` (allowlist first), `close` (the whole process group)",
  },
  { file: "src/search.ts", what: "`topTools` (which tools a model hears about)" },
];

/** The row of the optional exercises, one file each, graded with --exercises. */
const EXERCISES_WHAT =
  'the optional exercises, one file each with its notebook answer\'s signature (graded with `--exercises`; a stub is "not attempted"; a file that does not compile fails its exercise alone); exercise 7, the dual-era probe of MCP 2026-07-28, is developed in `notebooks/since-the-chapter-2026-07-28.ipynb`';

/** The learner file a rule points at ("learner/src/framing.ts, FrameReader.feed" → "src/framing.ts"). */
const fileOf = (rule: Rule): string | undefined => /^learner\/(src\/[\w./-]+\.ts)/u.exec(rule.where)?.[1];

export function learnerTable(rules: readonly Rule[], exercises: readonly Rule[]): string {
  const last = exercises.length;
  return [
    "| file | what | checkpoint rules |",
    "| --- | --- | --- |",
    ...LEARNER_FILES.map(({ file, what }) => {
      const grading = rules.filter((rule) => fileOf(rule) === file).map((rule) => rule.id);
      return `| \`${file}\` | ${what} | ${grading.join(", ")} |`;
    }),
    `| \`src/exercises/ex1.ts\` ... \`ex${last}.ts\` | \`exercise1\` ... \`exercise${last}\`, ${EXERCISES_WHAT} | exercise-1 ... exercise-${last} |`,
  ].join("\n");
}
