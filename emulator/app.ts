import { timingSafeEqual } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { EmulatorEnv } from "./context";
import { ApiError, DroppedConnection, tooManyAttempts, unauthenticated } from "./errors";
import { deepJsonBody, FaultInjector, faultMessage, hostileBody } from "./faults";
import { RateLimiter } from "./rate-limit";
import { RequestLog } from "./request-log";
import { accountRoutes } from "./routes/account";
import { adminRoutes } from "./routes/admin";
import { attachmentRoutes } from "./routes/attachments";
import { campaignRoutes } from "./routes/campaigns";
import { cartRoutes } from "./routes/carts";
import { groupRoutes } from "./routes/groups";
import { reportRoutes } from "./routes/reports";
import { subscriberRoutes } from "./routes/subscribers";
import { targetingRoutes } from "./routes/targeting";
import { transactionalRoutes } from "./routes/transactional";
import { webhookRoutes } from "./routes/webhooks";
import { EmulatorStore } from "./store";
import { Variance, varianceMiddleware } from "./variance";

/** Options of {@link createEmulatorApp}. */
export interface EmulatorOptions {
  /** The bearer token every `/v2` request must carry. */
  token: string;
  /** Requests per wall-clock minute; undefined means no limit. */
  rateLimitPerMinute?: number;
  /** JSON file the state is loaded from and saved to (atomically); in memory only when absent. */
  statePath?: string;
  /** The clock; injectable so that tests control schedules and rate-limit windows. */
  now?: () => Date;
  /** How long a sent campaign stays SENDING before it reads as SENT (default 0). */
  sendingMs?: number;
  /** Start in variance mode (see `variance.ts`); the admin route switches it later. */
  variance?: boolean;
}

/** The emulator: its Hono app and the pieces a test may want to reach directly. */
export interface EmulatorApp {
  /** The Hono app: `app.request(...)` in-process, or `app.fetch` behind a server. */
  app: Hono<EmulatorEnv>;
  /** The state. */
  store: EmulatorStore;
  /** The `/v2` request log. */
  requestLog: RequestLog;
  /** The rate limiter. */
  rateLimiter: RateLimiter;
  /** The fault rules. */
  faults: FaultInjector;
  /** The variance switch. */
  variance: Variance;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = header === undefined ? null : /^Bearer\s+(.+)$/i.exec(header);
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1].trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Builds the emulator of the Sender.net API v2 (docs/wire-contract.md). */
export function createEmulatorApp(options: EmulatorOptions): EmulatorApp {
  if (options.token === "") throw new Error("The emulator needs a non-empty token.");
  const now = options.now ?? (() => new Date());
  const store = new EmulatorStore({
    ...(options.statePath === undefined ? {} : { statePath: options.statePath }),
    now,
    sendingMs: options.sendingMs ?? 0,
  });
  const initialRateLimit = options.rateLimitPerMinute ?? null;
  const requestLog = new RequestLog();
  const rateLimiter = new RateLimiter(initialRateLimit);
  const faults = new FaultInjector();
  const variance = new Variance(store, options.variance ?? false);
  const app = new Hono<EmulatorEnv>();

  // One error path: ApiError carries the body; anything else unexpected is a 500.
  app.onError((error, c) => {
    if (error instanceof DroppedConnection) throw error;
    if (error instanceof ApiError) return error.getResponse();
    if (error instanceof HTTPException) return c.json({ message: error.message }, error.status);
    console.error("emulator: unexpected error", error);
    return c.json({ message: "Server Error" }, 500);
  });

  app.notFound((c) =>
    c.json({ message: `The route ${c.req.path.replace(/^\//, "")} could not be found.` }, 404),
  );

  // Request log, outermost, so that it sees every answer, including faults and drops.
  app.use("/v2/*", async (c, next) => {
    const url = new URL(c.req.url);
    const entry = requestLog.begin(
      now(),
      c.req.method,
      url.pathname + url.search,
      c.req.header("authorization"),
    );
    try {
      await next();
      entry.status = c.res.status;
      const fault = c.get("fault");
      if (fault !== undefined) entry.fault = fault;
      requestLog.finish(entry);
    } catch (error) {
      if (!(error instanceof DroppedConnection)) throw error;
      entry.fault = error.kind;
      requestLog.finish(entry);
      const socket = c.env?.incoming?.socket;
      if (!socket) throw error; // in-process: the caller sees a rejected promise
      socket.destroy();
      return new Response(null, { status: 500 }); // never reaches the client
    }
  });

  // observed: the rate-limit headers come on every answer; a fixed wall-clock minute (contract).
  app.use("/v2/*", async (c, next) => {
    const decision = rateLimiter.take(now());
    if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds).withHeaders(decision.headers);
    await next();
    for (const [name, value] of Object.entries(decision.headers)) c.res.headers.set(name, value);
  });

  // Injected faults, before auth so that they hit any request the rule matches.
  app.use("/v2/*", async (c, next) => {
    const rule = faults.pick(c.req.method, c.req.path);
    if (!rule) return next();
    c.set("fault", rule.kind);
    switch (rule.kind) {
      case "status": {
        const status = (rule.status ?? 500) as ContentfulStatusCode;
        throw new ApiError(
          status,
          { message: faultMessage(status) },
          status === 429 ? { "Retry-After": "1" } : {},
        );
      }
      case "latency":
        await sleep(rule.latencyMs ?? 0);
        return next();
      case "drop-before":
        throw new DroppedConnection("drop-before");
      case "drop-after":
        await next();
        throw new DroppedConnection("drop-after");
      case "truncate": {
        await next();
        if (c.res.status < 200 || c.res.status >= 300) return;
        const text = await c.res.text();
        const headers = new Headers(c.res.headers);
        headers.delete("content-length");
        c.res = new Response(text.slice(0, Math.floor(text.length / 2)), { status: c.res.status, headers });
        return;
      }
      case "hostile": {
        const body = hostileBody(rule.messageBytes ?? 8 * 1024 * 1024, rule.fieldErrors ?? 0);
        return new Response(body, {
          status: rule.status ?? 400,
          headers: { "content-type": "application/json" },
        });
      }
      case "deep-json": {
        await next();
        if (c.res.status < 200 || c.res.status >= 300) return;
        const headers = new Headers(c.res.headers);
        headers.delete("content-length");
        c.res = new Response(deepJsonBody(), { status: c.res.status, headers });
        return;
      }
    }
  });

  app.use("/v2/*", async (c, next) => {
    if (!tokenMatches(c.req.header("authorization"), options.token)) throw unauthenticated();
    await next();
  });

  // Time-driven transitions before the handler; one write of the state after it.
  app.use("/v2/*", async (_c, next) => {
    store.settle();
    await next();
    store.flush();
  });

  // Innermost, so that the headers the outer layers add land on the varied answer.
  app.use("/v2/*", varianceMiddleware(variance));

  const deps = { store };
  app.route("/v2", campaignRoutes(deps));
  app.route("/v2", reportRoutes(deps));
  app.route("/v2", attachmentRoutes(deps));
  app.route("/v2", targetingRoutes(deps));
  app.route("/v2", transactionalRoutes(deps));
  app.route("/v2", subscriberRoutes(deps));
  app.route("/v2", webhookRoutes(deps));
  app.route("/v2", groupRoutes(deps));
  app.route("/v2", cartRoutes(deps));
  app.route("/v2", accountRoutes(deps));
  app.route(
    "/__emulator",
    adminRoutes({ store, log: requestLog, limiter: rateLimiter, faults, initialRateLimit, variance }),
  );

  return { app, store, requestLog, rateLimiter, faults, variance };
}
