import { once } from "node:events";
import * as http from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** The raw request target, exactly as sent (path and query, not decoded). */
  url: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON, or undefined when empty. */
  body: unknown;
  /** Arrival time (epoch ms). */
  at: number;
}

/** What the server answers. */
export interface CannedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, instead of `body`. */
  raw?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Close the socket without answering. */
  destroy?: boolean;
}

export type Handler = (request: RecordedRequest, index: number) => CannedResponse | Promise<CannedResponse>;

/** A local HTTP server on port 0 answering canned responses and recording every request. */
export interface CannedServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  handle(handler: Handler): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startCannedServer(): Promise<CannedServer> {
  let handler: Handler = () => ({ status: 500, body: { message: "no handler" } });
  const requests: RecordedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const recorded: RecordedRequest = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      rawBody,
      body: rawBody === "" ? undefined : JSON.parse(rawBody),
      at: Date.now(),
    };
    const index = requests.push(recorded) - 1;
    const answer = await handler(recorded, index);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.destroy) {
      req.socket.destroy();
      return;
    }
    const text = answer.raw ?? JSON.stringify(answer.body ?? {});
    if (res.destroyed) return;
    res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
    res.end(text);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    handle(next) {
      handler = next;
    },
    reset() {
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port on which nothing listens (taken, then released). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
