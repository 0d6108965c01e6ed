// `mcp-workbook experiment`: run Part A's design against a provider and write a receipt.
import { ollamaEmbeddingScorer } from "../tools/embedding-scorer.js";
import { createInterface } from "node:readline/promises";
import { anthropicProvider } from "../experiment/providers/anthropic-provider.js";
import { readSecret } from "../experiment/providers/dotenv.js";
import { dryRunPlan, formatDryRun } from "../experiment/running/dry-run.js";
import { maskSecrets, type RetryNotice } from "../http/http-json.js";
import { CATALOG_SIZES, type CatalogSize } from "../experiment/catalog/catalog-schema.js";
import { loadCatalogData } from "../experiment/catalog/catalog.js";
import {
  ALL_KINDS,
  ALL_PROTOCOLS,
  ALL_SIZES,
  CHAPTER_SEARCH_CATALOGS,
  type Design,
  type SearchSpec,
} from "../experiment/running/design.js";
import { LEXICAL_DEFAULT_MODEL, lexicalProvider } from "../experiment/providers/lexical-provider.js";
import { ollamaBaseUrl, ollamaProvider } from "../experiment/providers/ollama-provider.js";
import { terminalProgress } from "../experiment/running/progress.js";
import type { Provider } from "../experiment/providers/provider.js";
import {
  CatalogKindSchema,
  ProtocolSchema,
  SearchMethodSchema,
  type CatalogKind,
  type Protocol,
} from "../experiment/receipts/receipt.js";
import { runExperiment } from "../experiment/running/runner.js";
import { UsageError } from "../errors/usage-error.js";
import { readFlags } from "../flags/flags.js";
import type { Wording } from "../errors/wording.js";

export const EXPERIMENT_USAGE = `usage: mcp-workbook experiment --provider ollama|anthropic|lexical --out FILE [options]
  --model M[,M2,...]        model(s) to ask, each the whole design, into one receipt
                            (lexical default: ${LEXICAL_DEFAULT_MODEL}, one only; required otherwise)
  --sizes 8,16,32,64        catalog sizes (default all four)
  --kinds unrelated,confusable
  --protocols native,choice[,choice-none]
                            choice-none: the constrained choice with a none_of_these option
  --decline                 also run choice-none (same as adding it to --protocols)
  --no-tool-requests        also ask the six requests that need no tool (expected: no call)
  --search bm25,embed       also offer only a search's top tools, on the 64-tool confusable catalog
  --top 5                   how many tools a search keeps (default 5)
  --max-usd N               stop before a request that could take spending past N (anthropic;
                            default: the design's worst case, printed before the run)
  --base-url URL            the provider's address (default: OLLAMA_HOST, or ANTHROPIC_BASE_URL)
  --seed N                  base seed of the per-request shuffles (default 14)
  --dry-run                 contact nothing: print the rows, the offline tokens per condition
                            and the worst case per model at list price
  --yes                     start a paid run without asking (needed when not on a terminal)
An existing --out receipt is resumed: rows already in it are not asked again.
Ollama is reached at OLLAMA_HOST (default 127.0.0.1:11434), for the embedding search too;
the Messages API at ANTHROPIC_BASE_URL (default https://api.anthropic.com).`;

export const DEFAULT_BASE_SEED = 14;

const EXPERIMENT_FLAGS = {
  provider: { type: "string" },
  model: { type: "string" },
  out: { type: "string" },
  sizes: { type: "string" },
  kinds: { type: "string" },
  protocols: { type: "string" },
  search: { type: "string" },
  top: { type: "string" },
  "max-usd": { type: "string" },
  "base-url": { type: "string" },
  seed: { type: "string" },
  decline: { type: "boolean" },
  "no-tool-requests": { type: "boolean" },
  "dry-run": { type: "boolean" },
  yes: { type: "boolean" },
} as const;

export type ExperimentArgs = {
  provider: "ollama" | "anthropic" | "lexical";
  /** The --model value as given (comma-separated when several). */
  model: string;
  models: string[];
  out: string;
  design: Design;
  noToolRequests: boolean;
  maxUsd?: number;
  baseUrl?: string;
  seed: number;
  dryRun: boolean;
  yes: boolean;
};

/** A bad command line: exit 2, with the usage. */
function usage(wording: Wording): UsageError {
  return new UsageError("arguments", wording);
}

function list<T>(flag: string, value: string, parse: (item: string) => T | undefined, expected: string): T[] {
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  if (items.length === 0)
    throw usage({ what: `${flag} lists nothing`, expected: `at least one of ${expected}`, received: `"${value}"` });
  return items.map((item) => {
    const parsed = parse(item);
    if (parsed === undefined)
      throw usage({ what: `${flag}: unknown value`, expected: `one of ${expected}`, received: `"${item}"` });
    return parsed;
  });
}

function positiveNumber(flag: string, value: string, integer: boolean): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || (integer && !Number.isInteger(n)) || n <= 0) {
    throw usage({
      what: `invalid ${flag}`,
      expected: `a positive ${integer ? "whole number" : "number"}`,
      received: `"${value}"`,
    });
  }
  return n;
}

/** Parse the command's arguments; throws a usage error (exit 2) that says what was expected. */
export function parseExperimentArgs(argv: readonly string[]): ExperimentArgs {
  const { values: flags } = readFlags(argv, EXPERIMENT_FLAGS);
  const provider = flags.provider;
  if (provider !== "ollama" && provider !== "anthropic" && provider !== "lexical") {
    throw usage({
      what: "unknown --provider",
      expected: "ollama, anthropic or lexical",
      received: provider === undefined ? "nothing" : `"${provider}"`,
    });
  }
  const out = flags.out;
  if (out === undefined)
    throw usage({
      what: "--out FILE is required",
      expected: "the receipt to write, or to resume",
      received: "no --out",
    });
  const model = flags.model ?? (provider === "lexical" ? LEXICAL_DEFAULT_MODEL : undefined);
  if (model === undefined)
    throw usage({
      what: `--model is required for --provider ${provider}`,
      expected: "--model M[,M2,...]",
      received: "no --model",
    });
  const models = list("--model", model, (m) => m, "model names");
  const twice = models.find((m, i) => models.indexOf(m) !== i);
  if (twice !== undefined) throw usage({ what: `--model lists "${twice}" twice`, expected: "each model named once" });
  if (provider === "lexical" && models.length > 1) {
    throw usage({
      what: "--provider lexical answers the same whatever the model is called",
      expected: "one --model",
      received: String(models.length),
    });
  }
  const sizes =
    flags.sizes !== undefined
      ? list<CatalogSize>(
          "--sizes",
          flags.sizes,
          (s) => CATALOG_SIZES.find((size) => String(size) === s),
          CATALOG_SIZES.join(", "),
        )
      : [...ALL_SIZES];
  const kinds =
    flags.kinds !== undefined
      ? list<CatalogKind>("--kinds", flags.kinds, (s) => CatalogKindSchema.safeParse(s).data, ALL_KINDS.join(", "))
      : [...ALL_KINDS];
  const protocols =
    flags.protocols !== undefined
      ? list<Protocol>(
          "--protocols",
          flags.protocols,
          (s) => ProtocolSchema.safeParse(s).data,
          ProtocolSchema.options.join(", "),
        )
      : [...ALL_PROTOCOLS];
  const repeated = protocols.find((p, i) => protocols.indexOf(p) !== i);
  if (repeated !== undefined)
    throw usage({ what: `--protocols lists "${repeated}" twice`, expected: "each protocol named once" });
  if (flags.decline === true) {
    if (protocols.includes("choice-none"))
      throw usage({
        what: "--decline adds choice-none, which --protocols already lists",
        expected: "one or the other",
      });
    protocols.push("choice-none");
  }
  const top = flags.top !== undefined ? positiveNumber("--top", flags.top, true) : 5;
  if (flags.top !== undefined && flags.search === undefined)
    throw usage({ what: "--top is used only with --search", expected: "--search bm25|embed with --top" });
  const searches: SearchSpec[] =
    flags.search !== undefined
      ? list("--search", flags.search, (s) => SearchMethodSchema.safeParse(s).data, "bm25, embed").map((method) => ({
          method,
          top,
        }))
      : [];
  const maxUsd = flags["max-usd"] !== undefined ? positiveNumber("--max-usd", flags["max-usd"], false) : undefined;
  if (flags.yes === true && provider !== "anthropic")
    throw usage({
      what: "--yes applies only to --provider anthropic",
      expected: "--provider anthropic with --yes",
      received: `--provider ${provider}`,
    });
  if (maxUsd !== undefined && provider !== "anthropic")
    throw usage({
      what: "--max-usd applies only to --provider anthropic",
      expected: "--provider anthropic with --max-usd",
      received: `--provider ${provider}`,
    });
  const seedText = flags.seed;
  const seed = seedText === undefined ? DEFAULT_BASE_SEED : Number(seedText);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw usage({ what: "invalid --seed", expected: "a whole number from 0 to 4294967295", received: `"${seedText}"` });
  const baseUrl = flags["base-url"];
  return {
    provider,
    model,
    out,
    models,
    design: { kinds, sizes, protocols, searches, searchCatalogs: CHAPTER_SEARCH_CATALOGS },
    noToolRequests: flags["no-tool-requests"] === true,
    seed,
    dryRun: flags["dry-run"] === true,
    yes: flags.yes === true,
    ...(maxUsd !== undefined ? { maxUsd } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
  };
}

function providerFor(args: ExperimentArgs, onRetry: (notice: RetryNotice) => void): Provider {
  const base = { ...(args.baseUrl !== undefined ? { baseUrl: args.baseUrl } : {}), onRetry };
  if (args.provider === "ollama") return ollamaProvider(base);
  if (args.provider === "anthropic") return anthropicProvider(base);
  return lexicalProvider();
}

/** One line of the progress display for a retry. */
export function retryLine(notice: RetryNotice): string {
  return `retry ${notice.attempt}/${notice.maxAttempts - 1} in ${(notice.waitMs / 1000).toFixed(1)} s: ${notice.why} (${notice.url})`;
}

async function confirmed(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(question);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** Run the command; returns the exit code: 0 done (or stopped by the cap), 1 failed, 2 usage error. */
export async function runExperimentCommand(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${EXPERIMENT_USAGE}\n`);
    return 0;
  }
  let args: ExperimentArgs;
  try {
    args = parseExperimentArgs(argv);
  } catch (error) {
    process.stderr.write(`mcp-workbook experiment: ${(error as Error).message}\n${EXPERIMENT_USAGE}\n`);
    return 2;
  }
  const secrets = args.provider === "anthropic" ? [readSecret("ANTHROPIC_API_KEY") ?? ""].filter((k) => k !== "") : [];
  const mask = (text: string) => maskSecrets(text, secrets);
  try {
    const data = loadCatalogData();
    if (args.dryRun || args.provider === "anthropic") {
      const plan = dryRunPlan({
        provider: args.provider,
        models: args.models,
        data,
        design: args.design,
        baseSeed: args.seed,
        noToolRequests: args.noToolRequests,
      });
      process.stdout.write(`${args.dryRun ? "dry run, nothing contacted: " : ""}${formatDryRun(plan)}\n`);
      if (args.dryRun) return 0;
      args = { ...args, maxUsd: args.maxUsd ?? plan.worstUsd! };
      process.stdout.write(
        `spending cap: $${args.maxUsd!.toFixed(2)}${argv.some((a) => a.startsWith("--max-usd")) ? " (--max-usd)" : " (the worst case above; lower it with --max-usd)"}\n`,
      );
      if (!args.yes) {
        if (!(process.stdin.isTTY && process.stderr.isTTY)) {
          process.stderr.write(
            "mcp-workbook experiment: a paid run needs --yes when it is not started from a terminal\n",
          );
          return 2;
        }
        if (!(await confirmed(`Ask Claude these rows, spending at most $${args.maxUsd!.toFixed(2)}? [y/N] `))) {
          process.stderr.write("mcp-workbook experiment: not started; nothing was asked\n");
          return 1;
        }
      }
    }
    const onRetry = (notice: RetryNotice) => process.stderr.write(`${mask(retryLine(notice))}\n`);
    const provider = providerFor(args, onRetry);
    const embedScorer = args.design.searches.some((s) => s.method === "embed")
      ? ollamaEmbeddingScorer({
          baseUrl: args.provider === "ollama" && args.baseUrl !== undefined ? args.baseUrl : ollamaBaseUrl(),
        })
      : undefined;
    const result = await runExperiment({
      provider,
      model: args.models,
      noToolRequests: args.noToolRequests,
      data,
      design: args.design,
      baseSeed: args.seed,
      out: args.out,
      secrets,
      onProgress: terminalProgress(process.stderr),
      ...(args.maxUsd !== undefined ? { maxUsd: args.maxUsd } : {}),
      ...(embedScorer !== undefined ? { embedScorer } : {}),
    });
    const right = result.receipt.rows.filter((row) => row.outcome === "right").length;
    const cut = result.receipt.rows.filter((row) => row.outcome === "cut-short" || row.outcome === "refused").length;
    const falseCalls = result.receipt.rows.filter((row) => row.outcome === "false-call").length;
    process.stdout.write(
      mask(
        `${args.out}: ${result.receipt.rows.length} rows (${result.asked} asked, ${result.resumed} resumed), ` +
          `${right} routed right${cut > 0 ? `, ${cut} cut short or refused by the service` : ""}` +
          `${args.noToolRequests ? `, ${falseCalls} false calls on requests that need no tool` : ""}; ` +
          `provider ${provider.name} (${provider.label}), model${args.models.length > 1 ? "s" : ""} ${args.models.join(", ")}` +
          (result.receipt.run.spentUsd !== undefined
            ? `; spent $${result.receipt.run.spentUsd.toFixed(4)} at list price`
            : "") +
          "\n",
      ),
    );
    if (result.stopped !== undefined) process.stdout.write(`${mask(result.stopped)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`mcp-workbook experiment: ${mask((error as Error).message)}\n`);
    return 1;
  }
}
