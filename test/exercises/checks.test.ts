// Each exercise check passes the reference answer and, for a wrong one, says "not yet" with what
// was expected, what came and a hint; the checks that start servers leave none running.
import { appendFileSync } from "node:fs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { loadCatalogData } from "../../lib/src/experiment/catalog/catalog.js";
import { declineTable } from "../../lib/src/exercises/ex2-decline/analysis.js";
import { hostileOfferExperiment } from "../../lib/src/exercises/ex6-hostile/experiment.js";
import { lexicalProvider } from "../../lib/src/experiment/providers/lexical-provider.js";
import type { Receipt } from "../../lib/src/experiment/receipts/receipt.js";
import { recoveryReport } from "../../lib/src/exercises/ex1-recovery/analysis.js";
import { runExperiment } from "../../lib/src/experiment/running/runner.js";
import { scriptedProvider } from "../../lib/src/experiment/providers/scripted-provider.js";
import {
  checkDeclineTable, checkHostileRefused, checkLoopRecovers, checkRecoveryReport, exerciseChecks, runExerciseSection,
  referenceDecline, referenceHostileOffer, referenceRecovery,
} from "../../lib/src/exercises/index.js";
import { teachingServersStartedBy } from "../../lib/src/client/live-servers.js";
import type { Design } from "../../lib/src/experiment/running/design.js";

const data = loadCatalogData();
const lexicalRun = async (design: Partial<Design>, noToolRequests = false): Promise<Receipt> =>
  (
    await runExperiment({
      provider: lexicalProvider({ countTokens: false }),
      model: "bm25-top1",
      data,
      design: { kinds: ["unrelated"], sizes: [8], protocols: ["native"], searches: [], searchCatalogs: [], ...design },
      baseSeed: 14,
      noToolRequests,
    })
  ).receipt;

afterEach(() => {
  // No check may leave a teaching server behind, whatever the answer did.
  expect(teachingServersStartedBy()).toEqual([]);
});

describe("the exercise section (the checkpoint's optional part)", () => {
  it("passes all six against the reference answers, in the checkpoint's wording", async () => {
    const results = await runExerciseSection();
    expect(results.map((r) => r.name)).toEqual(exerciseChecks.map((c) => c.name));
    for (const result of results) expect(result.output, result.name).toMatch(/^ok /);
    expect(results.every((r) => r.ok)).toBe(true);
  }, 60_000);
});

describe("exercise 1: checkRecoveryReport", () => {
  let reference: Awaited<ReturnType<typeof referenceRecovery>>;
  beforeAll(async () => {
    reference = await referenceRecovery();
  }, 30_000);

  it("is ok for recoveryReport of a receipt with 64 tools and a smaller size, and says it is the baseline", async () => {
    const result = await checkRecoveryReport(reference.report, reference.receipt);
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(/^ok the recovery report recomputes from the receipt \(bm25-top1: \d+\/24 at 64 unrelated \(native\), [\d.]+ tokens per tool; retrieval baseline, not a language model\)$/);
  });

  it("accepts runExperiment's whole result in place of the receipt", async () => {
    expect((await checkRecoveryReport(reference.report, { receipt: reference.receipt, asked: 1, resumed: 0 })).ok).toBe(true);
  });

  it("says to add 64 when the receipt never offered 64 tools", async () => {
    const receipt = await lexicalRun({ sizes: [8, 16] });
    const result = await checkRecoveryReport(recoveryReport(receipt), receipt);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/^not yet: the receipt never offered all 64 tools \(its sizes: 8, 16\).*Hint: put 64 in design\.sizes/);
  });

  it("says a slope needs two sizes", async () => {
    const receipt = await lexicalRun({ sizes: [64] });
    expect((await checkRecoveryReport(recoveryReport(receipt), receipt)).output).toMatch(/^not yet: a cost per tool is a slope.*add a smaller size/);
  });

  it("points at the first number that differs from the recomputed report", async () => {
    const altered = structuredClone(reference.report);
    altered.models[0]!.atSize[0]!.right += 1;
    const result = await checkRecoveryReport(altered, reference.receipt);
    expect(result.output).toMatch(/^not yet: your report does not match recoveryReport\(receipt\).*report\.models\[0\]\.atSize\[0\]\.right: expected \d+, got \d+/);
  });

  it("refuses something that is not a receipt, saying what it expected", async () => {
    const result = await checkRecoveryReport(reference.report, { rows: "TODO" });
    expect(result.output).toMatch(/^not yet: the second argument: expected a receipt \(result\.receipt from runExperiment, or loadReceipt\(path\)\); got \{"rows":"TODO"\}/);
  });
});

describe("exercise 2: checkDeclineTable", () => {
  it("is ok for the reference run, naming false and missed calls per protocol", async () => {
    const { receipt, table } = await referenceDecline();
    const result = await checkDeclineTable(receipt, table);
    expect(result.output).toMatch(/^ok .*\(bm25-top1: native: \d+\/12 false, \d+\/48 missed; choice: 12\/12 false, 0\/48 missed; choice-none: \d+\/12 false, \d+\/48 missed\)$/);
  }, 20_000);

  it("asks for choice-none when it is missing", async () => {
    const receipt = await lexicalRun({ protocols: ["native", "choice"] }, true);
    const result = await checkDeclineTable(receipt, declineTable(receipt));
    expect(result.output).toMatch(/^not yet: the receipt has no rows under choice-none \(it ran native, choice\).*put it in design\.protocols \(--decline/);
  });

  it("asks for the six no-tool requests when none was asked", async () => {
    const receipt = await lexicalRun({ protocols: ["native", "choice", "choice-none"] });
    const result = await checkDeclineTable(receipt, declineTable(receipt));
    expect(result.output).toMatch(/^not yet: no request that needs no tool was asked under native.*noToolRequests: true/);
  });

  it("refuses a table that is not declineTable of the same receipt", async () => {
    const receipt = await lexicalRun({ protocols: ["native", "choice", "choice-none"] }, true);
    const table = declineTable(receipt);
    table[1]!.falseCalls = 0;
    expect((await checkDeclineTable(receipt, table)).output).toMatch(/^not yet: your table does not match declineTable\(receipt\).*table\[1\]\.falseCalls: expected 6, got 0/);
    expect((await checkDeclineTable(receipt, "TODO")).output).toMatch(/^not yet: the second argument should be declineTable\(receipt\)/);
  });
});

describe("exercise 3: checkLoopRecovers", () => {
  it("is ok with searchTool, and says how many tools a turn it offered", async () => {
    const result = await checkLoopRecovers({ searchTool: true });
    expect(result.output).toMatch(/^ok .*\(the chapter's wording: record_delivery then search_tools then send_message_to_lucy in 4 turns, at most 6 tools a turn; the terse wording: record_delivery then search_tools then send_message_to_lucy in 4 turns, at most 6 tools a turn\)$/);
  });

  it("accepts another answer that recovers within the bound: the request searched every turn, eight tools deep", async () => {
    expect((await checkLoopRecovers({ searchOn: "request", m: 8 })).ok).toBe(true);
  });

  it("shows where the plain loop loses the tool, with a hint", async () => {
    const result = await checkLoopRecovers({});
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/^not yet: for the chapter's wording the loop completed \[record_delivery\].*Turn 2 searched on "recorded delivery D-17.*without send_message_to_lucy.*Hint: .*searchOn/);
  });

  it("says why searching on the request is not enough for the terse wording", async () => {
    expect((await checkLoopRecovers({ searchOn: "request" })).output).toMatch(/^not yet: for the terse wording .*searchTool: true/);
  });

  it("refuses recovering by offering the whole catalog", async () => {
    expect((await checkLoopRecovers({ m: 64 })).output).toMatch(/^not yet: for the chapter's wording, a turn offered 64 tools.*at most 12 tools/);
  });

  it("passes on runLoop's own refusal of a bad option, and refuses a non-object", async () => {
    expect((await checkLoopRecovers({ searchOn: "everything" })).output).toMatch(/^not yet: runLoop refused your options: UsageError \(loop-option\): runLoop: invalid searchOn; expected one of latest, request, both; received everything/);
    expect((await checkLoopRecovers("TODO")).output).toMatch(/^not yet: expected loop options/);
  });
});

describe("exercise 6: checkHostileRefused", () => {
  it("is ok for the obedient script: purchases asked for, all refused, none logged", async () => {
    const result = await checkHostileRefused(await referenceHostileOffer());
    expect(result.output).toMatch(/^ok .*\(3 of 6 answers asked for place_purchase, all refused before sending; the server's log holds 2 call\(s\): \[word_count, word_count\]\)$/);
  });

  it("says the refusal was never tested when the model never asked for the purchase", async () => {
    const polite = scriptedProvider(() => ({ kind: "text", text: "TODO" }));
    const result = await checkHostileRefused(await hostileOfferExperiment({ provider: polite, model: "scripted", timeoutMs: 5000 }));
    expect(result.output).toMatch(/^not yet: the model never asked for place_purchase in 6 requests, so the client's refusal was never put to the test/);
  });

  it("trusts the server's log over the result", async () => {
    const result = await referenceHostileOffer();
    appendFileSync(result.logFile, `${JSON.stringify({ id: 9, name: "place_purchase", arguments: { flavor: "vanilla", tubs: 100 } })}\n`);
    expect((await checkHostileRefused(result)).output).toMatch(/^not yet: the server's own log \(.*\) records 1 purchase\(s\)\.$/);
    expect((await checkHostileRefused({})).output).toMatch(/^not yet: expected what hostileOfferExperiment\(\{\.\.\.\}\) returns; got \{\}/);
  });
});
