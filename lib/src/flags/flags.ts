import { parseArgs } from "node:util";
import { UsageError } from "../errors/usage-error.js";

/** The options a command takes: `--name VALUE` (string) or a bare `--name` (boolean). */
export type FlagSpec = Readonly<Record<string, { readonly type: "string" | "boolean"; readonly short?: string }>>;

export type FlagValues<S extends FlagSpec> = {
  -readonly [K in keyof S]?: S[K]["type"] extends "boolean" ? true : string;
};

/**
 * Every command line of ours, read by node:util's parseArgs (its tokens: `--flag value`,
 * `--flag=value`, `-h`, `--`), then checked more strictly than its own strict mode, with words a
 * learner can act on: an unknown option, a missing or empty value, a value given to a switch, an
 * option given twice, or a positional where the command takes none is a UsageError (reason
 * "arguments") saying what was expected. parseArgs's strict mode would also refuse a value that
 * starts with a dash ("--max-usd -1"), which we would rather name as the bad number it is.
 */
export function readFlags<S extends FlagSpec>(
  argv: readonly string[],
  spec: S,
  options: { positionals?: boolean } = {},
): { values: FlagValues<S>; positionals: string[] } {
  const { tokens } = parseArgs({ args: [...argv], options: spec, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | true> = {};
  const positionals: string[] = [];
  const known = Object.keys(spec)
    .map((name) => `--${name}`)
    .join(", ");
  for (const token of tokens) {
    if (token.kind === "option-terminator") continue;
    if (token.kind === "positional") {
      if (options.positionals !== true)
        throw new UsageError("arguments", {
          what: `unknown argument ${JSON.stringify(token.value)}`,
          expected: `only the options ${known}`,
        });
      positionals.push(token.value);
      continue;
    }
    const option = Object.hasOwn(spec, token.name) ? spec[token.name] : undefined;
    if (option === undefined)
      throw new UsageError("arguments", {
        what: `unknown argument ${JSON.stringify(token.rawName)}`,
        expected: `one of ${known}`,
      });
    if (Object.hasOwn(values, token.name))
      throw new UsageError("arguments", { what: `${token.rawName} given twice`, expected: "each option once" });
    if (option.type === "boolean") {
      if (token.value !== undefined)
        throw new UsageError("arguments", {
          what: `${token.rawName} takes no value`,
          expected: token.rawName,
          received: JSON.stringify(`${token.rawName}=${token.value}`),
        });
      values[token.name] = true;
    } else {
      if (token.value === undefined || token.value === "")
        throw new UsageError("arguments", {
          what: `${token.rawName} expects a value, got none`,
          expected: `${token.rawName} VALUE`,
        });
      values[token.name] = token.value;
    }
  }
  return { values: values as FlagValues<S>, positionals };
}

/** A whole number from `min` to `max` given as `flag`'s value, or the UsageError that says so. */
export function wholeNumber(flag: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError("arguments", {
      what: `invalid ${flag}`,
      expected:
        max === Number.MAX_SAFE_INTEGER ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`,
      received: JSON.stringify(text),
    });
  }
  return value;
}

/**
 * For a script's main (fuzz, chaos, a bench): the parsed arguments, or, on a UsageError, the
 * message and the usage on stderr and exit status 2, as every command of ours does.
 */
export function argumentsOrExit<T>(command: string, usage: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${command}: ${error.message}\n${usage}\n`);
    process.exit(2);
  }
}
