// Using a client under test inside a check: the work, then close(), both bounded. When the work
// failed, that failure is the verdict and a failing close() must not hide it; the harness ends
// the server's group either way.
import type { CheckContext } from "./harness.js";
import type { ClientUnderTest } from "./implementation.js";

export const CLOSE_BOUND_MS = 5000;

export async function usingClient<T>(context: CheckContext, client: ClientUnderTest, work: () => Promise<T>): Promise<{ value: T; status: unknown }> {
  let value: T;
  try {
    value = await work();
  } catch (error) {
    await context.within(CLOSE_BOUND_MS, "close()", () => client.close()).catch(() => undefined);
    throw error;
  }
  const status = await context.within(CLOSE_BOUND_MS, "close()", () => client.close());
  return { value, status };
}
