import { describe, expect, it } from "vitest";
import { StdioClient } from "../../lib/src/client/stdio-client.js";
import { teachingServerCommand } from "../../lib/src/client/teaching-server.js";
import { teachingServersStartedBy } from "../../lib/src/client/live-servers.js";

describe("teachingServersStartedBy", () => {
  it("finds a teaching server this process started, and not once it is closed", async () => {
    const client = new StdioClient(teachingServerCommand("normal"), { allowed: [], timeoutMs: 5000 });
    await client.initialize();
    expect(teachingServersStartedBy()).toContain(client.pid);
    expect(teachingServersStartedBy(process.pid, "/no/such/server.js")).toEqual([]);
    await client.close();
    expect(teachingServersStartedBy()).not.toContain(client.pid);
  });
});
