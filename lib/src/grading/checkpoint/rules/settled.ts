// Scenarios a rule runs side by side: a few at a time (each starts a server and a relay, and a burst
// of them on two cores would stretch every deadline), every one let finish, its session closed,
// before the rule ends; the first failure in the scenarios' own order is the rule's, as in turn.

/** `work` over `items`, `width` at a time, results in order; throws the first rejection once all settled. */
export async function settledInOrder<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const settled: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) {
      settled[index] = await work(items[index]!).then(
        (value): PromiseFulfilledResult<R> => ({ status: "fulfilled", value }),
        (reason: unknown): PromiseRejectedResult => ({ status: "rejected", reason }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, lane));
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed !== undefined) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<R>).value);
}
