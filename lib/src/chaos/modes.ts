import { TEACHING_MODES } from "../server-build/modes.js";

/** Every mode of the teaching server, from its one table, so a new mode is never missed. */
export function teachingModes(): string[] {
  return TEACHING_MODES.map((entry) => entry.mode);
}
