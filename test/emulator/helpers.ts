import { expect } from "vitest";
import { createEmulatorApp, type EmulatorOptions } from "../../emulator";

/** The token of every test emulator; tests assert it never leaks. */
export const TOKEN = "emu-test-token-7f3a9c";

/** The fixed start of the test clock: 30 s into a minute, so rate-limit windows are predictable. */
export const START = new Date("2026-03-18T13:01:30Z");

/** The test clock's start as an API timestamp. */
export const START_TS = "2026-03-18 13:01:30";

/** A valid campaign body. */
export const VALID_CAMPAIGN = {
  title: "Spring sale",
  subject: "Spring is here",
  from: "Example News",
  reply_to: "news@example.com",
  content_type: "html",
  content: '<p>Hello <a href="https://example.com/sale">sale</a></p>',
};

/** An answer, with its JSON body parsed. */
export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** Options of one call. */
export interface CallOptions {
  /** The bearer token; null sends no Authorization header. */
  token?: string | null;
  headers?: Record<string, string>;
}

/** An in-process emulator with a controllable clock and small helpers. */
export function testEmulator(options: Partial<EmulatorOptions> = {}) {
  const clock = { now: new Date(START) };
  const emulator = createEmulatorApp({ token: TOKEN, now: () => clock.now, ...options });

  async function call(method: string, path: string, body?: unknown, init: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: "application/json", ...init.headers };
    const token = init.token === undefined ? TOKEN : init.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await emulator.app.request(
      new Request(`http://emulator${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === "" ? null : JSON.parse(text),
    };
  }

  return {
    ...emulator,
    clock,
    call,
    /** Moves the clock forward. */
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    /** `GET /__emulator/state`. */
    async state() {
      return (await call("GET", "/__emulator/state", undefined, { token: null })).body;
    },
    /** Creates a campaign and returns its record. */
    async createCampaign(extra: Record<string, unknown> = {}) {
      const answer = await call("POST", "/v2/campaigns", { ...VALID_CAMPAIGN, ...extra });
      expect(answer.status).toBe(201);
      return answer.body.data;
    },
  };
}

/** The acknowledgement body (spec 2.9). */
export const ack = (message: string, success = true) => ({ success, message });
