import { WorkbookError } from "./workbook-error.js";
import type { Wording } from "./wording.js";

/** One reason: the class itself says what happened. */
export const SERVER_REASONS = ["error-response"] as const;
export type ServerReason = (typeof SERVER_REASONS)[number];

/** The server answered with a JSON-RPC error object: its numeric code and message are kept. */
export class ServerError extends WorkbookError {
  readonly code = "server" as const;
  declare readonly reason: ServerReason;
  readonly rpcCode: number;
  readonly rpcMessage: string;
  readonly data: unknown;

  constructor(rpc: { code: number; message: string; data?: unknown }, wording: Wording) {
    super("error-response", wording);
    this.rpcCode = rpc.code;
    this.rpcMessage = rpc.message;
    this.data = rpc.data;
  }
}
