// The report writers: results.json in Gradescope's shape, and JUnit XML that a real XML parser
// accepts, with hostile text (markup, quotes, control characters, lone surrogates) kept as text.
import { describe, expect, it } from "vitest";
import { escapeXml, junitXml, resultsJson, type GradedTest } from "../../lib/src/grading/checkpoint/report.js";
import { parseXml, type XmlElement } from "./xml-parse.js";

const HOSTILE = `FAIL framing and identity: answerFor let id "1" answer <request> 1 & more ' \u001b[31m\u0000 \ud800 ☕`;
const tests: GradedTest[] = [
  { name: "framing and identity", ok: false, output: HOSTILE, seconds: 0.012 },
  {
    name: "handshake, discovery and allowlist",
    ok: true,
    output: "ok the handshake ... (server log: word_count only)",
    seconds: 0.3,
  },
  { name: 'hidden 01 "quoted" <name>.ts', ok: true, output: "ok id 0" },
];

describe("resultsJson", () => {
  it("has Gradescope's fields: a score, a max_score and one entry a test with its status", () => {
    const parsed = JSON.parse(JSON.stringify(resultsJson(tests, 12.34567)));
    expect(parsed).toEqual({
      score: 2,
      max_score: 3,
      execution_time: 12.346,
      output: "2 of 3 checks ok",
      tests: [
        { name: "framing and identity", score: 0, max_score: 1, output: HOSTILE, status: "failed" },
        {
          name: "handshake, discovery and allowlist",
          score: 1,
          max_score: 1,
          output: "ok the handshake ... (server log: word_count only)",
          status: "passed",
        },
        { name: 'hidden 01 "quoted" <name>.ts', score: 1, max_score: 1, output: "ok id 0", status: "passed" },
      ],
    });
  });
});

describe("junitXml", () => {
  const parsed = parseXml(junitXml(tests, 2.5, "ch14-checkpoint", new Date("2026-11-30T16:00:00Z")));

  it("is well-formed to a conforming parser", () => {
    expect(parsed).toMatchObject({ ok: true });
  });

  it("holds one testsuite with the counts, one testcase a test, and a failure for each FAIL", () => {
    if (!parsed.ok) throw new Error(parsed.error);
    const root = parsed.root;
    expect(root.tag).toBe("testsuites");
    const suite = root.children[0]!;
    expect(suite.attributes).toMatchObject({
      name: "ch14-checkpoint",
      tests: "3",
      failures: "1",
      errors: "0",
      time: "2.5",
      timestamp: "2026-11-30T16:00:00",
    });
    const cases = suite.children.filter((child: XmlElement) => child.tag === "testcase");
    expect(cases.map((c) => c.attributes["name"])).toEqual(tests.map((t) => t.name));
    expect(cases[0]!.attributes["time"]).toBe("0.012");
    const failure = cases[0]!.children[0]!;
    expect(failure.tag).toBe("failure");
    // Markup and quotes come back as text; characters XML cannot hold became U+FFFD.
    expect(failure.text).toBe(
      `FAIL framing and identity: answerFor let id "1" answer <request> 1 & more ' \ufffd[31m\ufffd \ufffd ☕`,
    );
    expect(failure.attributes["message"]).toBe(failure.text);
    expect(cases[1]!.children.map((c) => c.tag)).toEqual(["system-out"]);
  });

  it("a naive writer without escaping would not parse (the test can fail)", () => {
    expect(parseXml(`<testcase name="${tests[2]!.name}"/>`)).toMatchObject({ ok: false });
  });
});

describe("escapeXml", () => {
  it("keeps a surrogate pair, escapes the five markup characters", () => {
    expect(escapeXml(`<a href="x">'😀'&</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;😀&apos;&amp;&lt;/a&gt;");
  });
});
