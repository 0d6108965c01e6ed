// The one POST the providers share: retries bounded and honouring retry-after, resets retried,
// redirects refused, secrets masked. Against a real loopback server, with small waits.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { maskSecrets, postJson, retryAfterMs, SECRET_MARK, type RetryNotice } from "../../lib/src/http/http-json.js";

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

/** A server that answers request i with script(i): a status and headers, or "reset" to drop the connection. */
async function scripted(
  script: (i: number) => { status: number; headers?: Record<string, string>; body?: string } | "reset",
) {
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const step = script(count++);
      if (step === "reset") {
        req.socket.destroy();
        return;
      }
      res.writeHead(step.status, { "content-type": "application/json", ...(step.headers ?? {}) });
      res.end(step.body ?? "{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, count: () => count };
}

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs("0")).toBe(0);
    expect(retryAfterMs("Wed, 01 Dec 2026 10:00:05 GMT", Date.parse("Wed, 01 Dec 2026 10:00:00 GMT"))).toBe(5000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs("soon")).toBeUndefined();
  });
});

describe("maskSecrets", () => {
  it("replaces every occurrence of a key, and leaves short strings alone", () => {
    expect(maskSecrets("a sk-ant-123456789 b sk-ant-123456789", ["sk-ant-123456789"])).toBe(
      `a ${SECRET_MARK} b ${SECRET_MARK}`,
    );
    expect(maskSecrets("the key k", ["k"])).toBe("the key k");
  });
});

describe("postJson", () => {
  it("retries 429, 503 and 529 after retry-after, telling the caller each time, then answers", async () => {
    const server = await scripted((i) =>
      i < 3 ? { status: [429, 503, 529][i]!, headers: { "retry-after": "0" } } : { status: 200, body: '{"ok":true}' },
    );
    const notices: RetryNotice[] = [];
    const post = postJson({ timeoutMs: 5000, onRetry: (n) => notices.push(n) });
    expect(await post(server.url, {})).toEqual({ ok: true });
    expect(notices.map((n) => [n.attempt, n.why, n.waitMs])).toEqual([
      [1, "HTTP 429", 0],
      [2, "HTTP 503", 0],
      [3, "HTTP 529", 0],
    ]);
  });

  it("retries a connection reset with backoff when no retry-after is given", async () => {
    const server = await scripted((i) => (i === 0 ? "reset" : { status: 200, body: "[1]" }));
    const notices: RetryNotice[] = [];
    expect(
      await postJson({ timeoutMs: 5000, baseDelayMs: 5, onRetry: (n) => notices.push(n) })(server.url, {}),
    ).toEqual([1]);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.why).toMatch(/connection reset/);
    expect(notices[0]!.waitMs).toBe(5);
  });

  it("gives up after its attempts, or when the next wait would pass its total time", async () => {
    const always = await scripted(() => ({ status: 529, headers: { "retry-after": "0" } }));
    await expect(postJson({ timeoutMs: 5000, maxAttempts: 3 })(always.url, {})).rejects.toThrow(
      /still failing after 3 attempts: HTTP 529; .*limit: 3 attempts/,
    );
    expect(always.count()).toBe(3);
    const slow = await scripted(() => ({ status: 429, headers: { "retry-after": "30" } }));
    await expect(postJson({ timeoutMs: 5000, maxTotalMs: 10_000 })(slow.url, {})).rejects.toThrow(
      /after 1 attempt: HTTP 429/,
    );
    expect(slow.count()).toBe(1);
  });

  it("does not retry another error status, and masks the key in what it reports", async () => {
    const server = await scripted(() => ({ status: 400, body: '{"echo":"x-api-key: sk-ant-SECRET-0000"}' }));
    const failure = postJson({ timeoutMs: 5000, secrets: ["sk-ant-SECRET-0000"] })(server.url, {});
    await expect(failure).rejects.toMatchObject({ reason: "http-status", status: 400 });
    await expect(failure).rejects.toThrow(SECRET_MARK);
    await failure.catch((error: Error) => expect(error.message).not.toContain("sk-ant-SECRET-0000"));
    expect(server.count()).toBe(1);
  });

  it("refuses a redirect and names where it pointed", async () => {
    const server = await scripted(() => ({
      status: 308,
      headers: { location: "https://elsewhere.example/v1/messages" },
    }));
    await expect(postJson({ timeoutMs: 5000 })(server.url, {})).rejects.toThrow(
      /HTTP 308, a redirect to https:\/\/elsewhere\.example\/v1\/messages; redirects are not followed/,
    );
  });
});
