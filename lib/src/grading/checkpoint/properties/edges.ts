// A generator whose edges have names: each named edge is a weighted branch, and every value says
// which branch made it, so a test can draw from a generator and show that each edge is reached.
// fast-check's types stay inside this folder (tslab's TypeScript 5.0 cannot read them): nothing
// exported from a barrel names them.
import fc from "fast-check";

/** A generated input and the edge it came from. */
export interface Edged<T> {
  readonly edge: string;
  readonly value: T;
}

export interface EdgeBranch<T> {
  readonly edge: string;
  readonly weight?: number;
  readonly arbitrary: fc.Arbitrary<T>;
}

/** A generator of named edges. */
export interface EdgeGenerator<T> {
  readonly name: string;
  readonly edges: readonly string[];
  readonly branches: ReadonlyArray<EdgeBranch<T>>;
  readonly arbitrary: fc.Arbitrary<Edged<T>>;
}

export function edgeGenerator<T>(name: string, branches: ReadonlyArray<EdgeBranch<T>>): EdgeGenerator<T> {
  return {
    name,
    edges: branches.map((branch) => branch.edge),
    branches,
    arbitrary: fc.oneof(
      ...branches.map((branch) => ({
        weight: branch.weight ?? 1,
        arbitrary: branch.arbitrary.map((value): Edged<T> => ({ edge: branch.edge, value })),
      })),
    ),
  };
}

/** The edges `count` draws from `generator` (seeded) never reached. */
export function unreachedEdges<T>(generator: EdgeGenerator<T>, count = 1000, seed = 25): string[] {
  const seen = new Set(fc.sample(generator.arbitrary, { numRuns: count, seed }).map((drawn) => drawn.edge));
  return generator.edges.filter((edge) => !seen.has(edge));
}

/** The generator cut down to `edges` (a rule judges only the edges it owns). */
export function onlyEdges<T>(generator: EdgeGenerator<T>, edges: readonly string[]): EdgeGenerator<T> {
  const unknown = edges.filter((edge) => !generator.edges.includes(edge));
  if (unknown.length > 0) throw new Error(`${generator.name} has no edge ${unknown.join(", ")}`);
  return edgeGenerator(
    `${generator.name}: ${edges.join(" ")}`,
    generator.branches.filter((branch) => edges.includes(branch.edge)),
  );
}
