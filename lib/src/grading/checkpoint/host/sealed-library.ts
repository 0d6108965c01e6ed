// When a build notebook's pieces are graded (checkpoint --notebook), the library's own reference
// pieces are put out of their reach: in the host, every export of the library that is one of them
// (answerFor, FrameReader, ..., the reference request/callTool/close, StdioClient, referencePieces),
// under whatever name and in whichever module or object holds it, is replaced by a stand-in that
// throws UsageError("not-written"). A piece that delegates to the library instead of being written
// then fails its rules saying so. Modules the library loads later are sealed as they load.
import Module from "node:module";
import { join, sep } from "node:path";
import { UsageError } from "../../../errors/usage-error.js";

/** The library's compiled root, as this host loaded it. */
const LIBRARY = join(__dirname, "..", "..", "..");

function standIn(name: string): () => never {
  return function sealed(): never {
    // "not implemented", as todo() says it: the rules read it as "not written yet", never as a refusal.
    throw new UsageError("not-written", {
      what: `${name} is not implemented in its build cell: it must be written, not imported`,
      expected: "the piece's own code",
      received: `a call to the library's ${name}, which is out of reach while pieces are graded`,
    });
  };
}

/** Replaces, in `holder`, each property whose value is a reference piece; returns how many. */
function sealHolder(holder: Record<string, unknown>, reference: ReadonlyMap<unknown, string>): number {
  let sealed = 0;
  for (const key of Object.keys(holder)) {
    let value: unknown;
    try {
      value = holder[key];
    } catch {
      continue;
    }
    const name = reference.get(value);
    if (name === undefined) {
      // An object of pieces (REFERENCE_IMPLEMENTATION): its own properties, one level down.
      if (typeof value === "object" && value !== null && !Array.isArray(value) && holder !== value)
        for (const inner of Object.keys(value))
          if (reference.has((value as Record<string, unknown>)[inner]))
            sealed += trySet(value as Record<string, unknown>, inner, reference);
      continue;
    }
    sealed += trySet(holder, key, reference);
  }
  return sealed;
}

function trySet(holder: Record<string, unknown>, key: string, reference: ReadonlyMap<unknown, string>): number {
  try {
    holder[key] = standIn(reference.get(holder[key]) ?? key);
    return 1;
  } catch {
    return 0; // a re-export's getter: it reads the module that defines the name, which is sealed itself
  }
}

/**
 * Seals the library in this process. Returns the number of exports replaced. Call before the
 * graded module loads; afterwards every module of the library that loads is sealed too.
 */
export function sealReferencePieces(): number {
  // Load what holds the reference before collecting it, so each piece is known by identity.
  const pieces = require(join(LIBRARY, "assembly", "reference-pieces.js")) as Record<string, unknown> & {
    referencePieces: () => Record<string, unknown>;
  };
  const client = require(join(LIBRARY, "client", "stdio-client.js")) as Record<string, unknown>;
  const reference = new Map<unknown, string>();
  for (const [name, value] of Object.entries(pieces.referencePieces())) reference.set(value, name);
  for (const [name, value] of Object.entries(pieces)) if (typeof value === "function") reference.set(value, name);
  reference.set(client["StdioClient"], "StdioClient");
  require(join(LIBRARY, "index.js"));

  const sealed = new WeakSet<object>(); // by module, so a module loaded afresh is sealed afresh
  let count = 0;
  const sealLoaded = (): void => {
    for (const [file, loaded] of Object.entries(require.cache)) {
      if (loaded === undefined || sealed.has(loaded) || !file.startsWith(`${LIBRARY}${sep}`)) continue;
      sealed.add(loaded);
      if (typeof loaded.exports === "object" && loaded.exports !== null)
        count += sealHolder(loaded.exports as Record<string, unknown>, reference);
    }
  };
  sealLoaded();
  const internals = Module as unknown as { _load: (...args: unknown[]) => unknown };
  const load = internals._load;
  internals._load = function sealedLoad(this: unknown, ...args: unknown[]): unknown {
    const result = load.apply(this, args);
    sealLoaded();
    return result;
  };
  return count;
}
