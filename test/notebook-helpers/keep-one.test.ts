import { describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { groupIsEmpty } from "../../lib/src/client/process-group.js";
import { teachingServerCommand } from "../../lib/src/client/teaching-server.js";
import { closeKept, keepOne } from "../../lib/src/notebook/keep-one.js";

const start = (): StdioClient =>
  new StdioClient(teachingServerCommand("normal"), { allowed: ["word_count"], timeoutMs: 5000 });

describe("keepOne", () => {
  it("closes the client kept in the same slot before, like a notebook cell run twice", async () => {
    const first = await keepOne("cell", start());
    await first.initialize();
    const second = await keepOne("cell", start());
    await second.initialize();

    expect(groupIsEmpty(first.pid!)).toBe(true);
    expect(groupIsEmpty(second.pid!)).toBe(false);
    await expect(second.listTools()).resolves.toHaveLength(2);

    const other = await keepOne("another cell", start());
    expect(groupIsEmpty(second.pid!)).toBe(false);

    expect(await closeKept()).toEqual({ cell: 0, "another cell": 0 });
    expect(groupIsEmpty(second.pid!)).toBe(true);
    expect(groupIsEmpty(other.pid!)).toBe(true);
  });
});
