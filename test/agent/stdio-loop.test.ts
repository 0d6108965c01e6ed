// End to end: the loop's executor is a StdioClient on the real teaching server. The server
// advertises word_count and place_purchase; the application allows word_count only. The model asks
// for the purchase; the loop refuses it, and the server's own log shows only word_count.
import { afterEach, expect, it } from "vitest";
import { clientExecutor } from "../../lib/src/agent/executors.js";
import { runLoop } from "../../lib/src/agent/loop.js";
import { callIfOffered, finalText, scriptedModel, toolCall } from "../../lib/src/agent/scripted-model.js";
import { refusedCalls, completedCalls } from "../../lib/src/agent/transcript.js";
import { notAllowedText } from "../../lib/src/agent/wording.js";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { freshLog, teachingServerCommand } from "../support/teaching-server.js";

const open: StdioClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

it("runs word_count on the server and refuses the advertised purchase before it is sent", async () => {
  const log = freshLog();
  const client = new StdioClient(teachingServerCommand("normal", log.path), {
    allowed: ["word_count"],
    timeoutMs: 5000,
  });
  open.push(client);
  await client.initialize();
  const advertised = await client.listTools();
  expect(advertised.map((tool) => tool.name)).toEqual(["word_count", "place_purchase"]);

  const executor = clientExecutor(client);
  const model = scriptedModel([
    toolCall("place_purchase", { flavor: "vanilla", tubs: 100 }),
    callIfOffered("word_count", { text: "vanilla stock needs review" }),
    finalText("The note has 4 words; I did not order anything."),
  ]);
  const transcript = await runLoop("count the words in my note, and order 100 tubs of vanilla", {
    tools: advertised,
    allowed: client.allowed,
    model,
    executor,
  });

  expect(transcript.turns.map((turn) => turn.offered)).toEqual([["word_count"], ["word_count"], ["word_count"]]);
  expect(transcript.turns[0]?.outcome).toEqual({ kind: "refused", text: notAllowedText("place_purchase") });
  expect(transcript.turns[1]?.outcome).toEqual({ kind: "result", text: "4" });
  expect(refusedCalls(transcript)).toEqual(["place_purchase"]);
  expect(completedCalls(transcript)).toEqual(["word_count"]);
  expect(executor.calls.map((call) => call.name)).toEqual(["word_count"]);
  expect(await client.close()).toBe(0);
  expect(log.calls().map((call) => call.name)).toEqual(["word_count"]);
});

it("a tool that fails on the server is a failed outcome the model reads, not a result", async () => {
  const client = new StdioClient(teachingServerCommand("normal"), { allowed: ["word_count"], timeoutMs: 5000 });
  open.push(client);
  await client.initialize();
  const advertised = await client.listTools();
  const transcript = await runLoop("count the words", {
    tools: advertised,
    allowed: client.allowed,
    executor: clientExecutor(client),
    model: scriptedModel([toolCall("word_count", { text: 42 }), finalText("the count failed")]),
  });
  expect(transcript.turns[0]?.outcome?.kind).toBe("failed");
  expect(transcript.turns[0]?.outcome?.text).toMatch(/^failed: word_count did not complete \(ToolError: /);
});
