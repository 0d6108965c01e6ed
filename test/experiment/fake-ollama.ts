// A loopback Ollama that behaves as the documented one does where it matters to Part A
// (docs/api.md "Generate a chat completion", docs/context-length.mdx, the FAQ):
//  - the context length is options.num_ctx, else the 4,096-token default; a model is (re)loaded
//    whenever num_ctx changes, and an empty messages list with keep_alive 0 unloads it;
//  - a prompt longer than the context is cut silently: the first few tokens and the tail are kept,
//    the answer is still 200, and the "model" can only choose among the tools that survived;
//  - the final answer has done_reason ("stop", or "length" when generation is cut);
//  - a prompt served from the cache comes back without prompt_eval_count (older Ollama releases).
// Its "model" calls the request's fitting tool when that tool is in what it read, else answers in words.
import { loadCatalogData } from "../../lib/src/experiment/catalog/catalog.js";
import { renderQwen25Native } from "../../lib/src/experiment/prompts/qwen-template.js";
import { countQwenTokens } from "../../lib/src/experiment/prompts/qwen-tokens.js";
import type { McpTool } from "../../lib/src/tools/types.js";
import { loopback, type Answer, type Recorded } from "./loopback.js";

const data = loadCatalogData();
export const OLLAMA_DEFAULT_CONTEXT = 4096;
const KEPT_HEAD = 4;

type ChatBody = {
  model: string;
  messages: { role: string; content: string }[];
  tools?: { type: "function"; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
  format?: { properties: { tool: { enum: string[] } } };
  keep_alive?: number;
  options?: { num_ctx?: number; num_predict?: number };
};

export type FakeOllamaOptions = {
  /** Request ids whose answer is cut by num_predict: done_reason "length", no call. */
  cutShort?: readonly string[];
  /** Leave prompt_eval_count out when a prompt repeats the previous one (served from the cache). */
  omitCountWhenCached?: boolean;
};

export async function fakeOllama(options: FakeOllamaOptions = {}) {
  const state = {
    loads: 0,
    truncated: 0,
    loaded: null as { model: string; numCtx: number } | null,
    previous: "",
    numCtxSeen: [] as number[],
  };
  const handler = (request: Recorded): Answer => {
    if (request.path !== "/api/chat") return { status: 404, body: { error: "404 page not found" } };
    const body = request.body as ChatBody;
    const numCtx = body.options?.num_ctx ?? OLLAMA_DEFAULT_CONTEXT;
    state.numCtxSeen.push(numCtx);
    if (body.messages.length === 0 && body.keep_alive === 0) {
      state.loaded = null;
      return {
        body: {
          model: body.model,
          created_at: new Date().toISOString(),
          message: { role: "assistant", content: "" },
          done_reason: "unload",
          done: true,
        },
      };
    }
    if (state.loaded === null || state.loaded.model !== body.model || state.loaded.numCtx !== numCtx) {
      state.loads++;
      state.loaded = { model: body.model, numCtx };
    }
    const user = body.messages.at(-1)!.content;
    const tools: McpTool[] = (body.tools ?? []).map((t) => ({
      name: t.function.name,
      description: t.function.description,
      inputSchema: t.function.parameters as McpTool["inputSchema"],
    }));
    const prompt = renderQwen25Native(user, tools);
    const tokens = countQwenTokens(prompt);
    // What survives a cut: the head and the last (numCtx - head) tokens; a tool survives if its line is in the tail.
    const keep = numCtx - KEPT_HEAD;
    const cut = tokens > numCtx;
    if (cut) state.truncated++;
    const survives = (name: string) => {
      if (!cut) return true;
      const at =
        prompt.indexOf(`"name":"${name}"`) >= 0 ? prompt.indexOf(`"name":"${name}"`) : prompt.indexOf(`- ${name}:`);
      return at >= 0 && countQwenTokens(prompt.slice(at)) <= keep;
    };
    const asked = data.requests.find((r) => user === r.text || user.includes(`Request: ${r.text}\n`));
    const cached = prompt === state.previous;
    state.previous = prompt;
    const counters = {
      done: true,
      total_duration: 900_000_000,
      load_duration: 1_000_000,
      ...(cached && options.omitCountWhenCached ? {} : { prompt_eval_count: cut ? numCtx : tokens }),
      prompt_eval_duration: 300_000_000,
      eval_count: 12,
      eval_duration: 100_000_000,
    };
    const base = { model: body.model, created_at: new Date().toISOString() };
    if (asked !== undefined && options.cutShort?.includes(asked.id)) {
      return { body: { ...base, message: { role: "assistant", content: "" }, done_reason: "length", ...counters } };
    }
    const fits = asked !== undefined && survives(asked.expected);
    if (body.format !== undefined) {
      const allowed = body.format.properties.tool.enum;
      const chosen = fits && allowed.includes(asked.expected) ? asked.expected : allowed.at(-1)!;
      return {
        body: {
          ...base,
          message: { role: "assistant", content: JSON.stringify({ tool: chosen }) },
          done_reason: "stop",
          ...counters,
        },
      };
    }
    if (fits && tools.some((t) => t.name === asked.expected)) {
      return {
        body: {
          ...base,
          message: {
            role: "assistant",
            content: "",
            tool_calls: [{ function: { name: asked.expected, arguments: {} } }],
          },
          done_reason: "stop",
          ...counters,
        },
      };
    }
    return {
      body: {
        ...base,
        message: { role: "assistant", content: "I can't look that up." },
        done_reason: "stop",
        ...counters,
      },
    };
  };
  const server = await loopback(handler);
  return { ...server, state };
}
