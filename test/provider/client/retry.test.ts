import * as http from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ALREADY_DELETED_ACK,
  type AttemptFailure,
  backoffDelayMs,
  classifyNetworkError,
  DEFAULT_RETRY_OPTIONS,
  MIN_RETRY_BUDGET_MS,
  parseResetAtMs,
  parseRetryAfterMs,
  type RequestEvent,
  type RetrySafety,
  ROUTES,
  retryDelayMs,
  SenderClient,
  type SenderClientOptions,
  SenderHttpError,
  SenderNetworkError,
  type SenderResponseValidationError,
  SenderTimeoutError,
  shouldRetry,
} from "../../../provider/client";
import { type CannedResponse, type CannedServer, freePort, startCannedServer } from "./helpers/canned-server";
import * as f from "./helpers/fixtures";

// A fresh server (hence a fresh port and pacer) per test: a 429 pauses every client of a service.
let server: CannedServer;
beforeEach(async () => {
  server = await startCannedServer();
});
afterEach(() => server.close());

const fast = { baseDelayMs: 1, maxDelayMs: 5 };
function clientFor(options: Partial<SenderClientOptions> = {}): SenderClient {
  return new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, retry: fast, ...options });
}
function sequence(...answers: CannedResponse[]): void {
  server.handle((_request, index) => answers[Math.min(index, answers.length - 1)]!);
}
/** A clock that stands still except for the waits the client asks for, which it records. */
function recordingClock(start = Date.now()) {
  let at = start;
  const delays: number[] = [];
  return {
    delays,
    now: () => at,
    sleep: async (ms: number) => {
      delays.push(ms);
      at += ms;
    },
  };
}
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}
const newCampaign = { subject: "s", from: "f", reply_to: "r@example.com", content_type: "text" } as const;
const tooMany: CannedResponse = {
  status: 429,
  headers: { "retry-after": "0" },
  body: { message: "Too Many Attempts." },
};
const unavailable: CannedResponse = { status: 503, body: { message: "Service Unavailable" } };

describe("retry of idempotent calls", () => {
  it("should retry a GET after 429 with Retry-After: 0", async () => {
    sequence(tooMany, { body: { data: f.campaign } });
    await expect(clientFor().getCampaign("b6gXkQ")).resolves.toEqual(f.campaign);
    expect(server.requests).toHaveLength(2);
  });

  it("should retry 502, 503 and 504, then succeed", async () => {
    const events: RequestEvent[] = [];
    sequence({ status: 502 }, { status: 503 }, { status: 504 }, { body: { data: [] } });
    await expect(clientFor({ onRequest: (e) => events.push(e) }).listPlans()).resolves.toEqual([]);
    expect(events.map((e) => [e.attempt, e.status])).toEqual([
      [1, 502],
      [2, 503],
      [3, 504],
      [4, 200],
    ]);
  });

  it("should repeat a GET whose 2xx answer was cut off in transit, then succeed", async () => {
    sequence({ raw: '{"data": {"id": "b6g' }, { body: { data: f.campaign } });
    await expect(clientFor().getCampaign("b6gXkQ")).resolves.toEqual(f.campaign);
    expect(server.requests).toHaveLength(2);
  });

  it("should repeat an idempotent POST (tags/set) whose 2xx answer was cut off, then succeed", async () => {
    sequence({ raw: '{"success": tr' }, { body: { success: true, message: "Tags set" } });
    await expect(clientFor().setTags("b6gXkQ", ["tag001"])).resolves.toEqual({
      success: true,
      message: "Tags set",
    });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /v2/campaigns/b6gXkQ/tags/set",
      "POST /v2/campaigns/b6gXkQ/tags/set",
    ]);
  });

  it("should retry a 500 on an idempotent route, then succeed", async () => {
    sequence({ status: 500, body: { message: "Server Error" } }, { body: { success: true, message: "ok" } });
    await expect(clientFor().updateCampaign("b6gXkQ", { title: "t" })).resolves.toEqual({
      success: true,
      message: "ok",
    });
    expect(server.requests).toHaveLength(2);
  });

  it("should not retry a 500 on a creating POST, and flag it ambiguous", async () => {
    sequence({ status: 500, body: { message: "Server Error" } });
    const error = (await failure(
      clientFor().createWebhook({ url: "https://h.example.com", topic: "campaigns/new" }),
    )) as SenderHttpError;
    expect(error.status).toBe(500);
    expect(error.ambiguous).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("should stop after maxAttempts and report the attempts", async () => {
    sequence(unavailable);
    const error = (await failure(clientFor().updateCampaign("b6gXkQ", { title: "t" }))) as SenderHttpError;
    expect(error.message).toBe("PATCH /v2/campaigns/b6gXkQ failed with 503: Service Unavailable");
    expect(error.attempts).toBe(5);
    expect(error.ambiguous).toBe(true);
    expect(server.requests).toHaveLength(DEFAULT_RETRY_OPTIONS.maxAttempts);
  });

  it("should retry an idempotent POST (schedule) after a 503", async () => {
    sequence(unavailable, { body: f.ack() });
    await expect(clientFor().scheduleCampaign("b6gXkQ", "2030-01-01 00:00:00")).resolves.toEqual(f.ack());
    expect(server.requests).toHaveLength(2);
  });

  it("should retry a GET after the socket was reset", async () => {
    sequence({ destroy: true }, { body: { data: [] } });
    await expect(clientFor().listImageFolders()).resolves.toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it("should retry a GET after a timeout", async () => {
    sequence({ delayMs: 300, body: { data: [] } }, { body: { data: [] } });
    await expect(clientFor({ timeoutMs: 80 }).listImageFolders()).resolves.toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it("should keep the ambiguity of an earlier attempt on a later definite error", async () => {
    sequence(unavailable, {
      status: 400,
      body: { success: false, message: "Campaign is already scheduled." },
    });
    const error = (await failure(
      clientFor().scheduleCampaign("b6gXkQ", "2030-01-01 00:00:00"),
    )) as SenderHttpError;
    expect(error.status).toBe(400);
    expect(error.ambiguous).toBe(true);
  });
});

describe("DELETE after an ambiguous failure", () => {
  it("should count a 404 on the retry as success", async () => {
    sequence(unavailable, { status: 404, body: { message: "Webhook whk001 not found." } });
    await expect(clientFor().deleteWebhook("whk001")).resolves.toEqual(ALREADY_DELETED_ACK);
    expect(server.requests).toHaveLength(2);
  });

  it("should count a 404 after a timed-out first try as success", async () => {
    sequence({ delayMs: 300, body: f.ack() }, { status: 404, body: { message: "Cart 42 not found." } });
    await expect(clientFor({ timeoutMs: 80 }).deleteCart(42)).resolves.toEqual(ALREADY_DELETED_ACK);
  });

  it("should report a 404 on the first try", async () => {
    sequence({ status: 404, body: { message: "Webhook whk001 not found." } });
    const error = (await failure(clientFor().deleteWebhook("whk001"))) as SenderHttpError;
    expect(error.message).toBe(
      "DELETE /v2/account/webhooks/whk001 failed with 404: Webhook whk001 not found.",
    );
  });

  it("should report a 404 after a 429, which was not ambiguous", async () => {
    sequence(tooMany, { status: 404, body: { message: "Webhook whk001 not found." } });
    const error = (await failure(clientFor().deleteWebhook("whk001"))) as SenderHttpError;
    expect(error.status).toBe(404);
    expect(error.ambiguous).toBe(false);
  });
});

describe("creating POSTs", () => {
  it("should not repeat a creating POST whose 2xx answer was cut off, and flag it ambiguous", async () => {
    sequence({ status: 201, raw: '{"data": {"id": "new' }, { status: 201, body: { data: f.campaign } });
    const error = (await failure(clientFor().createCampaign(newCampaign))) as SenderResponseValidationError;
    expect([error.name, error.ambiguous, error.status]).toEqual(["SenderResponseValidationError", true, 201]);
    expect(server.requests).toHaveLength(1);
  });

  it("should not retry after a 503 and flag the error ambiguous", async () => {
    sequence(unavailable, { status: 201, body: { data: f.campaign } });
    const error = (await failure(clientFor().createCampaign(newCampaign))) as SenderHttpError;
    expect(error).toBeInstanceOf(SenderHttpError);
    expect(error.status).toBe(503);
    expect(error.ambiguous).toBe(true);
    expect(error.attempts).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [
      "sendMessage",
      (c: SenderClient) =>
        c.sendMessage({
          from: { email: "a@example.com", name: "A" },
          to: { email: "b@example.com" },
          subject: "s",
        }),
    ],
    [
      "createWebhook",
      (c: SenderClient) => c.createWebhook({ url: "https://h.example", topic: "campaigns/new" }),
    ],
    ["copyCampaign", (c: SenderClient) => c.copyCampaign("b6gXkQ")],
    ["sendCampaign", (c: SenderClient) => c.sendCampaign("b6gXkQ")],
    ["convertCart", (c: SenderClient) => c.convertCart(42)],
  ])("%s should not be repeated after a 504", async (_name, call) => {
    sequence({ status: 504 }, { body: f.ack() });
    const error = (await failure(call(clientFor()))) as SenderHttpError;
    expect([error.status, error.ambiguous, server.requests.length]).toEqual([504, true, 1]);
  });

  it("should retry after a 429, which the service refused before doing anything", async () => {
    sequence(tooMany, { status: 201, body: { data: f.campaign } });
    await expect(clientFor().createCampaign(newCampaign)).resolves.toEqual(f.campaign);
    expect(server.requests).toHaveLength(2);
  });

  it("should not retry after the socket was reset once sent", async () => {
    sequence({ destroy: true }, { status: 201, body: { data: f.campaign } });
    const error = (await failure(clientFor().createCampaign(newCampaign))) as SenderNetworkError;
    expect(error).toBeInstanceOf(SenderNetworkError);
    expect(error.ambiguous).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("should not retry after a timeout once sent", async () => {
    sequence({ delayMs: 300, status: 201, body: { data: f.campaign } });
    const error = (await failure(
      clientFor({ timeoutMs: 80 }).createCampaign(newCampaign),
    )) as SenderTimeoutError;
    expect(error).toBeInstanceOf(SenderTimeoutError);
    expect(error.ambiguous).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("should retry after ECONNREFUSED, which proves the request never left", async () => {
    const port = await freePort();
    const late = http.createServer((_req, res) => {
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ data: f.campaign }));
    });
    const events: RequestEvent[] = [];
    const c = new SenderClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiToken: f.TOKEN,
      retry: { baseDelayMs: 50 },
      onRequest: (event) => {
        events.push(event);
        // The service comes up right after the first refusal.
        if (events.length === 1) late.listen(port, "127.0.0.1");
      },
    });
    try {
      await expect(c.createCampaign(newCampaign)).resolves.toEqual(f.campaign);
      expect(events.map((e) => [e.attempt, e.status, e.error])).toEqual([
        [1, undefined, "ECONNREFUSED"],
        [2, 201, undefined],
      ]);
    } finally {
      late.closeAllConnections();
      await new Promise((resolve) => late.close(resolve));
    }
  });

  // A refused connection is a wrong address or a service down: 2 quick attempts, whatever maxAttempts.
  it("should give up after 2 refusals, not maxAttempts, not ambiguous", async () => {
    const port = await freePort();
    const c = new SenderClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiToken: f.TOKEN,
      retry: { ...fast, maxAttempts: 3 },
    });
    const error = (await failure(c.createCampaign(newCampaign))) as SenderNetworkError;
    expect([error.code, error.neverReachedService, error.ambiguous, error.attempts]).toEqual([
      "ECONNREFUSED",
      true,
      false,
      2,
    ]);
  });
});

describe("waits and deadline", () => {
  it("should wait Retry-After seconds", async () => {
    sequence({ status: 429, headers: { "retry-after": "1" } }, { body: { data: [] } });
    const started = Date.now();
    await clientFor().listPlans();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("should wait until X-RateLimit-Reset when a 429 has no Retry-After", async () => {
    const clock = recordingClock();
    const reset = new Date(clock.now() + 400).toISOString();
    sequence({ status: 429, headers: { "x-ratelimit-reset": reset } }, { body: { data: [] } });
    await clientFor({ now: clock.now, sleep: clock.sleep }).listPlans();
    expect(clock.delays).toEqual([400]);
    expect(server.requests).toHaveLength(2);
  });

  it("should give up at once when the asked wait passes the deadline", async () => {
    const clock = recordingClock();
    sequence({ ...unavailable, headers: { "retry-after": "5" } });
    const c = clientFor({ retry: { deadlineMs: 500 }, now: clock.now, sleep: clock.sleep });
    const error = (await failure(c.listPlans())) as SenderHttpError;
    expect(clock.delays).toEqual([]);
    expect([error.status, error.attempts, error.retryAfterSeconds]).toEqual([503, 1, 5]);
    expect(server.requests).toHaveLength(1);
  });

  it("should stop retrying when the deadline is reached, leaving each retry a second of it", async () => {
    const clock = recordingClock();
    sequence(unavailable);
    const c = clientFor({
      retry: { deadlineMs: 3000, baseDelayMs: 100, maxDelayMs: 100, maxAttempts: 100 },
      now: clock.now,
      sleep: clock.sleep,
    });
    const error = (await failure(c.listPlans())) as SenderHttpError;
    expect(error).toBeInstanceOf(SenderHttpError);
    expect(error.status).toBe(503);
    // Each wait is under 100 ms and the clock moves only by them; no retry starts with less
    // than MIN_RETRY_BUDGET_MS (1 s) left, so the waits stop between 1.9 s and 2 s.
    const waited = clock.delays.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeLessThanOrEqual(3000 - MIN_RETRY_BUDGET_MS);
    expect(waited + 100).toBeGreaterThan(3000 - MIN_RETRY_BUDGET_MS);
    expect(error.attempts).toBe(clock.delays.length + 1);
    expect(server.requests).toHaveLength(clock.delays.length + 1);
  });

  it("should not start a retry with less than the per-attempt timeout left when that is under a second", async () => {
    const clock = recordingClock();
    sequence({ ...unavailable, headers: { "retry-after": "0.2" } });
    const c = clientFor({ timeoutMs: 300, retry: { deadlineMs: 1000 }, now: clock.now, sleep: clock.sleep });
    const error = (await failure(c.listPlans())) as SenderHttpError;
    // Tries at 0, 200, 400 and 600 ms; one at 800 would have 200 ms left, under the 300 ms timeout.
    expect(clock.delays).toEqual([200, 200, 200]);
    expect([error.status, error.attempts]).toEqual([503, 4]);
  });

  it("should keep the default maxAttempts when a JavaScript caller passes maxAttempts: undefined", async () => {
    const clock = recordingClock();
    sequence(unavailable);
    const retry = { ...fast, maxAttempts: undefined };
    // @ts-expect-error: exactOptionalPropertyTypes refuses an explicit undefined; plain JavaScript does not.
    const c = clientFor({ retry, now: clock.now, sleep: clock.sleep });
    const error = (await failure(c.updateCampaign("b6gXkQ", { title: "t" }))) as SenderHttpError;
    expect(error.attempts).toBe(DEFAULT_RETRY_OPTIONS.maxAttempts);
    expect(server.requests).toHaveLength(5);
    expect(clock.delays).toHaveLength(4);
  });

  it("should bound one attempt by the deadline as well as timeoutMs", async () => {
    sequence({ delayMs: 1000, body: { data: [] } });
    const error = (await failure(
      clientFor({ timeoutMs: 30_000, retry: { deadlineMs: 150 } }).listPlans(),
    )) as SenderTimeoutError;
    expect(error).toBeInstanceOf(SenderTimeoutError);
    expect(error.timeoutMs).toBeLessThanOrEqual(150);
  });
});

describe("retry policy (retry.ts)", () => {
  const http = (status: number): AttemptFailure => ({ type: "http", status });
  const refused: AttemptFailure = { type: "network", neverReachedService: true, retryable: true };
  const reset: AttemptFailure = { type: "network", neverReachedService: false, retryable: true };
  const badCert: AttemptFailure = { type: "network", neverReachedService: false, retryable: false };

  it.each<[string, RetrySafety, AttemptFailure, boolean]>([
    ["429 idempotent", "idempotent", http(429), true],
    ["502 idempotent", "idempotent", http(502), true],
    ["503 idempotent", "idempotent", http(503), true],
    ["504 idempotent", "idempotent", http(504), true],
    ["500 idempotent", "idempotent", http(500), true],
    ["500 creating", "non-idempotent", http(500), false],
    ["404 idempotent", "idempotent", http(404), false],
    ["422 idempotent", "idempotent", http(422), false],
    ["refused idempotent", "idempotent", refused, true],
    ["reset idempotent", "idempotent", reset, true],
    ["bad certificate idempotent", "idempotent", badCert, false],
    ["429 creating", "non-idempotent", http(429), true],
    ["503 creating", "non-idempotent", http(503), false],
    ["502 creating", "non-idempotent", http(502), false],
    ["refused creating", "non-idempotent", refused, true],
    ["reset creating", "non-idempotent", reset, false],
    ["unreadable 2xx idempotent", "idempotent", { type: "unreadable", mayHaveActed: true }, true],
    ["unreadable 2xx creating", "non-idempotent", { type: "unreadable", mayHaveActed: true }, false],
  ])("%s → retry %s", (_name, safety, failure, expected) => {
    expect(shouldRetry(safety, failure)).toBe(expected);
  });

  it("should mark exactly the creating and one-shot POSTs non-idempotent", () => {
    const nonIdempotent = Object.entries(ROUTES)
      .filter(([, safety]) => safety === "non-idempotent")
      .map(([route]) => route)
      .sort();
    expect(nonIdempotent).toEqual(
      [
        "POST /account/webhooks",
        "POST /campaigns",
        "POST /campaigns/{id}/attachments",
        "POST /campaigns/{id}/copy",
        "POST /campaigns/{id}/send",
        "POST /campaigns/{id}/send_test_email",
        "POST /carts",
        "POST /carts/{externalId}/convert",
        "POST /delete_me",
        "POST /groups",
        "POST /message/send",
        "POST /transactional",
        "POST /upload/v2/{id}/{folderId}",
      ].sort(),
    );
  });

  it("should back off exponentially with full jitter under the cap", () => {
    const options = { ...DEFAULT_RETRY_OPTIONS };
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelayMs(attempt, options, () => 0.999999))).toEqual([
      499, 999, 1999, 3999, 7999, 15999, 19999,
    ]);
    expect(backoffDelayMs(3, options, () => 0)).toBe(0);
    expect(backoffDelayMs(3, options, () => 0.5)).toBe(1000);
  });

  it("should prefer Retry-After, then the reset time of a 429, then the backoff", () => {
    const options = { ...DEFAULT_RETRY_OPTIONS };
    const now = Date.parse("2026-03-18T13:01:30Z");
    const resetAtMs = Date.parse("2026-03-18T13:02:00Z");
    expect(
      retryDelayMs({ type: "http", status: 429, retryAfterMs: 2000, resetAtMs }, 1, options, now, () => 0.5),
    ).toBe(2000);
    expect(retryDelayMs({ type: "http", status: 429, resetAtMs }, 1, options, now, () => 0.5)).toBe(30_000);
    expect(retryDelayMs({ type: "http", status: 503, resetAtMs }, 1, options, now, () => 0.5)).toBe(250);
  });

  it.each<[string | undefined, number | undefined]>([
    ["0", 0],
    ["3", 3000],
    ["1.5", 1500],
    [" 2 ", 2000],
    ["Wed, 18 Mar 2026 13:02:00 GMT", 30_000],
    ["soon", undefined],
    [undefined, undefined],
  ])("parseRetryAfterMs(%s) = %s", (value, expected) => {
    expect(parseRetryAfterMs(value, Date.parse("2026-03-18T13:01:30Z"))).toBe(expected);
  });

  it.each<[string | undefined, number | undefined]>([
    ["2026-03-18T13:02:00Z", Date.parse("2026-03-18T13:02:00Z")],
    ["1773838920", 1773838920_000],
    ["60", undefined],
    ["later", undefined],
    [undefined, undefined],
  ])("parseResetAtMs(%s) = %s", (value, expected) => {
    expect(parseResetAtMs(value)).toBe(expected);
  });

  it.each([
    // error, code, never reached the service, retryable, unreachable (2 attempts only)
    [
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      "ECONNREFUSED",
      true,
      true,
      true,
    ],
    [Object.assign(new Error("getaddrinfo"), { code: "ENOTFOUND" }), "ENOTFOUND", true, true, true],
    [
      Object.assign(new Error("connect timeout"), { code: "UND_ERR_CONNECT_TIMEOUT" }),
      "UND_ERR_CONNECT_TIMEOUT",
      true,
      true,
      false,
    ],
    [
      Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
      "UND_ERR_SOCKET",
      false,
      true,
      false,
    ],
    [Object.assign(new Error("reset"), { code: "ECONNRESET" }), "ECONNRESET", false, true, false],
    [Object.assign(new Error("cert"), { code: "CERT_HAS_EXPIRED" }), "CERT_HAS_EXPIRED", false, false, false],
    [
      new Error("wrapped", { cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }) }),
      "ECONNREFUSED",
      true,
      true,
      true,
    ],
    [
      new AggregateError([Object.assign(new Error("x"), { code: "EHOSTUNREACH" })]),
      "EHOSTUNREACH",
      true,
      true,
      true,
    ],
    // EAI_AGAIN is a resolver that may answer next time: the whole backoff.
    [Object.assign(new Error("again"), { code: "EAI_AGAIN" }), "EAI_AGAIN", true, true, false],
    [new Error("mystery"), undefined, false, true, false],
  ])("classifies %s", (error, code, neverReachedService, retryable, unreachable) => {
    expect(classifyNetworkError(error)).toEqual({ code, neverReachedService, retryable, unreachable });
  });
});
