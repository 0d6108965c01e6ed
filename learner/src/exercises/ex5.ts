// Exercise 5, two requests in flight: the notebook's countInFlight(context, texts), graded as exercise5.
import type { ClientContext } from "mcp-workbook/pieces";
import { notImplemented } from "../not-implemented.js";

/**
 * The table of outstanding ids. `context` is a ready client's context (send, nextId, nextFrame,
 * timeoutMs): send a word_count call for every text before reading any reply, read every reply
 * under one deadline for the whole batch, bind each reply to its request by id, refuse a reply
 * that answers nothing you are waiting for (new ProtocolError("wrong-id", { what, expected })),
 * and return the answers in the order asked.
 */
export async function exercise5(context: ClientContext, texts: readonly string[]): Promise<string[]> {
  void context;
  void texts;
  return notImplemented("exercise5");
}
