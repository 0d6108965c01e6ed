// One JSON POST with a deadline, shared by the model providers and the embedding scorer. Errors say what was asked and what
// came back, with every secret replaced by a mark. Redirects are refused, never followed: a 307 to
// another origin would carry the API key there. Overload and rate-limit answers (429, 503, 529) and
// connection resets are retried, honouring retry-after, bounded in attempts and in total time.
import { setTimeout as sleep } from "node:timers/promises";
import { ServiceError } from "../errors/service-error.js";
import { preview } from "../errors/wording.js";

export type PostJson = (url: string, body: unknown, headers?: Record<string, string>) => Promise<unknown>;

/** What the progress display is told before each retry. */
export type RetryNotice = { url: string; attempt: number; maxAttempts: number; waitMs: number; why: string };

export type PostOptions = {
  timeoutMs: number;
  /** Strings never to show in an error (the API key); each is replaced by SECRET_MARK. */
  secrets?: readonly string[];
  /** Attempts in all, the first included (default 5). */
  maxAttempts?: number;
  /** Give up retrying once this much time has passed since the first attempt (default 120 s). */
  maxTotalMs?: number;
  /** First backoff when the service names no wait (doubles each time; default 1000 ms). */
  baseDelayMs?: number;
  onRetry?: (notice: RetryNotice) => void;
  /** Injected for tests or proxies; default the global fetch. */
  fetch?: typeof fetch;
};

export const SECRET_MARK = "[key hidden]";
export const RETRY_STATUSES: readonly number[] = [429, 503, 529];
const RESET_CODES = ["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"];

/** Replace every secret in a text with a mark (secrets shorter than 8 characters are not real keys). */
export function maskSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join(SECRET_MARK);
  return out;
}

/** retry-after as milliseconds: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isReset(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e instanceof Error && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && RESET_CODES.includes(code)) return true;
    if (/other side closed|socket hang up/i.test(e.message)) return true;
  }
  return false;
}

/** fetch's own message ("fetch failed") with the cause that says why (ECONNREFUSED, ENOTFOUND, ...). */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const why = cause instanceof Error ? ((cause as { code?: string }).code ?? cause.message) : undefined;
  return why === undefined ? error.message : `${error.message}: ${why}`;
}

export function postJson(timeoutOrOptions: number | PostOptions): PostJson {
  const options: PostOptions =
    typeof timeoutOrOptions === "number" ? { timeoutMs: timeoutOrOptions } : timeoutOrOptions;
  const maxAttempts = options.maxAttempts ?? 5;
  const maxTotalMs = options.maxTotalMs ?? 120_000;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const mask = (text: string) => maskSecrets(text, options.secrets);
  const doFetch = options.fetch ?? fetch;

  return async (url, body, headers = {}) => {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      let retryWhy: string | undefined;
      let waitMs: number | undefined;
      let response: Response | undefined;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(body),
          redirect: "manual",
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        if (!isReset(error)) {
          throw new ServiceError(
            "unreachable",
            {
              what: mask(`POST ${url} failed: ${describeFailure(error)}`),
              expected: "an HTTP answer from the service",
              received: "none",
            },
            { cause: error },
          );
        }
        retryWhy = `connection reset (${(error as Error).message})`;
      }
      if (response !== undefined) {
        if (response.status >= 300 && response.status < 400) {
          const location = response.headers.get("location") ?? "(no location)";
          await response.body?.cancel();
          throw new ServiceError(
            "http-status",
            {
              what: mask(
                `POST ${url} answered HTTP ${response.status}, a redirect to ${location}; redirects are not followed, so the key is never sent elsewhere`,
              ),
              expected: "a direct answer from the address given (set the base URL to where the service answers)",
              received: mask(`HTTP ${response.status} location ${location}`),
            },
            { status: response.status },
          );
        }
        const text = await response.text();
        if (response.ok) {
          try {
            return JSON.parse(text) as unknown;
          } catch (error) {
            throw new ServiceError(
              "bad-response",
              {
                what: mask(`POST ${url} answered non-JSON`),
                expected: "a JSON body",
                received: mask(preview(text, 200)),
              },
              { cause: error },
            );
          }
        }
        if (!RETRY_STATUSES.includes(response.status)) {
          throw new ServiceError(
            "http-status",
            {
              what: mask(`POST ${url} answered HTTP ${response.status}`),
              expected: "HTTP 2xx",
              received: mask(text.slice(0, 300)),
            },
            { status: response.status },
          );
        }
        retryWhy = `HTTP ${response.status}`;
        waitMs = retryAfterMs(response.headers.get("retry-after"));
      }
      const wait = waitMs ?? baseDelayMs * 2 ** (attempt - 1);
      const elapsed = Date.now() - started;
      if (attempt >= maxAttempts || elapsed + wait > maxTotalMs) {
        throw new ServiceError(
          retryWhy?.startsWith("HTTP") ? "http-status" : "unreachable",
          {
            what: mask(`POST ${url} still failing after ${attempt} attempt${attempt === 1 ? "" : "s"}: ${retryWhy}`),
            expected: "an answer within the retry bounds",
            limit: `${maxAttempts} attempts, ${Math.round(maxTotalMs / 1000)} s in all`,
          },
          response !== undefined ? { status: response.status } : {},
        );
      }
      options.onRetry?.({ url, attempt, maxAttempts, waitMs: wait, why: retryWhy ?? "unknown" });
      await sleep(wait);
    }
  };
}
