// One JSON POST with a deadline, shared by the model providers. Errors say what was asked and what came back.
import { ServiceError } from "../protocol/errors/service-error.js";
import { preview } from "../protocol/errors/wording.js";

export type PostJson = (url: string, body: unknown, headers?: Record<string, string>) => Promise<unknown>;

export function postJson(timeoutMs: number): PostJson {
  return async (url, body, headers = {}) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ServiceError(
        "unreachable",
        { what: `POST ${url} failed: ${(error as Error).message}`, expected: "an HTTP answer from the provider", received: "none" },
        { cause: error },
      );
    }
    const text = await response.text();
    if (!response.ok) {
      throw new ServiceError(
        "http-status",
        { what: `POST ${url} answered HTTP ${response.status}`, expected: "HTTP 2xx", received: text.slice(0, 300) },
        { status: response.status },
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ServiceError(
        "bad-response",
        { what: `POST ${url} answered non-JSON`, expected: "a JSON body", received: preview(text, 200) },
        { cause: error },
      );
    }
  };
}
