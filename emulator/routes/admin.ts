import { Hono } from "hono";
import { z } from "zod";
import type { EmulatorEnv } from "../context";
import { type FaultInjector, faultRuleSchema } from "../faults";
import type { RateLimiter } from "../rate-limit";
import type { RequestLog } from "../request-log";
import type { EmulatorStore } from "../store";
import { parseBody } from "../validation";
import type { Variance } from "../variance";

/** What the admin routes control. */
export interface AdminDeps {
  store: EmulatorStore;
  log: RequestLog;
  limiter: RateLimiter;
  faults: FaultInjector;
  /** The limit the emulator started with, restored by a reset without a body. */
  initialRateLimit: number | null;
  /** The variance switch. */
  variance: Variance;
}

const perMinute = z.number().int().min(1).nullable();

/**
 * `/__emulator/*`: test controls. Not authenticated, not rate-limited, not logged, so that a
 * test can inspect the emulator without disturbing what it inspects.
 */
export function adminRoutes({ store, log, limiter, faults, initialRateLimit, variance }: AdminDeps) {
  const app = new Hono<EmulatorEnv>();

  app.post("/reset", async (c) => {
    const body = await parseBody(c, z.object({ rateLimitPerMinute: perMinute.optional() }));
    store.reset();
    variance.afterReset();
    log.reset();
    faults.clear();
    limiter.setLimit(body.rateLimitPerMinute === undefined ? initialRateLimit : body.rateLimitPerMinute);
    return c.json({ success: true, message: "Emulator reset." });
  });

  app.get("/requests", (c) => c.json({ requests: log.list() }));
  app.get("/request-counts", (c) => c.json(log.counts()));

  app.delete("/requests", (c) => {
    log.clear();
    return c.json({ success: true, message: "Request log cleared." });
  });

  app.get("/state", (c) => {
    store.settle();
    store.flush();
    return c.json(store.snapshot());
  });

  app.put("/rate-limit", async (c) => {
    const body = await parseBody(c, z.object({ perMinute }));
    limiter.setLimit(body.perMinute);
    return c.json({ perMinute: limiter.limit });
  });

  app.get("/variance", (c) => c.json({ enabled: variance.enabled }));

  app.put("/variance", async (c) => {
    const body = await parseBody(c, z.object({ enabled: z.boolean() }));
    variance.enabled = body.enabled;
    return c.json({ enabled: variance.enabled });
  });

  app.put("/title-normalization", async (c) => {
    const body = await parseBody(c, z.object({ enabled: z.boolean() }));
    store.normalizeTitles = body.enabled;
    return c.json({ enabled: store.normalizeTitles });
  });

  // The account's tags and saved filters beyond the seeded ones: the API has no route that makes them.
  const named = z.array(z.object({ id: z.string().regex(/^[A-Za-z0-9]{1,32}$/), name: z.string() }));
  app.post("/tags", async (c) => {
    const body = await parseBody(c, z.object({ tags: named }));
    const taken = new Set(store.tags().map((tag) => tag.id));
    store.data.addedTags = [
      ...(store.data.addedTags ?? []),
      ...body.tags.filter((tag) => !taken.has(tag.id)),
    ];
    store.markDirty();
    store.flush();
    return c.json({ tags: store.tags() });
  });
  app.post("/filters", async (c) => {
    const body = await parseBody(c, z.object({ filters: named }));
    const taken = new Set(store.filters().map((filter) => filter.id));
    store.data.addedFilters = [
      ...(store.data.addedFilters ?? []),
      ...body.filters.filter((filter) => !taken.has(filter.id)),
    ];
    store.markDirty();
    store.flush();
    return c.json({ filters: store.filters() });
  });

  app.get("/faults", (c) => c.json({ rules: faults.list() }));

  app.post("/faults", async (c) => {
    const body = await parseBody(c, z.object({ rules: z.array(faultRuleSchema) }));
    faults.add(body.rules);
    return c.json({ rules: faults.list() });
  });

  app.delete("/faults", (c) => {
    faults.clear();
    return c.json({ success: true, message: "Faults cleared." });
  });

  return app;
}
