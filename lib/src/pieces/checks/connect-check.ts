// The check of connect, against the teaching server: initialize, the announcement, then
// tools/list, in that order as the server received them; an old version and a catalog too large
// refused.
import { join } from "node:path";
import { receivedMethods } from "../../grading/checkpoint/rules/server-records.js";
import { teachingMode } from "../../server-build/teaching-modes.js";
import type { McpTool } from "../../protocol/handshake.js";
import type { ClientContext } from "../../assembly/assembled-client.js";
import { expect, mustRefuse, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const connectCheck: Body = async (pieces, scratch) => {
  const connect = pieces.connect as (context: ClientContext) => Promise<McpTool[]>;
  const record = join(scratch.dir, "record.jsonl");
  const client = scratch.client("normal", { record });
  const tools = await connect(client.context);
  expect(
    Array.isArray(tools) && tools.some((tool) => tool?.name === "word_count"),
    "the tools your checkTools accepted, word_count among them",
    () => shown(tools),
    "return what checkTools gave for the tools/list result",
  );
  const methods = receivedMethods(record);
  const wanted = ["initialize", "notifications/initialized", "tools/list"];
  expect(
    methods.join(",") === wanted.join(","),
    `the server to receive [${wanted.join(", ")}], in that order`,
    () => `[${methods.join(", ")}]`,
    "the handshake is a request, its check, then the announcement (a notification: no id, no reply); only then discovery",
  );
  await scratch.end(client);
  for (const [mode, hint] of [
    ["old-version", "check the initialize result with your checkInitialize before anything else is sent"],
    ["many-tools", "check the tools/list result with your checkTools; what it refuses is never a catalog"],
  ] as const) {
    const refused = scratch.client(mode);
    // The reason is the mode table's (its expect), not restated here.
    const reason = teachingMode(mode).expect;
    await mustRefuse(() => connect(refused.context), "ProtocolError", reason, `mode ${mode}`, hint);
    await scratch.end(refused);
  }
  return "initialize, notifications/initialized, tools/list in order; an old version and 33 tools refused";
};
