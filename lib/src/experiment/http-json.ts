// One JSON POST with a deadline, shared by the model providers. Errors say what was asked and what came back.
import { ExperimentError } from "./errors.js";

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
      throw new ExperimentError("provider-failed", `POST ${url} failed: ${(error as Error).message}`, { cause: error });
    }
    const text = await response.text();
    if (!response.ok) {
      throw new ExperimentError("provider-failed", `POST ${url} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ExperimentError("provider-response-invalid", `POST ${url} answered non-JSON: ${text.slice(0, 200)}`, { cause: error });
    }
  };
}
