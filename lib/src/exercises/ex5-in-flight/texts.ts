// Exercise 5's inputs.
/** Word counts 1 and 5, so answers swapped by arrival order show. */
export const IN_FLIGHT_TEXTS: readonly string[] = ["vanilla", "mint chip and cookie dough"];
