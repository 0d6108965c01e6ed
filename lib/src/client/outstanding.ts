import { ProtocolError } from "../errors/protocol-error.js";
import { describeValue, showId } from "../errors/wording.js";

/** What an incoming response's id means to us. */
export type IdMatch =
  { readonly kind: "pending"; readonly id: number } | { readonly kind: "late"; readonly id: number };

/**
 * The table of requests in flight. Ids are the integers we sent, 1, 2, 3...; a response binds
 * to a pending id by exact type and value. A response for a request that already passed its
 * deadline is late: it is dropped and counted, never attached to another request. Anything
 * else (an id we never sent, a second answer to one request, an id of another type) means the
 * stream is confused, and is refused.
 */
export class OutstandingRequests {
  private readonly pending = new Map<number, string>();
  private readonly expired = new Set<number>();
  private lastId = 0;
  #lateReplies = 0;

  /** Responses that arrived after their request's deadline, dropped. */
  get lateReplies(): number {
    return this.#lateReplies;
  }

  /** Ids sent and still awaited, oldest first. */
  get inFlight(): number[] {
    return [...this.pending.keys()];
  }

  /** The id the next open() will allocate (encode before allocating, so a refusal costs no id). */
  get nextId(): number {
    return this.lastId + 1;
  }

  /** Allocates the next id for `method` and records it as pending. */
  open(method: string): number {
    this.lastId += 1;
    this.pending.set(this.lastId, method);
    return this.lastId;
  }

  /** Binds a response id to a pending request, or to a late one; refuses anything else. */
  match(id: unknown): IdMatch {
    if (typeof id === "number" && Number.isInteger(id)) {
      if (this.pending.has(id)) return { kind: "pending", id };
      if (this.expired.delete(id)) {
        this.#lateReplies += 1;
        return { kind: "late", id };
      }
    }
    const waiting = this.inFlight;
    const sent = typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= this.lastId;
    throw new ProtocolError("wrong-id", {
      what: `response id ${showId(id)} does not answer ${waiting.length === 1 ? `request ${waiting[0]}` : `any of requests [${waiting.join(", ")}]`}${sent ? " (that request was already answered)" : ""}`,
      expected: waiting.length === 1 ? `the integer ${waiting[0]}` : `one of the integers [${waiting.join(", ")}]`,
      received: describeValue(id),
    });
  }

  /** The request got its answer. */
  settle(id: number): void {
    this.pending.delete(id);
  }

  /** These requests passed their deadline: a reply that still comes for them will be dropped. */
  expire(ids: Iterable<number>): void {
    for (const id of ids) {
      if (this.pending.delete(id)) this.expired.add(id);
    }
  }

  /** These requests were never fully sent: no reply can come for them. */
  forget(ids: Iterable<number>): void {
    for (const id of ids) this.pending.delete(id);
  }
}
