import { describe, expect, it } from "vitest";
import { anthropicUrlFromEnv, ollamaUrlFromEnv } from "../../lib/src/cli/service-addresses.js";

describe("OLLAMA_HOST, read as Ollama reads it", () => {
  it.each([
    ["127.0.0.1:11500", "http://127.0.0.1:11500"],
    ["example.org", "http://example.org:11434"],
    ["0.0.0.0", "http://0.0.0.0:11434"],
    [":9000", "http://127.0.0.1:9000"],
    ["http://gpu-box", "http://gpu-box:80"],
    ["https://gpu-box", "https://gpu-box:443"],
    ["https://gpu-box:8443/ollama/", "https://gpu-box:8443/ollama"],
    ["[::1]:11500", "http://[::1]:11500"],
    ["::1", "http://[::1]:11434"],
    ["host:notaport", "http://host:11434"],
    ["  http://127.0.0.1:4242  ", "http://127.0.0.1:4242"],
  ])("%j becomes %s", (value, url) => {
    expect(ollamaUrlFromEnv({ OLLAMA_HOST: value })).toBe(url);
  });

  it("is undefined when unset or blank, so the provider's default applies", () => {
    expect(ollamaUrlFromEnv({})).toBeUndefined();
    expect(ollamaUrlFromEnv({ OLLAMA_HOST: "  " })).toBeUndefined();
  });
});

describe("ANTHROPIC_BASE_URL, read as Anthropic's SDKs read it", () => {
  it("is the URL as given, without a trailing slash", () => {
    expect(anthropicUrlFromEnv({ ANTHROPIC_BASE_URL: "http://127.0.0.1:4000/" })).toBe("http://127.0.0.1:4000");
    expect(anthropicUrlFromEnv({})).toBeUndefined();
  });
});
