import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { createEmulatorApp, type EmulatorOptions } from "./app";
import type { EmulatorEnv } from "./context";
import type { EmulatorStore } from "./store";

/** Options of {@link startEmulator}: the app's options plus where to listen. */
export interface StartEmulatorOptions extends EmulatorOptions {
  /** Port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface; 127.0.0.1 by default so that the emulator is never exposed by accident. */
  host?: string;
}

/** A running emulator. */
export interface RunningEmulator {
  /** Base URL, e.g. `http://127.0.0.1:4010` (the API is under `/v2`). */
  url: string;
  /** The port actually bound. */
  port: number;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
  /** The state. */
  store: EmulatorStore;
  /** The Hono app. */
  app: Hono<EmulatorEnv>;
}

/** Starts the emulator on a real port, for clients that speak HTTP (and for dropped-socket faults). */
export async function startEmulator(options: StartEmulatorOptions): Promise<RunningEmulator> {
  const { port = 0, host = "127.0.0.1", ...appOptions } = options;
  const { app, store } = createEmulatorApp(appOptions);
  const server = serve({ fetch: app.fetch, port, hostname: host });
  await new Promise<void>((resolve, reject) => {
    if (server.listening) return resolve();
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
  const address = server.address() as AddressInfo;
  const hostInUrl = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${hostInUrl}:${address.port}`,
    port: address.port,
    store,
    app,
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections would otherwise hold close() open.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      return closed;
    },
  };
}
