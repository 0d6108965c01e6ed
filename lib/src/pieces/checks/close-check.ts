// The check of close, against the teaching server's grandchild mode: close() must finish, and
// leave nothing of the server's process group, the grandchild included.
import { setTimeout as sleep } from "node:timers/promises";
import { processGroupMembers } from "../../client/process-group.js";
import { expect } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const closeCheck: Body = async (_pieces, scratch) => {
  const client = scratch.client("grandchild");
  await client.initialize();
  const pgid = client.pid!;
  const before = processGroupMembers(pgid) ?? [];
  const started = performance.now();
  const status = await Promise.race([client.close(), sleep(8000).then(() => "no answer within 8 s")]);
  const ms = Math.round(performance.now() - started);
  expect(
    status !== "no answer within 8 s",
    "close() to finish",
    () => "still waiting after 8 s",
    "wait for the exit only a moment, then signal",
  );
  let after = processGroupMembers(pgid) ?? [];
  for (let waited = 0; after.length > 0 && waited < 300; waited += 10) {
    await sleep(10);
    after = processGroupMembers(pgid) ?? [];
  }
  expect(
    after.length === 0,
    `nothing left of group ${pgid} (${before.length} processes before close)`,
    () => `${after.length} still alive`,
    "end the input, wait a moment, then SIGTERM and later SIGKILL the whole group: process.kill(-pid, signal)",
  );
  return `${before.length} processes before, none after, in ${ms} ms; exit status ${String(status)}`;
};
