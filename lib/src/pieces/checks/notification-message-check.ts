// The check of notificationMessage: a notification has no id key at all (nobody answers it),
// and a params key only when params are given.
import { expect, fn, shown } from "./check-helpers.js";
import type { Body } from "./check-types.js";

export const notificationMessageCheck: Body = (pieces) => {
  const made = fn(pieces, "notificationMessage")("notifications/initialized") as Record<string, unknown>;
  expect(
    JSON.stringify(made) === '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    () => shown(made),
    "a notification has no id at all (not even id: undefined or null), so nobody answers it",
  );
  expect(!("id" in made), "no id key", () => shown(Object.keys(made)), "leave the id key out entirely");
  expect(
    !("params" in made),
    "no params key when none are given",
    () => `the keys ${shown(Object.keys(made))}`,
    "params: undefined still writes a params key: leave the key out unless params are given",
  );
  const withParams = fn(pieces, "notificationMessage")("notifications/message", { level: "info" });
  expect(
    JSON.stringify(withParams) === '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}',
    "params kept when given",
    () => shown(withParams),
    "params appear only when the caller gives them",
  );
  return "no id, params only when given";
};
