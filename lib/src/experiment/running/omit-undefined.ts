// With exactOptionalPropertyTypes a record may not hold `key: undefined` where the key is optional:
// the record is written with every key, and this one function leaves out the ones it lacks.

type MaybeKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/** `T` with each key that may be undefined made optional instead. */
export type WithoutUndefined<T> = { [K in Exclude<keyof T, MaybeKeys<T>>]: T[K] } & {
  [K in MaybeKeys<T>]?: Exclude<T[K], undefined>;
};

/** A copy of `record` without the keys whose value is undefined, the others in their order. */
export function omitUndefined<T extends object>(record: T): WithoutUndefined<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as WithoutUndefined<T>;
}
