// Exercise 4's property: on every generated chain, the learner's loop does what the reference loop
// does. It returns the same tools from the same pages, or it refuses on the same page, as a
// ProtocolError with reason "catalog", naming the cursor when one came back. The first chain it
// gets wrong, the smallest, is the verdict, with the hint for that kind of chain.
import { notYet } from "../exercise-harness.js";
import { seededChains, type ChainKind, type CursorChain } from "./chains.js";
import type { CursorOutcome, CursorTrial } from "./trial-types.js";

type Runner = (trial: CursorTrial) => Promise<CursorOutcome>;

/** The idea each kind of chain tests; never a library function or option. */
export const CHAIN_HINTS: Readonly<Record<ChainKind, string>> = {
  complete:
    "a list within both bounds comes back whole: every page's tools in order, empty pages included, up to the first page with no cursor.",
  "at-pages":
    "a list that ends on the last page the bound allows is within it: refuse only when that page still points further.",
  "at-tools":
    "a list of exactly as many tools as the bound allows is within it: refuse only once the total passes the bound.",
  "past-pages":
    "count the pages you have read; once the page bound is reached and the page still points further, refuse before asking again.",
  "past-tools": "add up the tools over every page; refuse as soon as the total passes the tool bound, not at the end.",
  cycle:
    "remember every cursor you were given, not only the last one: a cursor seen before, however long ago, means the list goes round in a circle.",
};

const REFUSAL_HINT =
  "a list the server sent that breaks a rule is the server's mistake: refuse it as the protocol's error, with the catalog as its reason, " +
  "so the caller can tell it from a bug of its own.";

const names = (outcome: CursorOutcome): string => `[${(outcome.names ?? []).join(", ")}]`;
const said = (outcome: CursorOutcome): string =>
  outcome.error === undefined
    ? `returned ${names(outcome)}`
    : `${outcome.error.name}${outcome.error.reason === undefined ? "" : ` (${outcome.error.reason})`}: ${outcome.error.message}`;

/** Why `got` is not what the reference did on `chain`, with the idea that would fix it; undefined when it is. */
function mismatch(
  chain: CursorChain,
  want: CursorOutcome,
  got: CursorOutcome,
): { wrong: string; hint: string } | undefined {
  const pages = (outcome: CursorOutcome): number => outcome.asked.length;
  const { maxPages, maxTools } = chain.bounds;
  if (want.error === undefined) {
    const hint =
      pages(want) === maxPages
        ? CHAIN_HINTS["at-pages"]
        : want.names?.length === maxTools
          ? CHAIN_HINTS["at-tools"]
          : CHAIN_HINTS.complete;
    if (got.error !== undefined)
      return { wrong: `the list is within both bounds, and your function refused it: ${said(got)}`, hint };
    if (names(got) !== names(want)) return { wrong: `expected ${names(want)}, in order; got ${names(got)}`, hint };
    if (pages(got) !== pages(want))
      return { wrong: `expected ${pages(want)} page(s) asked for; your function asked ${pages(got)}`, hint };
    return undefined;
  }
  const hint = CHAIN_HINTS[chain.kind];
  if (got.error === undefined)
    return {
      wrong: `your function ${said(got)} after ${pages(got)} page(s); the reference refuses on page ${pages(want)}`,
      hint,
    };
  if (pages(got) !== pages(want))
    return {
      wrong: `your function asked ${pages(got)} page(s) and then said "${said(got)}"; expected a refusal on page ${pages(want)}`,
      hint,
    };
  if (got.error.name !== "ProtocolError" || got.error.reason !== "catalog")
    return { wrong: `expected a ProtocolError with reason "catalog"; got ${said(got)}`, hint: REFUSAL_HINT };
  // On the last page the bound allows, a repeat and the page bound both refuse it: either reason is right.
  if (chain.repeated !== undefined && pages(want) < maxPages && !got.error.message.includes(chain.repeated))
    return {
      wrong: `the refusal must name the cursor that came back, ${JSON.stringify(chain.repeated)}; it said "${got.error.message}"`,
      hint,
    };
  return undefined;
}

/** Runs every chain of `seed` through the learner's loop and the reference; fails on the smallest it gets wrong. */
export async function judgeChains(
  run: Runner,
  reference: Runner,
  seed: number,
  within: (what: string, work: () => Promise<CursorOutcome>) => Promise<CursorOutcome>,
): Promise<string> {
  const judged = await Promise.all(
    seededChains(seed).map(async (chain) => ({
      chain,
      want: await reference({ pages: chain.pages, bounds: chain.bounds }),
    })),
  );
  // Smallest first: the fewest pages the reference reads, then the fewest tools.
  judged.sort(
    (a, b) => a.want.asked.length - b.want.asked.length || (a.want.names?.length ?? 0) - (b.want.names?.length ?? 0),
  );
  for (const { chain, want } of judged) {
    const got = await within(`your function on ${chain.label}`, () =>
      run({ pages: chain.pages, bounds: chain.bounds }),
    );
    const found = mismatch(chain, want, got);
    if (found !== undefined) notYet(`on ${chain.label}: ${found.wrong}. Hint: ${found.hint}`);
  }
  const cycles = judged.filter(({ chain }) => chain.kind === "cycle").length;
  return `${judged.length} generated lists (${cycles} cycles) as the reference does`;
}
