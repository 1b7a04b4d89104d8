import { describe, expect, test } from "vitest";
import { DroppedConnection } from "../../emulator";
import { ack, TOKEN, testEmulator, VALID_CAMPAIGN } from "./helpers";

const admin = { token: null };

describe("authentication", () => {
  // Each row: the Authorization header sent (null: none).
  test.each([[null], ["Bearer wrong-token"], [`Basic ${TOKEN}`], [TOKEN], ["Bearer "], [`Bearer ${TOKEN}x`]])(
    "should answer 401 with Authorization %j",
    async (header) => {
      const emu = testEmulator();
      const answer = await emu.call("GET", "/v2/campaigns", undefined, {
        token: null,
        headers: header === null ? {} : { authorization: header },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Unauthenticated." });
    },
  );

  test("should accept the scheme in any case", async () => {
    const emu = testEmulator();
    const answer = await emu.call("GET", "/v2/plans", undefined, {
      token: null,
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
  });

  test("should not authenticate admin routes", async () => {
    const emu = testEmulator();
    expect((await emu.call("GET", "/__emulator/requests", undefined, admin)).status).toBe(200);
  });
});

describe("rate limit", () => {
  test("should count a fixed wall-clock minute and answer 429 with Retry-After past the limit", async () => {
    // The clock starts at 13:01:30, so the window ends at 13:02:00.
    const emu = testEmulator({ rateLimitPerMinute: 2 });
    const first = await emu.call("GET", "/v2/plans");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-RateLimit-Limit")).toBe("2");
    expect(first.headers.get("X-RateLimit-Remaining")).toBe("1");
    expect(first.headers.get("X-RateLimit-Reset")).toBe("2026-03-18T13:02:00Z");
    // A 401 counts and carries the headers too.
    const second = await emu.call("GET", "/v2/plans", undefined, { token: null });
    expect(second.status).toBe(401);
    expect(second.headers.get("X-RateLimit-Remaining")).toBe("0");
    const third = await emu.call("GET", "/v2/plans");
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: "Too Many Attempts." });
    expect(third.headers.get("Retry-After")).toBe("30");
    expect(third.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(third.headers.get("X-RateLimit-Reset")).toBe("2026-03-18T13:02:00Z");
    emu.advance(29_500);
    // Half a second before the reset, Retry-After is still at least 1.
    expect((await emu.call("GET", "/v2/plans")).headers.get("Retry-After")).toBe("1");
    emu.advance(500);
    const next = await emu.call("GET", "/v2/plans");
    expect(next.status).toBe(200);
    expect(next.headers.get("X-RateLimit-Remaining")).toBe("1");
    expect(next.headers.get("X-RateLimit-Reset")).toBe("2026-03-18T13:03:00Z");
  });

  test("should announce 10000000 that never shrinks, and never refuse, without a limit", async () => {
    const emu = testEmulator();
    for (let i = 0; i < 3; i++) await emu.call("GET", "/v2/plans");
    const answer = await emu.call("GET", "/v2/plans");
    expect(answer.headers.get("X-RateLimit-Limit")).toBe("10000000");
    // A client pacing on the budget must never slow down against an unlimited emulator.
    expect(answer.headers.get("X-RateLimit-Remaining")).toBe("10000000");
  });

  test("should change the limit through PUT /__emulator/rate-limit and leave admin routes uncounted", async () => {
    const emu = testEmulator();
    expect(await emu.call("PUT", "/__emulator/rate-limit", { perMinute: 1 }, admin)).toMatchObject({
      status: 200,
      body: { perMinute: 1 },
    });
    expect((await emu.call("GET", "/v2/plans")).status).toBe(200);
    const state = await emu.call("GET", "/__emulator/state", undefined, admin);
    expect(state.status).toBe(200);
    expect(state.headers.get("X-RateLimit-Limit")).toBeNull();
    expect((await emu.call("GET", "/v2/plans")).status).toBe(429);
    await emu.call("PUT", "/__emulator/rate-limit", { perMinute: null }, admin);
    expect((await emu.call("GET", "/v2/plans")).status).toBe(200);
    expect(await emu.call("PUT", "/__emulator/rate-limit", { perMinute: 0 }, admin)).toMatchObject({
      status: 422,
      body: { errors: { perMinute: ["The perMinute must be at least 1."] } },
    });
  });
});

describe("faults", () => {
  test("should answer an injected status without processing, count hits and stop after count", async () => {
    const emu = testEmulator();
    const rules = [{ method: "post", path: "^/v2/campaigns$", kind: "status", status: 503, count: 1 }];
    expect(await emu.call("POST", "/__emulator/faults", { rules }, admin)).toMatchObject({
      status: 200,
      body: { rules: [{ ...rules[0], rate: 1, hits: 0 }] },
    });
    const faulted = await emu.call("POST", "/v2/campaigns", VALID_CAMPAIGN);
    expect(faulted).toMatchObject({ status: 503, body: { message: "Service Unavailable" } });
    expect((await emu.state()).campaigns).toHaveLength(1);
    // The rule is spent: the retry goes through.
    expect((await emu.call("POST", "/v2/campaigns", VALID_CAMPAIGN)).status).toBe(201);
    expect((await emu.call("GET", "/__emulator/faults", undefined, admin)).body).toEqual({
      rules: [{ ...rules[0], rate: 1, hits: 1 }],
    });
    const log = (await emu.call("GET", "/__emulator/requests", undefined, admin)).body.requests;
    expect(log.map((entry: { status: number; fault?: string }) => [entry.status, entry.fault])).toEqual([
      [503, "status"],
      [201, undefined],
    ]);
  });

  test("should count requests by method, writes apart, through a cleared log, until a reset", async () => {
    const emu = testEmulator();
    await emu.call("GET", "/v2/plans");
    await emu.call("POST", "/v2/campaigns", VALID_CAMPAIGN);
    await emu.call("DELETE", "/__emulator/requests", undefined, admin);
    await emu.call("DELETE", "/v2/campaigns?ids=[nope01]");
    expect((await emu.call("GET", "/__emulator/request-counts", undefined, admin)).body).toEqual({
      seq: 3,
      byMethod: { GET: 1, POST: 1, DELETE: 1 },
      mutating: 2,
    });
    await emu.call("POST", "/__emulator/reset", undefined, admin);
    expect((await emu.call("GET", "/__emulator/request-counts", undefined, admin)).body).toEqual({
      seq: 0,
      byMethod: {},
      mutating: 0,
    });
  });

  test("should store campaign titles trimmed and in NFC once title normalization is on", async () => {
    const emu = testEmulator();
    const made = await emu.call("POST", "/v2/campaigns", { ...VALID_CAMPAIGN, title: " Cafe\u0301 " });
    await emu.call("PUT", "/__emulator/title-normalization", { enabled: true }, admin);
    const normalized = await emu.call("POST", "/v2/campaigns", { ...VALID_CAMPAIGN, title: " Cafe\u0301 " });
    const titles = (await emu.state()).campaigns.map((c: { id: string; title: string }) => [c.id, c.title]);
    expect(titles.slice(-2)).toEqual([
      [made.body.data.id, " Cafe\u0301 "],
      [normalized.body.data.id, "Caf\u00e9"],
    ]);
  });

  test("should answer an injected 429 with Retry-After: 1", async () => {
    const emu = testEmulator();
    await emu.call("POST", "/__emulator/faults", { rules: [{ kind: "status", status: 429 }] }, admin);
    const answer = await emu.call("GET", "/v2/plans");
    expect(answer).toMatchObject({ status: 429, body: { message: "Too Many Attempts." } });
    expect(answer.headers.get("Retry-After")).toBe("1");
  });

  test("should delay then process on latency", async () => {
    const emu = testEmulator();
    await emu.call("POST", "/__emulator/faults", { rules: [{ kind: "latency", latencyMs: 60 }] }, admin);
    const started = performance.now();
    expect((await emu.call("GET", "/v2/plans")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  test("should drop before processing: nothing committed", async () => {
    const emu = testEmulator();
    await emu.call(
      "POST",
      "/__emulator/faults",
      { rules: [{ kind: "drop-before", path: "^/v2/campaigns$" }] },
      admin,
    );
    await expect(emu.call("POST", "/v2/campaigns", VALID_CAMPAIGN)).rejects.toBeInstanceOf(DroppedConnection);
    expect((await emu.state()).campaigns).toHaveLength(1);
    const [entry] = (await emu.call("GET", "/__emulator/requests", undefined, admin)).body.requests;
    expect(entry).toMatchObject({ method: "POST", path: "/v2/campaigns", status: 0, fault: "drop-before" });
  });

  test("should drop after processing: the change is committed", async () => {
    const emu = testEmulator();
    await emu.call("POST", "/__emulator/faults", { rules: [{ kind: "drop-after", method: "POST" }] }, admin);
    await expect(emu.call("POST", "/v2/campaigns", VALID_CAMPAIGN)).rejects.toThrow(
      "Connection dropped by an injected fault (drop-after).",
    );
    expect((await emu.state()).campaigns).toHaveLength(2);
    // GET is not matched by the rule.
    expect((await emu.call("GET", "/v2/campaigns")).status).toBe(200);
  });

  test("should commit, then cut a 2xx body in half on truncate", async () => {
    const emu = testEmulator();
    await emu.call(
      "POST",
      "/__emulator/faults",
      { rules: [{ kind: "truncate", method: "POST", path: "^/v2/campaigns$" }] },
      admin,
    );
    const answer = await emu.app.request("http://emulator/v2/campaigns", {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(VALID_CAMPAIGN),
    });
    const text = await answer.text();
    expect(answer.status).toBe(201);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    const campaigns = (await emu.state()).campaigns;
    expect(campaigns).toHaveLength(2);
    expect(text.startsWith(`{"data":{"id":"${campaigns[1].id}"`)).toBe(true);
    const log = (await emu.call("GET", "/__emulator/requests", undefined, admin)).body.requests;
    expect(log.at(-1)).toMatchObject({
      method: "POST",
      path: "/v2/campaigns",
      status: 201,
      fault: "truncate",
    });
  });

  test("should answer a huge, escape-laden message and field errors without committing, on hostile", async () => {
    const emu = testEmulator();
    await emu.call(
      "POST",
      "/__emulator/faults",
      {
        rules: [
          {
            kind: "hostile",
            status: 422,
            messageBytes: 1000,
            fieldErrors: 3,
            method: "POST",
            path: "^/v2/campaigns$",
          },
        ],
      },
      admin,
    );
    const answer = await emu.app.request("http://emulator/v2/campaigns", {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(VALID_CAMPAIGN),
    });
    const body = (await answer.json()) as { message: string; errors: Record<string, string[]> };
    expect(answer.status).toBe(422);
    expect(body.message).toHaveLength(1000);
    expect(body.message.startsWith("\u001b[2J\u001b[31m\u001b]0;pwned\u0007")).toBe(true);
    expect(body.errors).toEqual({
      field0: ["\u001b[1mbad\u001b[0m"],
      field1: ["\u001b[1mbad\u001b[0m"],
      field2: ["\u001b[1mbad\u001b[0m"],
    });
    expect((await emu.state()).campaigns).toHaveLength(1);
    const log = (await emu.call("GET", "/__emulator/requests", undefined, admin)).body.requests;
    expect(log.at(-1)).toMatchObject({
      method: "POST",
      path: "/v2/campaigns",
      status: 422,
      fault: "hostile",
    });
  });

  test("should hold the request, then commit it late, on latency", async () => {
    const emu = testEmulator();
    await emu.call(
      "POST",
      "/__emulator/faults",
      { rules: [{ kind: "latency", latencyMs: 300, method: "POST", path: "^/v2/campaigns$" }] },
      admin,
    );
    const pending = emu.call("POST", "/v2/campaigns", VALID_CAMPAIGN);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await emu.state()).campaigns).toHaveLength(1);
    expect((await pending).status).toBe(201);
    expect((await emu.state()).campaigns).toHaveLength(2);
  });

  test("should let the first matching requests through with skip, then fault count of them", async () => {
    const emu = testEmulator();
    await emu.call(
      "POST",
      "/__emulator/faults",
      { rules: [{ kind: "status", status: 503, method: "GET", path: "^/v2/plans$", skip: 1, count: 2 }] },
      admin,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await emu.call("GET", "/v2/plans")).status);
    expect(statuses).toEqual([200, 503, 503, 200]);
  });

  test("should fire reproducibly from the seed at the given rate", async () => {
    const run = async () => {
      const emu = testEmulator();
      await emu.call(
        "POST",
        "/__emulator/faults",
        { rules: [{ kind: "status", status: 500, rate: 0.5, seed: 42 }] },
        admin,
      );
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) statuses.push((await emu.call("GET", "/v2/plans")).status);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first.filter((status) => status === 500).length).toBeGreaterThan(0);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(0);
  });

  test("should clear the rules", async () => {
    const emu = testEmulator();
    await emu.call("POST", "/__emulator/faults", { rules: [{ kind: "status", status: 500 }] }, admin);
    expect(await emu.call("DELETE", "/__emulator/faults", undefined, admin)).toMatchObject({
      status: 200,
      body: ack("Faults cleared."),
    });
    expect((await emu.call("GET", "/v2/plans")).status).toBe(200);
    expect((await emu.call("GET", "/__emulator/faults", undefined, admin)).body).toEqual({ rules: [] });
  });

  test("should refuse malformed rules", async () => {
    const emu = testEmulator();
    const answer = await emu.call(
      "POST",
      "/__emulator/faults",
      { rules: [{ kind: "status" }, { kind: "latency", path: "(" }, { kind: "explode" }] },
      admin,
    );
    expect(answer).toMatchObject({
      status: 422,
      body: {
        errors: {
          "rules.0.status": ["The rules.0.status field is required when kind is status."],
          "rules.1.path": ["The rules.1.path must be a valid regular expression."],
          "rules.2.kind": ["The selected rules.2.kind is invalid."],
        },
      },
    });
  });
});

describe("request log", () => {
  test("should log /v2 calls with masked authorization, never the token", async () => {
    const emu = testEmulator();
    await emu.call("GET", "/v2/campaigns?status=SENT&limit=5");
    await emu.call("POST", "/v2/campaigns", {}, { token: null });
    await emu.call("GET", "/v2/plans", undefined, { token: null, headers: { authorization: TOKEN } });
    await emu.call("GET", "/__emulator/state", undefined, admin);
    const answer = await emu.call("GET", "/__emulator/requests", undefined, admin);
    expect(answer.body).toEqual({
      requests: [
        {
          seq: 1,
          time: "2026-03-18T13:01:30.000Z",
          method: "GET",
          path: "/v2/campaigns?status=SENT&limit=5",
          status: 200,
          authorization: "Bearer ***",
        },
        {
          seq: 2,
          time: "2026-03-18T13:01:30.000Z",
          method: "POST",
          path: "/v2/campaigns",
          status: 401,
          authorization: null,
        },
        {
          seq: 3,
          time: "2026-03-18T13:01:30.000Z",
          method: "GET",
          path: "/v2/plans",
          status: 401,
          authorization: "***",
        },
      ],
    });
    expect(JSON.stringify(answer.body)).not.toContain(TOKEN);
  });

  test("should clear the log and keep counting seq", async () => {
    const emu = testEmulator();
    await emu.call("GET", "/v2/plans");
    expect(await emu.call("DELETE", "/__emulator/requests", undefined, admin)).toMatchObject({
      status: 200,
      body: ack("Request log cleared."),
    });
    await emu.call("GET", "/v2/plans");
    expect((await emu.call("GET", "/__emulator/requests", undefined, admin)).body.requests).toMatchObject([
      { seq: 2 },
    ]);
  });
});

describe("admin state and reset", () => {
  test("should show every object by kind", async () => {
    const emu = testEmulator();
    const state = await emu.state();
    expect(Object.keys(state)).toEqual([
      "campaigns",
      "transactional",
      "webhooks",
      "carts",
      "messages",
      "attachments",
      "targeting",
      "images",
      "account_requests",
      "groups",
    ]);
    expect(state.campaigns.map((campaign: { id: string }) => campaign.id)).toEqual(["snt001"]);
    expect(state.campaigns[0]).toEqual((await emu.call("GET", "/v2/campaigns/snt001")).body.data);
    expect(state.transactional.map((campaign: { id: string }) => campaign.id)).toEqual(["trn001", "trn002"]);
    expect(state.transactional[0]).toEqual((await emu.call("GET", "/v2/transactional/trn001")).body.data);
    expect(state.attachments).toEqual({ snt001: [] });
    expect(state.targeting).toEqual({
      snt001: { tags: [], exclude_tags: [], filters: [], exclude_filters: [] },
    });
  });

  test("should go back to the seed, clear log and faults, and set the limit", async () => {
    const emu = testEmulator({ rateLimitPerMinute: 50 });
    const fresh = await emu.state();
    const { id } = await emu.createCampaign();
    await emu.call("POST", `/v2/campaigns/${id}/tags/tag001`);
    await emu.call(
      "POST",
      "/__emulator/faults",
      { rules: [{ kind: "status", status: 500, path: "^/v2/nothing" }] },
      admin,
    );
    expect(await emu.call("POST", "/__emulator/reset", { rateLimitPerMinute: 1 }, admin)).toMatchObject({
      status: 200,
      body: ack("Emulator reset."),
    });
    expect(await emu.state()).toEqual(fresh);
    expect((await emu.call("GET", "/__emulator/requests", undefined, admin)).body).toEqual({ requests: [] });
    expect((await emu.call("GET", "/__emulator/faults", undefined, admin)).body).toEqual({ rules: [] });
    expect((await emu.call("GET", "/v2/plans")).headers.get("X-RateLimit-Limit")).toBe("1");
    // Without a body the limit goes back to the one the emulator started with.
    await emu.call("POST", "/__emulator/reset", undefined, admin);
    expect((await emu.call("GET", "/v2/plans")).headers.get("X-RateLimit-Limit")).toBe("50");
    // The id generator restarts too, so a rerun creates the same ids.
    expect((await emu.createCampaign()).id).toBe(id);
  });
});
