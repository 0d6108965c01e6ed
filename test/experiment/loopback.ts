// A loopback HTTP server that stands in for Ollama or Anthropic in tests: it records every request
// body and answers from a script. Only these two remote services are stood in for.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type Recorded = { path: string; headers: IncomingMessage["headers"]; body: unknown };
export type Answer = { status?: number; body: unknown; headers?: Record<string, string> };
export type Handler = (request: Recorded, index: number) => Answer;

export async function loopback(
  handler: Handler,
): Promise<{ url: string; requests: Recorded[]; close(): Promise<void> }> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        path: req.url ?? "",
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null") as unknown,
      };
      requests.push(recorded);
      const answer = handler(recorded, requests.length - 1);
      res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...(answer.headers ?? {}) });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
