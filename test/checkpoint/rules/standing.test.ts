// Where the process a client started stands: the session's handshake waits while it is starting.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { standingOf } from "../../../lib/src/grading/checkpoint/rules/servers.js";

it("is absent with no process naming the marker, starting while one runs, serving once it says so", async () => {
  const marker = `standing-${randomUUID()}`;
  let serving = false;
  expect(standingOf(marker, () => serving)()).toBe("absent");
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)", marker], { stdio: "ignore" });
  try {
    await sleep(300);
    const standing = standingOf(marker, () => serving);
    expect(standing()).toBe("starting");
    serving = true;
    expect(standing()).toBe("serving");
  } finally {
    child.kill("SIGKILL");
  }
});
