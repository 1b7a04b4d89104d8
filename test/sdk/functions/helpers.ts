import { afterAll, beforeAll } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import { SenderClient } from "../../../provider/client";
import { ProgramContext, useProgramContext } from "../../../sdk/program-client";

/** The token of the test emulator; tests assert that it never shows in an error. */
export const TOKEN = "fn-test-token-9d2c41e7";

/** The emulator's fixed clock, so that records created by a test have predictable timestamps. */
export const NOW = "2026-03-18T13:01:30Z";

/** {@link NOW} as an API timestamp. */
export const NOW_TS = "2026-03-18 13:01:30";

/** One line of `GET /__emulator/requests`. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

/** A running emulator plus the admin calls the tests use. */
export interface FunctionEmulator {
  /** Base URL of the emulator. */
  url: string;
  /** The `/v2` requests made since the last {@link FunctionEmulator.clearRequests}. */
  requests(): Promise<LoggedRequest[]>;
  /** Empties the request log. */
  clearRequests(): Promise<void>;
  /** A client of the test, for setting up data (carts...). */
  client: SenderClient;
}

/**
 * Starts one emulator for the test file on port 0. With `viaEnv` (the default) the program's
 * settings reach it through the environment fallbacks, since no stack config is set outside
 * `setMocks`; otherwise the test sets `sender:*` config itself.
 */
export function useEmulator({ viaEnv = true }: { viaEnv?: boolean } = {}): FunctionEmulator {
  let running: RunningEmulator | undefined;
  const state = {} as FunctionEmulator;
  let restore = () => {};
  beforeAll(async () => {
    running = await startEmulator({ port: 0, token: TOKEN, now: () => new Date(NOW) });
    if (viaEnv) {
      process.env.SENDER_API_TOKEN = TOKEN;
      process.env.SENDER_BASE_URL = running.url;
    }
    // A program of its own, whose clients read the settings just set.
    const previous = useProgramContext(new ProgramContext());
    restore = () => useProgramContext(previous);
    const url = running.url;
    state.url = url;
    state.client = new SenderClient({ baseUrl: url, apiToken: TOKEN });
    state.requests = async () => {
      const answer = (await (await fetch(`${url}/__emulator/requests`)).json()) as {
        requests: LoggedRequest[];
      };
      return answer.requests.map(({ method, path, status }) => ({ method, path, status }));
    };
    state.clearRequests = async () => {
      await fetch(`${url}/__emulator/requests`, { method: "DELETE" });
    };
  });
  afterAll(async () => {
    delete process.env.SENDER_API_TOKEN;
    delete process.env.SENDER_BASE_URL;
    restore();
    await running?.close();
  });
  return state;
}
