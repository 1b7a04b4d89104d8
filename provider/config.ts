import { z } from "zod";
import { SenderConfigError } from "./client/errors/config-error";

/** The settings the provider reads from stack config (`sender:*`) or the environment. */
export interface ProviderSettings {
  /** The Sender API token. Never logged, never stored in state. */
  apiToken: string | undefined;
  /** The API's base URL, `https://api.sender.net` unless configured. */
  baseUrl: string;
  /** The most attempts one request may take, retries included. */
  maxAttempts: number | undefined;
  /** The overall deadline of one request, retries included, in milliseconds. */
  deadlineMs: number | undefined;
  /** The most requests in flight at once, shared by every resource of the process. */
  maxInFlight: number | undefined;
  /** The timeout of one attempt, in milliseconds. */
  timeoutMs: number | undefined;
}

/** The default base URL of the real service. */
export const DEFAULT_BASE_URL = "https://api.sender.net";

/** Every `sender:*` config key the package reads, without the `sender:` prefix. */
export const CONFIG_KEYS = [
  "apiToken",
  "baseUrl",
  "maxAttempts",
  "retryDeadlineSeconds",
  "maxInFlight",
  "requestTimeoutSeconds",
] as const;

/** A source of string config values keyed `sender:<name>`, as `configure()` and the program see them. */
export interface ConfigSource {
  /** The value under a full key such as `sender:apiToken`, or undefined. */
  get(key: string): string | undefined;
}

/** The message of the error raised when no token is configured. */
export const MISSING_TOKEN_MESSAGE =
  "No Sender API token: set it with `pulumi config set --secret sender:apiToken <token>` or the SENDER_API_TOKEN environment variable";

const positiveInt = (key: string) =>
  z
    .string()
    .regex(/^\d+$/, `${key} must be a whole number`)
    .transform(Number)
    .refine((n) => n > 0, `${key} must be greater than 0`);

/**
 * Reads the provider settings from config, falling back to the environment (`SENDER_API_TOKEN`,
 * `SENDER_BASE_URL`).
 *
 * @throws SenderConfigError naming the config key when a value is malformed.
 */
export function readSettings(config: ConfigSource, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const pick = (name: string) => {
    const value = config.get(`sender:${name}`);
    return value === undefined || value === "" ? undefined : value;
  };
  const number = (name: string, scale = 1) => {
    const raw = pick(name);
    if (raw === undefined) return undefined;
    const parsed = positiveInt(`sender:${name}`).safeParse(raw);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? "invalid value";
      throw new SenderConfigError(`sender:${name}`, reason, `Invalid config sender:${name}: ${reason}`);
    }
    return parsed.data * scale;
  };
  return {
    apiToken: pick("apiToken") ?? (env.SENDER_API_TOKEN || undefined),
    baseUrl: pick("baseUrl") ?? (env.SENDER_BASE_URL || DEFAULT_BASE_URL),
    maxAttempts: number("maxAttempts"),
    deadlineMs: number("retryDeadlineSeconds", 1000),
    maxInFlight: number("maxInFlight"),
    timeoutMs: number("requestTimeoutSeconds", 1000),
  };
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known key closest to `name` (case-insensitively), e.g. `apitoken` → `apiToken`. */
export function closestConfigKey(name: string): (typeof CONFIG_KEYS)[number] {
  const lower = name.toLowerCase();
  let best: (typeof CONFIG_KEYS)[number] = CONFIG_KEYS[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const key of CONFIG_KEYS) {
    const distance = editDistance(lower, key.toLowerCase());
    if (distance < bestDistance) {
      best = key;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * One warning per `sender:*` key the package does not read, naming the closest known key, e.g.
 * `Unknown config key sender:apitoken (did you mean sender:apiToken?); it is ignored`.
 */
export function unknownKeyWarnings(keys: Iterable<string>): string[] {
  const known = new Set<string>(CONFIG_KEYS);
  const warnings: string[] = [];
  for (const key of keys) {
    if (!key.startsWith("sender:")) continue;
    const name = key.slice("sender:".length);
    if (known.has(name)) continue;
    warnings.push(
      `Unknown config key ${key} (did you mean sender:${closestConfigKey(name)}?); it is ignored`,
    );
  }
  return warnings.sort();
}

/**
 * The error for a missing token; when a misspelt key looks like the token key (`sender:apitoken`),
 * the message says so.
 */
export function missingTokenError(keys: Iterable<string> = []): SenderConfigError {
  // Only a near miss of the token key is worth naming here; the other unknown keys get warnings.
  const lookalike = [...keys].find(
    (key) =>
      key.startsWith("sender:") &&
      key !== "sender:apiToken" &&
      editDistance(key.slice("sender:".length).toLowerCase(), "apitoken") <= 3,
  );
  const hint = lookalike ? ` (${lookalike} is set: did you mean sender:apiToken?)` : "";
  return new SenderConfigError("sender:apiToken", "is not set", `${MISSING_TOKEN_MESSAGE}${hint}`);
}

/** What {@link checkSenderConfig} found: the settings, and one warning per key the package does not read. */
export interface SenderConfigCheck {
  /** The settings read from the config and the environment. */
  settings: ProviderSettings;
  /** `Unknown config key sender:apitoken (did you mean sender:apiToken?); it is ignored`, one per key. */
  warnings: string[];
}

/**
 * The one check of a `sender:*` configuration, for the dynamic package (`configure`) and the
 * plugin (`CheckConfig` and `Configure`) alike: the values are read and validated, a missing token
 * is an error that names a look-alike key (`sender:apitoken` → did you mean `sender:apiToken`?),
 * and every other key the package does not read gets a warning naming the closest known key.
 *
 * @param keys every config key set, as `sender:<name>`.
 * @throws SenderConfigError naming the key: a malformed value, or no token.
 */
export function checkSenderConfig(
  config: ConfigSource,
  keys: Iterable<string>,
  env: NodeJS.ProcessEnv = process.env,
): SenderConfigCheck {
  const all = [...keys];
  const settings = readSettings(config, env);
  if (!settings.apiToken) throw missingTokenError(all);
  return { settings, warnings: unknownKeyWarnings(all) };
}
