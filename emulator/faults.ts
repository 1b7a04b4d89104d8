import { z } from "zod";
import { mulberry32 } from "./ids";

/**
 * How an injected fault disturbs a request: `status` answers an error without processing;
 * `latency` holds the request, then processes it (so a change commits late, after a client may
 * have given up); `drop-before`/`drop-after` close the connection before processing / after the
 * commit; `truncate` processes it and cuts a 2xx answer's body in half (unreadable JSON);
 * `deep-json` processes it and answers its 2xx status with a body of `DEEP_JSON_LEVELS`
 * nested arrays (valid JSON no reader should walk); `hostile` answers `status` (400 by default)
 * without processing, with a `message` of `messageBytes` bytes laden with terminal escape sequences
 * and, with `fieldErrors`, that many field errors (what a broken or hostile service could send).
 */
export type FaultKind =
  | "status"
  | "latency"
  | "drop-before"
  | "drop-after"
  | "truncate"
  | "deep-json"
  | "hostile";

/** The escape sequences a `hostile` fault's message opens with: a screen clear, a colour, a window title, a link. */
export const HOSTILE_ESCAPES =
  "\u001b[2J\u001b[31m\u001b]0;pwned\u0007\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u001b[0m";

/**
 * The body of a `hostile` fault: `{message, errors}` where the message is {@link HOSTILE_ESCAPES}
 * then `X` up to `messageBytes` bytes, and `errors` holds `fieldErrors` fields `field0`… each with one
 * escape-laden message.
 */
export function hostileBody(messageBytes: number, fieldErrors: number): string {
  const message = `${HOSTILE_ESCAPES}${"X".repeat(Math.max(0, messageBytes - HOSTILE_ESCAPES.length))}`;
  const parts: string[] = [];
  const fieldMessage = JSON.stringify(["\u001b[1mbad\u001b[0m"]);
  for (let i = 0; i < fieldErrors; i++) parts.push(`"field${i}":${fieldMessage}`);
  return `{"message":${JSON.stringify(message)},"errors":{${parts.join(",")}}}`;
}

/** How deep the body of a `deep-json` fault nests. */
export const DEEP_JSON_LEVELS = 100_000;

/** The body of a `deep-json` fault: `DEEP_JSON_LEVELS` nested arrays. */
export function deepJsonBody(): string {
  return `${"[".repeat(DEEP_JSON_LEVELS)}${"]".repeat(DEEP_JSON_LEVELS)}`;
}

const isRegex = (source: string) => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
};

/** The body schema of one rule of `POST /__emulator/faults`. */
export const faultRuleSchema = z
  .object({
    method: z.string().min(1).optional(),
    path: z
      .string()
      .refine(isRegex, { message: "The :attribute must be a valid regular expression." })
      .optional(),
    kind: z.enum(["status", "latency", "drop-before", "drop-after", "truncate", "deep-json", "hostile"]),
    status: z.number().int().min(400).max(599).optional(),
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    rate: z.number().min(0).max(1).optional(),
    count: z.number().int().min(1).optional(),
    skip: z.number().int().min(0).optional(),
    seed: z.number().int().optional(),
    messageBytes: z
      .number()
      .int()
      .min(0)
      .max(64 * 1024 * 1024)
      .optional(),
    fieldErrors: z.number().int().min(0).max(1_000_000).optional(),
  })
  .superRefine((rule, ctx) => {
    if (rule.kind === "status" && rule.status === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["status"],
        message: "The :attribute field is required when kind is status.",
      });
    }
    if (rule.kind === "latency" && rule.latencyMs === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["latencyMs"],
        message: "The :attribute field is required when kind is latency.",
      });
    }
  });

/**
 * A fault rule: which requests it hits (method, path regex), what it does, how often (`rate`,
 * `count`), and how many matching requests it lets through first (`skip`).
 */
export type FaultRule = z.output<typeof faultRuleSchema>;

/** A rule as listed by `GET /__emulator/faults`: the rule with its default rate and its hit count. */
export type ListedFaultRule = FaultRule & { rate: number; hits: number };

interface ActiveRule {
  rule: FaultRule;
  pattern: RegExp | null;
  random: () => number;
  hits: number;
  /** Matching requests let through so far because of `skip`. */
  skipped: number;
}

/**
 * Holds the fault rules. The first rule that matches a request and fires (per its own seeded
 * PRNG, so runs repeat) applies; a rule with `count` stops after that many hits.
 */
export class FaultInjector {
  private rules: ActiveRule[] = [];

  /** Appends rules. */
  add(rules: readonly FaultRule[]): void {
    for (const rule of rules) {
      this.rules.push({
        rule,
        pattern: rule.path === undefined ? null : new RegExp(rule.path),
        random: mulberry32(rule.seed ?? 1),
        hits: 0,
        skipped: 0,
      });
    }
  }

  /** The rules with their hit counts. */
  list(): ListedFaultRule[] {
    return this.rules.map(({ rule, hits }) => ({ ...rule, rate: rule.rate ?? 1, hits }));
  }

  /** Removes every rule. */
  clear(): void {
    this.rules = [];
  }

  /** The rule to apply to a request, if any (and counts the hit). */
  pick(method: string, path: string): FaultRule | undefined {
    for (const active of this.rules) {
      const { rule } = active;
      if (rule.method !== undefined && rule.method.toUpperCase() !== method.toUpperCase()) continue;
      if (active.pattern && !active.pattern.test(path)) continue;
      if (rule.count !== undefined && active.hits >= rule.count) continue;
      // `skip` lets the first matching requests through, e.g. a look-up before the one to fault.
      if (active.skipped < (rule.skip ?? 0)) {
        active.skipped += 1;
        continue;
      }
      // Draw for every matching request, so that the sequence depends only on the seed.
      if (active.random() >= (rule.rate ?? 1)) continue;
      active.hits += 1;
      return rule;
    }
    return undefined;
  }
}

/** The message of an injected status answer. */
export function faultMessage(status: number): string {
  const messages: Record<number, string> = {
    429: "Too Many Attempts.",
    500: "Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
  };
  return messages[status] ?? `Injected fault ${status}.`;
}
