// Where the model services are reached, from the environment as their own tools read it.
import { describe, expect, it } from "vitest";
import { anthropicBaseUrl } from "../../../lib/src/experiment/providers/anthropic-provider.js";
import { OLLAMA_DEFAULT_URL, ollamaBaseUrl } from "../../../lib/src/experiment/providers/ollama-provider.js";

describe("OLLAMA_HOST, read as Ollama reads it", () => {
  it.each([
    ["127.0.0.1:11500", "http://127.0.0.1:11500"],
    ["gpu-box", "http://gpu-box:11434"],
    ["0.0.0.0", "http://0.0.0.0:11434"],
    [":9000", "http://127.0.0.1:9000"],
    ["http://gpu-box", "http://gpu-box:80"],
    ["https://gpu-box", "https://gpu-box:443"],
    ["https://gpu-box:8443/ollama/", "https://gpu-box:8443/ollama"],
    ["http://127.0.0.1:4242", "http://127.0.0.1:4242"],
    ["[::1]:11500", "http://[::1]:11500"],
    ["::1", "http://[::1]:11434"],
    ["host:notaport", "http://host:11434"],
    ["  http://127.0.0.1:4242  ", "http://127.0.0.1:4242"],
  ])("%j becomes %s", (value, url) => {
    expect(ollamaBaseUrl({ OLLAMA_HOST: value })).toBe(url);
  });

  it("is the default address when unset or blank", () => {
    expect(ollamaBaseUrl({})).toBe(OLLAMA_DEFAULT_URL);
    expect(ollamaBaseUrl({ OLLAMA_HOST: "  " })).toBe(OLLAMA_DEFAULT_URL);
  });
});

describe("ANTHROPIC_BASE_URL, read as Anthropic's SDKs read it", () => {
  it("is the URL as given, else the public address", () => {
    expect(anthropicBaseUrl({ ANTHROPIC_BASE_URL: "http://127.0.0.1:4000" })).toBe("http://127.0.0.1:4000");
    expect(anthropicBaseUrl({})).toBe("https://api.anthropic.com");
  });
});
