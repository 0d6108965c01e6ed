// Check 5: the negative control. With place_purchase allowed the same call does reach the server,
// so the silence of its log in check 2 is the allowlist's doing, not a broken log.
import { join } from "node:path";
import { teachingServerCommand } from "../client/teaching-server.js";
import { fail, type CheckSpec } from "./harness.js";
import { usingClient } from "./closing.js";
import { loggedCalls } from "./server-log.js";

export const negativeControlCheck: CheckSpec = {
  name: "negative control",
  title: "the negative control: without the allowlist, the server's log records the purchase",
  deadlineMs: 20_000,
  needs: ["StdioClient"],
  body: async (impl, context) => {
    const log = join(context.dir, "calls.jsonl");
    const command = teachingServerCommand("normal", log);
    const client = context.track(new impl.StdioClient(command, { allowed: ["word_count", "place_purchase"], timeoutMs: 5000 }));
    const { value: text } = await usingClient(context, client, async () => {
      await client.initialize();
      await client.listTools();
      return client.callTool("place_purchase", { flavor: "vanilla", tubs: 2 });
    });
    const calls = loggedCalls(log);
    if (!calls.includes("place_purchase")) {
      fail(`the server's log holds [${calls.join(", ")}] and no place_purchase, so check 2's empty log proves nothing`);
    }
    return `the server answered ${JSON.stringify(text)} and logged it`;
  },
};
