import { once } from "node:events";
import * as http from "node:http";
import type { AddressInfo } from "node:net";

/** How a hostile answer is sent; every loop is bounded and stops when the client hangs up. */
export type HostileAnswer =
  /** 200, chunked, 1 MB every 10 ms, up to 2,000 times (2 GB). */
  | { kind: "endless" }
  /** 200, one byte a second of `{"data":...`, up to 600 bytes. */
  | { kind: "trickle" }
  /** 200 with `Content-Length` of `bytes`, sent in 1 MB chunks. */
  | { kind: "huge"; bytes: number }
  /** `status` with `text`, at once. */
  | { kind: "text"; status: number; text: string };

/** A local server on 127.0.0.1 port 0 whose answers are hostile. */
export interface HostileServer {
  url: string;
  /** Requests received, as `METHOD path`. */
  requests: string[];
  /** Sets what every following request gets. */
  answer(answer: HostileAnswer): void;
  close(): Promise<void>;
}

const MB = Buffer.alloc(1024 * 1024, "a");

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function send(res: http.ServerResponse, answer: HostileAnswer): Promise<void> {
  let closed = false;
  res.on("close", () => {
    closed = true;
  });
  // Writes respect back-pressure, so that the server's buffers stay small too.
  const write = async (chunk: Buffer | string) => {
    if (res.write(chunk) || closed) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off("drain", done);
        res.off("close", done);
        resolve();
      };
      res.on("drain", done);
      res.on("close", done);
    });
  };
  if (answer.kind === "text") {
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(answer.text);
    return;
  }
  if (answer.kind === "huge") {
    res.writeHead(200, { "content-type": "application/json", "content-length": String(answer.bytes) });
    for (let sent = 0; sent < answer.bytes && !closed; sent += MB.length) {
      await write(MB.subarray(0, Math.min(MB.length, answer.bytes - sent)));
    }
    res.end();
    return;
  }
  res.writeHead(200, { "content-type": "application/json" });
  if (answer.kind === "endless") {
    await write('{"data":"');
    for (let i = 0; i < 2_000 && !closed; i++) {
      await write(MB);
      await pause(10);
    }
  } else {
    const text = `{"data":${" ".repeat(600)}`;
    for (let i = 0; i < text.length && !closed; i++) {
      await write(text[i] ?? " ");
      await pause(1_000);
    }
  }
  res.destroy();
}

/** Starts a {@link HostileServer}. */
export async function startHostileServer(): Promise<HostileServer> {
  let current: HostileAnswer = { kind: "text", status: 500, text: "{}" };
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    void send(res, current);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next) {
      current = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
