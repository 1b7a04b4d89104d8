import { z } from "zod";

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

/** A source of string config values keyed `sender:<name>`, as `configure()` and the program see them. */
export interface ConfigSource {
  /** The value under a full key such as `sender:apiToken`, or undefined. */
  get(key: string): string | undefined;
}

const positiveInt = (key: string) =>
  z
    .string()
    .regex(/^\d+$/, `${key} must be a whole number`)
    .transform(Number)
    .refine((n) => n > 0, `${key} must be greater than 0`);

/**
 * Reads the provider settings from config, falling back to the environment (`SENDER_API_TOKEN`,
 * `SENDER_BASE_URL`). Throws an error naming the config key when a value is malformed.
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
      throw new Error(`Invalid config sender:${name}: ${parsed.error.issues[0]?.message ?? "invalid value"}`);
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
