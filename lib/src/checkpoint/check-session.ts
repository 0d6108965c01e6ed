// Check 2: a whole session against a correct server: handshake, discovery, one allowed call, and the
// advertised purchase refused by the application before a byte of it reaches the server.
import { join } from "node:path";
import { teachingServerCommand } from "../client/teaching-server.js";
import { describeError, fail, type CheckSpec } from "./harness.js";
import { usingClient } from "./closing.js";
import { loggedCalls, reasonOf, thrownBy } from "./server-log.js";

export const REVIEW_TEXT = "vanilla stock needs review";

export const sessionCheck: CheckSpec = {
  name: "handshake, discovery and allowlist",
  title: "handshake, discovery and one allowed call succeed; the purchase the server advertises is absent from its log",
  deadlineMs: 20_000,
  needs: ["StdioClient"],
  body: async (impl, context) => {
    const log = join(context.dir, "calls.jsonl");
    const client = context.track(new impl.StdioClient(teachingServerCommand("normal", log), { allowed: ["word_count"], timeoutMs: 5000 }));
    const { status } = await usingClient(context, client, async () => {
      await client.initialize();
      const advertised = (await client.listTools()).map((tool) => tool.name);
      for (const name of ["word_count", "place_purchase"]) {
        if (!advertised.includes(name)) fail(`discovery listed [${advertised.join(", ")}]; the teaching server advertises ${name}`);
      }
      const offered = client.allowedTools().map((tool) => tool.name);
      if (offered.join(",") !== "word_count") fail(`allowedTools() gave [${offered.join(", ")}]; only word_count is both advertised and allowed`);
      const text = await client.callTool("word_count", { text: REVIEW_TEXT });
      if (text !== "4") fail(`word_count on "${REVIEW_TEXT}" answered ${JSON.stringify(text)}, expected "4"`);
      const refusal = await thrownBy(() => client.callTool("place_purchase", { flavor: "vanilla", tubs: 100 }));
      if (refusal === undefined) fail("place_purchase was advertised but not allowed, and the client called it anyway");
      if (reasonOf(refusal) !== "not-allowed") {
        fail(`place_purchase should be refused by the allowlist (RefusedError, reason not-allowed), got ${describeError(refusal)}`);
      }
    });
    const calls = loggedCalls(log);
    if (calls.includes("place_purchase")) fail("the server's log records place_purchase: the refusal came after the request was sent");
    if (calls.join(",") !== "word_count") fail(`the server's log holds [${calls.join(", ")}], expected exactly one word_count call`);
    return `server log: word_count only; exit status ${String(status)}`;
  },
};
