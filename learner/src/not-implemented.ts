/**
 * What every stub throws until you write it. The checkpoint prints this message in its FAIL line,
 * so the name tells you which function to open next.
 */
export function notImplemented(name: string): never {
  throw new Error(`not implemented: ${name} — notebooks/ch14-part-b-build.ipynb teaches it, one section a piece`);
}
