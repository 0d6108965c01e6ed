// The chapter's own figures, quoted with where each appears. They are not receipts: nothing here
// was measured by this repository, so they are kept in their own file kind and never become rows.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { DataError } from "../../errors/data-error.js";
import { UsageError } from "../../errors/usage-error.js";

/** "chapter 14, Part A, figure '...'" or "chapter 14, Part A, section '...'". */
const Where = z.string().regex(/^chapter 14, /, "a location starting with 'chapter 14, '");
const Id = z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, "a kebab-case id");
/** The figure as the chapter writes it ("$2.51 USD", "sevenfold"), so nothing is lost to rounding. */
const Stated = z.string().min(1);

const Condition = z
  .object({
    model: z.string().min(1).optional(),
    protocol: z.enum(["native", "choice"]).optional(),
    kind: z.enum(["unrelated", "confusable"]).optional(),
    /** Tools offered; several when the chapter states one figure for each of them. */
    sizes: z.array(z.number().int().positive()).min(1).optional(),
    search: z.enum(["bm25", "all-minilm"]).optional(),
  })
  .strict();

const SeriesFigure = z
  .object({
    id: Id,
    type: z.literal("series"),
    where: Where,
    title: z.string().min(1),
    xLabel: z.string().min(1),
    yLabel: z.string().min(1),
    unit: z.enum(["tokens", "share", "answers"]),
    /** Requests behind each value when values are shares or counts of answers. */
    n: z.number().int().positive().optional(),
    x: z.array(z.union([z.number(), z.string()])).min(1),
    series: z
      .array(
        z
          .object({
            label: z.string().min(1),
            model: z.string().min(1).optional(),
            protocol: z.enum(["native", "choice"]).optional(),
            values: z.array(z.number()),
          })
          .strict(),
      )
      .min(1),
  })
  .strict()
  .superRefine((figure, ctx) => {
    figure.series.forEach((line, i) => {
      if (line.values.length !== figure.x.length) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["series", i, "values"],
          message: `expected ${figure.x.length} values (one per x), got ${line.values.length}`,
        });
      }
    });
  });

const ValueFigure = z
  .object({
    id: Id,
    type: z.literal("value"),
    where: Where,
    what: z.string().min(1),
    value: z.number(),
    unit: z.enum(["USD", "tools", "requests", "models", "share", "tokens", "s", "ms", "calls"]),
    /** The chapter says "about" or "≈". */
    approximate: z.boolean().optional(),
    stated: Stated,
  })
  .strict();

const CountFigure = z
  .object({
    id: Id,
    type: z.literal("count"),
    where: Where,
    what: z.string().min(1),
    condition: Condition.optional(),
    k: z.number().int().nonnegative(),
    n: z.number().int().positive(),
    stated: Stated,
  })
  .strict()
  .refine((f) => f.k <= f.n, { message: "k must not exceed n" });

/** A Wilson 95% interval the chapter prints, with the count it was computed from. */
const IntervalFigure = z
  .object({
    id: Id,
    type: z.literal("interval"),
    where: Where,
    what: z.string().min(1),
    k: z.number().int().nonnegative(),
    n: z.number().int().positive(),
    low: z.number().min(0).max(1),
    high: z.number().min(0).max(1),
    stated: Stated,
  })
  .strict()
  .refine((f) => f.k <= f.n && f.low <= f.high, { message: "expected k <= n and low <= high" });

/** "between 22 and 24 of 24": a span the chapter gives instead of one number. */
const RangeFigure = z
  .object({
    id: Id,
    type: z.literal("range"),
    where: Where,
    what: z.string().min(1),
    low: z.number(),
    high: z.number(),
    n: z.number().int().positive().optional(),
    unit: z.enum(["requests", "tokens"]),
    stated: Stated,
  })
  .strict()
  .refine((f) => f.low <= f.high, { message: "low must not exceed high" });

/** "sevenfold", "a third of the tokens": a proportion stated in words. */
const RatioFigure = z
  .object({
    id: Id,
    type: z.literal("ratio"),
    where: Where,
    what: z.string().min(1),
    numerator: z.number().positive(),
    denominator: z.number().positive(),
    stated: Stated,
  })
  .strict();

export const PublishedFigureSchema = z.union([
  SeriesFigure,
  ValueFigure,
  CountFigure,
  IntervalFigure,
  RangeFigure,
  RatioFigure,
]);

export const PublishedFiguresSchema = z
  .object({
    kind: z.literal("published-figures"),
    source: z.string().min(1),
    note: z.string().min(1),
    figures: z.array(PublishedFigureSchema).min(1),
  })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.figures.forEach((figure, i) => {
      if (seen.has(figure.id)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["figures", i, "id"],
          message: `duplicate figure id "${figure.id}"`,
        });
      }
      seen.add(figure.id);
    });
  });

export type PublishedFigure = z.infer<typeof PublishedFigureSchema>;
export type PublishedFigures = z.infer<typeof PublishedFiguresSchema>;
export type PublishedSeriesFigure = Extract<PublishedFigure, { type: "series" }>;

/** The figure with this id and type, or a clear error naming what the file holds instead. */
export function publishedFigure<T extends PublishedFigure["type"]>(
  file: PublishedFigures,
  id: string,
  type: T,
): Extract<PublishedFigure, { type: T }> {
  const figure = file.figures.find((f) => f.id === id);
  if (figure === undefined) {
    throw new UsageError("figure", {
      what: `published figures: no figure "${id}"`,
      expected: `one of the file's ${file.figures.length} figure ids`,
      received: JSON.stringify(id),
    });
  }
  if (figure.type !== type) {
    throw new UsageError("figure", {
      what: `published figures: "${id}" is a ${figure.type}`,
      expected: `a ${type}`,
      received: `a ${figure.type}`,
    });
  }
  return figure as Extract<PublishedFigure, { type: T }>;
}

/** Parses and validates the published-figures file (evidence/published/ch14-figures.json). */
export function loadPublishedFigures(path: string): PublishedFigures {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (cause) {
    throw new DataError(
      "unreadable",
      {
        what: `published figures: cannot read JSON from ${path}`,
        expected: "a readable JSON file",
        received: (cause as Error).message,
      },
      { cause },
    );
  }
  const parsed = PublishedFiguresSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new DataError(
      "invalid",
      {
        what: `published figures: ${path} is not a valid published-figures file`,
        expected: "the published-figures schema",
        received: issues.join("; "),
      },
      { cause: parsed.error },
    );
  }
  return parsed.data;
}
