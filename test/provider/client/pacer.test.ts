import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  Pacer,
  PacerRegistry,
  type Permit,
  readRateLimit,
  SenderClient,
  SenderHttpError,
  SenderTimeoutError,
} from "../../../provider/client";
import { type CannedServer, startCannedServer } from "./helpers/canned-server";
import * as f from "./helpers/fixtures";

/** Starts an acquisition and lets the test see when it is granted. */
function track(pacer: Pacer, signal?: AbortSignal) {
  const state: { permit?: Permit; error?: unknown } = {};
  pacer.acquire(signal).then(
    (permit) => {
      state.permit = permit;
    },
    (error) => {
      state.error = error;
    },
  );
  return state;
}

describe("Pacer (fake clock)", () => {
  const start = Date.parse("2026-03-18T13:01:00Z");
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("should cap the requests in flight", async () => {
    const pacer = new Pacer(2);
    const a = track(pacer);
    const b = track(pacer);
    const c = track(pacer);
    await vi.advanceTimersByTimeAsync(0);
    expect([!!a.permit, !!b.permit, !!c.permit]).toEqual([true, true, false]);
    a.permit!.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.permit).toBeDefined();
    expect(pacer.snapshot().inFlight).toBe(2);
  });

  it("should hold requests until the reset when the remaining budget is 0", async () => {
    const pacer = new Pacer(4);
    pacer.observe({ limit: 60, remaining: 0, resetAtMs: start + 5000 });
    const a = track(pacer);
    await vi.advanceTimersByTimeAsync(4999);
    expect(a.permit).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(a.permit).toBeDefined();
  });

  it("should count requests in flight against the budget so parallel callers cannot overspend it", async () => {
    const pacer = new Pacer(10);
    pacer.observe({ limit: 4, remaining: 4, resetAtMs: start + 30_000 });
    const states = Array.from({ length: 6 }, () => track(pacer));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.map((s) => !!s.permit)).toEqual([true, true, true, true, false, false]);
    // Answers of the same window that report less use than counted do not free budget.
    states[0]!.permit!.release({
      status: 200,
      headers: {
        "x-ratelimit-limit": "4",
        "x-ratelimit-remaining": "3",
        "x-ratelimit-reset": new Date(start + 30_000).toISOString(),
      },
    });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(states.map((s) => !!s.permit)).toEqual([true, true, true, true, false, false]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(states.map((s) => !!s.permit)).toEqual([true, true, true, true, true, true]);
  });

  it("should spread the last quarter of the budget over the rest of the window", async () => {
    const pacer = new Pacer(10);
    pacer.observe({ limit: 100, remaining: 10, resetAtMs: start + 60_000 });
    const a = track(pacer);
    const b = track(pacer);
    await vi.advanceTimersByTimeAsync(0);
    expect([!!a.permit, !!b.permit]).toEqual([true, false]);
    // 9 requests left for 60 s: one every 6.67 s.
    await vi.advanceTimersByTimeAsync(6_000);
    expect(b.permit).toBeUndefined();
    await vi.advanceTimersByTimeAsync(700);
    expect(b.permit).toBeDefined();
  });

  it("should pause everyone after a 429 until its Retry-After", async () => {
    const pacer = new Pacer(4);
    const first = track(pacer);
    await vi.advanceTimersByTimeAsync(0);
    first.permit!.release({ status: 429, headers: { "retry-after": "2" } });
    const next = track(pacer);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(next.permit).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(next.permit).toBeDefined();
  });

  it("should start a fresh budget when the window rolls over", async () => {
    const pacer = new Pacer(4);
    pacer.observe({ limit: 1, remaining: 0, resetAtMs: start + 1_000 });
    const a = track(pacer);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(a.permit).toBeDefined();
    a.permit!.release({
      status: 200,
      headers: {
        "x-ratelimit-limit": "1",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": new Date(start + 61_000).toISOString(),
      },
    });
    expect(pacer.snapshot()).toMatchObject({ used: 1, limit: 1, windowEndsAt: start + 61_000, inFlight: 0 });
  });

  it("should ignore an answer from a window that is already over", () => {
    const pacer = new Pacer(4);
    pacer.observe({ limit: 60, remaining: 0, resetAtMs: start - 1 });
    expect(pacer.snapshot().used).toBe(0);
  });

  it("should drop a waiter whose signal aborts", async () => {
    const pacer = new Pacer(1);
    const a = track(pacer);
    const controller = new AbortController();
    const b = track(pacer, controller.signal);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort(new Error("gave up"));
    await vi.advanceTimersByTimeAsync(0);
    expect((b.error as Error).message).toBe("gave up");
    expect(pacer.snapshot().queued).toBe(0);
    a.permit!.release();
  });

  it("should read the observed rate-limit headers", () => {
    expect(
      readRateLimit({
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "59",
        "x-ratelimit-reset": "2026-03-18T13:02:00Z",
      }),
    ).toEqual({ limit: 60, remaining: 59, resetAtMs: Date.parse("2026-03-18T13:02:00Z") });
    expect(readRateLimit({})).toEqual({ limit: undefined, remaining: undefined, resetAtMs: undefined });
  });
});

describe("PacerRegistry", () => {
  it("should share one pacer per service, with the smallest cap asked for", () => {
    const pacers = new PacerRegistry();
    const a = pacers.pacerFor("https://shared.example", 4);
    const b = pacers.pacerFor("https://shared.example", 2);
    expect(a).toBe(b);
    expect(pacers.pacerFor("https://other.example", 4)).not.toBe(a);
    // No registry of the module: another one (another process's context) has pacers of its own.
    expect(new PacerRegistry().pacerFor("https://shared.example", 4)).not.toBe(a);
  });
});

describe("Pacer (injected clock and timer): the delays it schedules", () => {
  const start = Date.parse("2026-03-18T13:01:00Z");
  function recording() {
    const delays: number[] = [];
    const pending: Array<() => void> = [];
    const setTimer = (callback: () => void, ms: number) => {
      delays.push(ms);
      pending.push(callback);
      return () => {};
    };
    return { delays, pending, setTimer };
  }

  it("should wait exactly until X-RateLimit-Reset after X-RateLimit-Remaining: 0", async () => {
    const timer = recording();
    const pacer = new Pacer(4, () => start, timer.setTimer);
    const permit = await pacer.acquire();
    permit.release({
      status: 200,
      headers: {
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": new Date(start + 500).toISOString(),
      },
    });
    const next = track(pacer);
    await Promise.resolve();
    expect(next.permit).toBeUndefined();
    expect(timer.delays).toEqual([500]);
  });

  it("should pause everyone for the Retry-After of a 429", async () => {
    const timer = recording();
    const pacer = new Pacer(4, () => start, timer.setTimer);
    const permit = await pacer.acquire();
    permit.release({ status: 429, headers: { "retry-after": "1" } });
    const next = track(pacer);
    await Promise.resolve();
    expect(next.permit).toBeUndefined();
    expect(timer.delays).toEqual([1000]);
  });
});

describe("pacing of real clients", () => {
  let server: CannedServer;
  // The registry a process's context keeps: its clients share it.
  let pacers: PacerRegistry;
  beforeEach(async () => {
    server = await startCannedServer();
    pacers = new PacerRegistry();
  });
  afterEach(() => server.close());

  it("should hold the next request until X-RateLimit-Reset after X-RateLimit-Remaining: 0", async () => {
    const reset = new Date(Date.now() + 500).toISOString();
    server.handle(() => ({
      headers: { "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset },
      body: { data: [] },
    }));
    const client = new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, pacers });
    await client.listPlans();
    await client.listPlans();
    const [first, second] = server.requests;
    // A loose smoke test of the real timer; the exact delays are asserted with an injected one below.
    expect(second!.at).toBeGreaterThan(first!.at);
    expect(second!.at).toBeGreaterThanOrEqual(Date.parse(reset) - 100);
  });

  it("should keep at most maxInFlight requests in flight across clients of the same service", async () => {
    let inFlight = 0;
    let highest = 0;
    server.handle(async () => {
      inFlight++;
      highest = Math.max(highest, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
      return { body: { data: [] } };
    });
    const one = new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, pacers, maxInFlight: 2 });
    const two = new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, pacers, maxInFlight: 3 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).listPlans()));
    expect(server.requests).toHaveLength(10);
    expect(highest).toBe(2);
  });

  it("should pause other clients after one gets a 429", async () => {
    server.handle((_request, index) =>
      index === 0
        ? { status: 429, headers: { "retry-after": "1" }, body: { message: "Too Many Attempts." } }
        : { body: { data: [] } },
    );
    const first = new SenderClient({
      baseUrl: server.url,
      apiToken: f.TOKEN,
      pacers,
      retry: { maxAttempts: 1 },
    });
    const second = new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, pacers });
    await expect(first.listPlans()).rejects.toBeInstanceOf(SenderHttpError);
    const snapshot = pacers.pacerFor(first.baseUrl, 4).snapshot();
    await second.listPlans();
    expect(server.requests).toHaveLength(2);
    // The pause the 429 set in the shared pacer: one second from the answer, so at least one
    // second after the request reached the server; the second client waited for it.
    expect(snapshot.pausedUntil - server.requests[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(server.requests[1]!.at).toBeGreaterThanOrEqual(snapshot.pausedUntil - 5);
  });

  it("should give up with a deadline SenderTimeoutError when the pause outlasts the deadline", async () => {
    server.handle((_request, index) =>
      index === 0
        ? { status: 429, headers: { "retry-after": "5" }, body: { message: "Too Many Attempts." } }
        : { body: { data: [] } },
    );
    const first = new SenderClient({
      baseUrl: server.url,
      apiToken: f.TOKEN,
      pacers,
      retry: { maxAttempts: 1 },
    });
    const second = new SenderClient({
      baseUrl: server.url,
      apiToken: f.TOKEN,
      pacers,
      retry: { deadlineMs: 200 },
    });
    await expect(first.listPlans()).rejects.toBeInstanceOf(SenderHttpError);
    const error = await second.listPlans().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SenderTimeoutError);
    expect((error as SenderTimeoutError).message).toBe(
      "GET /v2/plans timed out after 200 ms before it could be sent (retry deadline)",
    );
    expect([(error as SenderTimeoutError).phase, (error as SenderTimeoutError).ambiguous]).toEqual([
      "deadline",
      false,
    ]);
    expect(server.requests).toHaveLength(1);
  });
});
