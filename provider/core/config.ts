import { z } from "zod";
import { DEFAULT_MAX_IN_FLIGHT, DEFAULT_TIMEOUT_MS } from "../client/client";
import { SenderConfigError } from "../client/errors/config-error";
import { shorten } from "../client/query";
import { DEFAULT_RETRY_OPTIONS } from "../client/retry";
import { type Dialect, say, sayIn, setSettingWord, settingWord, words } from "../words";
import { CONTENT_CHECK_MODES, type ContentCheckMode } from "./content-checks";
import { editDistance } from "./edit-distance";

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
  /** The least time, in minutes, between a create or update of a CampaignSchedule and the send; undefined: no such rule. */
  minScheduleLeadMinutes: number | undefined;
  /** Whether a CampaignSchedule's create or update is refused, before it is sent, when its campaign has no audience in the service. */
  scheduleNeedsAudience: boolean;
  /** What the content checks do at preview and plan: nothing, warnings, or check failures. */
  contentChecks: ContentCheckMode;
}

/** The default base URL of the real service. */
export const DEFAULT_BASE_URL = "https://api.sender.net";

/** One `sender:*` config key: everything the settings, the checks, the schema and the docs say of it. */
export interface ConfigKey {
  /** How the value is read: a string, a whole number greater than 0, or `true`/`false`. */
  readonly type: "string" | "integer" | "boolean";
  /** The default when the key and its environment variable are unset; undefined when there is none. */
  readonly default: string | number | boolean | undefined;
  /** The environment variable read when the key is unset. */
  readonly env?: string;
  /** The description, on one line (the schema's; an integer's default is added there). */
  readonly doc: string;
  /** A secret: never stored in clear, never logged. */
  readonly secret?: boolean;
  /** The values a string key takes, when it takes only these; any other is refused naming them. */
  readonly values?: readonly string[];
  /** The {@link ProviderSettings} member the value goes to. */
  readonly setting: keyof ProviderSettings;
  /** What a number is multiplied by on its way to the setting (seconds to ms: 1000). */
  readonly scale?: number;
  /**
   * A stack-wide guard: it holds for every provider of the stack, the explicit ones too, whose
   * own arguments the engine does not fill from the stack config. The stricter of the provider's
   * value and the stack's holds (the larger number; `true` over `false`); see {@link stackWideValues}.
   */
  readonly stackWide?: boolean;
}

/**
 * Every `sender:*` config key the package reads, without the `sender:` prefix, in the order the
 * schema lists them. The defaults are the client's own (it applies them when a setting is unset).
 */
export const CONFIG_TABLE = {
  apiToken: {
    type: "string",
    default: undefined,
    env: "SENDER_API_TOKEN",
    doc: "The Sender API token. A secret: never stored in clear, never logged.",
    secret: true,
    setting: "apiToken",
  },
  baseUrl: {
    type: "string",
    default: DEFAULT_BASE_URL,
    env: "SENDER_BASE_URL",
    doc: "The API's base URL, `https://api.sender.net` unless set. Plain `http://` is refused except on loopback.",
    setting: "baseUrl",
  },
  maxAttempts: {
    type: "integer",
    default: DEFAULT_RETRY_OPTIONS.maxAttempts,
    doc: "Attempts per request, retries included.",
    setting: "maxAttempts",
  },
  retryDeadlineSeconds: {
    type: "integer",
    default: DEFAULT_RETRY_OPTIONS.deadlineMs / 1000,
    doc: "Overall deadline of one request, retries included, in seconds.",
    setting: "deadlineMs",
    scale: 1000,
  },
  maxInFlight: {
    type: "integer",
    default: DEFAULT_MAX_IN_FLIGHT,
    doc: "Requests in flight at once, per provider instance.",
    setting: "maxInFlight",
  },
  requestTimeoutSeconds: {
    type: "integer",
    default: DEFAULT_TIMEOUT_MS / 1000,
    doc: "Timeout of one attempt, in seconds.",
    setting: "timeoutMs",
    scale: 1000,
  },
  minScheduleLeadMinutes: {
    type: "integer",
    default: undefined,
    doc: "The least time, in minutes, between a CampaignSchedule's create or update and the send it schedules: a nearer scheduleTime is refused before it reaches the service. Unset: no such rule (a time in the past is always refused).",
    setting: "minScheduleLeadMinutes",
    stackWide: true,
  },
  scheduleNeedsAudience: {
    type: "boolean",
    default: false,
    doc: "Refuse a CampaignSchedule's create or update, before it reaches the service, when its campaign has no audience there (no tags, saved filters or groups, and not sendToAll): the policy pack's schedule-needs-audience, held under {@command upSkippingPreview} too.",
    setting: "scheduleNeedsAudience",
    stackWide: true,
  },
  contentChecks: {
    type: "string",
    default: "warn",
    env: "SENDER_CONTENT_CHECKS",
    values: CONTENT_CHECK_MODES,
    doc: "What the content checks do with a campaign's findings at {@preview} (a body Gmail clips, no unsubscribe link, a misspelt personalization tag, a link no recipient can open; docs/content-checks.md): `warn` (the default) shows each as a warning on its field, `error` makes each finding of a rule that is not advisory a failure that stops the {@preview}, `off` checks nothing. The checks send no request.",
    setting: "contentChecks",
  },
} as const satisfies Record<string, ConfigKey>;

/** The name of a `sender:*` config key, without the prefix. */
export type ConfigKeyName = keyof typeof CONFIG_TABLE;

/** Every `sender:*` config key the package reads, without the `sender:` prefix. */
export const CONFIG_KEYS = Object.keys(CONFIG_TABLE) as readonly ConfigKeyName[];

/** A source of string config values keyed `sender:<name>`, as `configure()` and the program see them. */
export interface ConfigSource {
  /** The value under a full key such as `sender:apiToken`, or undefined. */
  get(key: string): string | undefined;
}

/** The message of the error raised when no token is configured, in `dialect` (the running door's by default). */
export const missingTokenMessage = (dialect: Dialect = words()): string =>
  sayIn(
    dialect,
  )`No Sender API token: set it with ${setSettingWord("apiToken", "<token>", true)} or the SENDER_API_TOKEN environment variable`;

const positiveInt = (key: string) =>
  z
    .string()
    .regex(/^\d+$/, `${key} must be a whole number`)
    .transform(Number)
    .refine((n) => n > 0, `${key} must be greater than 0`);

/** The environment variable in which the engine hands every provider plugin the stack config of its package. */
export const STACK_CONFIG_ENV = "PULUMI_CONFIG";

/**
 * The stack's own values of the stack-wide guards ({@link ConfigKey.stackWide}), as the engine
 * hands them to every provider plugin it starts, explicit providers included: `PULUMI_CONFIG`,
 * the JSON of the stack config under the package's namespace, keyed by bare name
 * (`{"minScheduleLeadMinutes":"120"}`); a program's process has it keyed `sender:<name>`, which is
 * read too. Only the guards are taken: every other key is the provider's own to state. Absent or
 * not JSON (not started by an engine): none.
 */
export function stackWideValues(env: NodeJS.ProcessEnv = process.env): ConfigSource {
  let parsed: unknown;
  try {
    parsed = JSON.parse(env[STACK_CONFIG_ENV] ?? "{}");
  } catch {
    parsed = {};
  }
  const stack = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return {
    get(key) {
      const name = key.slice("sender:".length);
      const entry: ConfigKey | undefined = Object.hasOwn(CONFIG_TABLE, name)
        ? CONFIG_TABLE[name as ConfigKeyName]
        : undefined;
      if (!key.startsWith("sender:") || entry?.stackWide !== true) return undefined;
      const value = stack[name] ?? stack[key];
      return typeof value === "string" ? value : value === undefined ? undefined : JSON.stringify(value);
    },
  };
}

/**
 * Reads the provider settings from config, falling back to the environment (`SENDER_API_TOKEN`,
 * `SENDER_BASE_URL`). A stack-wide guard ({@link ConfigKey.stackWide}) is also read from the
 * stack's config as the engine hands it to the process ({@link stackWideValues}), and the stricter
 * of the two values holds: an explicit provider, which the engine gives only its own arguments,
 * cannot loosen or leave out what the stack sets.
 *
 * @throws SenderConfigError naming the config key when a value is malformed.
 */
export function readSettings(config: ConfigSource, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const stack = stackWideValues(env);
  const pick = (name: string, source: ConfigSource = config) => {
    const value = source.get(`sender:${name}`);
    return value === undefined || value === "" ? undefined : value;
  };
  const number = (name: string, scale = 1) => {
    const own = parseNumber(name, pick(name), scale);
    const stackWide = parseNumber(name, pick(name, stack), scale);
    if (own === undefined || stackWide === undefined) return own ?? stackWide;
    return Math.max(own, stackWide);
  };
  const flag = (name: string) => {
    const own = parseFlag(name, pick(name));
    const stackWide = parseFlag(name, pick(name, stack));
    if (own === undefined || stackWide === undefined) return own ?? stackWide;
    return own || stackWide;
  };
  const parseFlag = (name: string, raw: string | undefined) => {
    if (raw === undefined) return undefined;
    if (raw === "true" || raw === "false") return raw === "true";
    const reason = say`${settingWord(name)} must be true or false (got ${JSON.stringify(shorten(raw))}), e.g. ${setSettingWord(name, "true")}`;
    throw new SenderConfigError(
      `sender:${name}`,
      reason,
      say`Invalid config ${settingWord(name)}: ${reason}`,
    );
  };
  const parseNumber = (name: string, raw: string | undefined, scale: number) => {
    if (raw === undefined) return undefined;
    const parsed = positiveInt(words().setting(name)).safeParse(raw);
    if (!parsed.success) {
      // The value as given and a valid one: no integer key is a secret.
      const example = CONFIG_TABLE[name as ConfigKeyName]?.default ?? 1;
      const reason = say`${parsed.error.issues[0]?.message ?? "invalid value"} (got ${JSON.stringify(shorten(raw))}), e.g. ${setSettingWord(name, String(example))}`;
      throw new SenderConfigError(
        `sender:${name}`,
        reason,
        say`Invalid config ${settingWord(name)}: ${reason}`,
      );
    }
    return parsed.data * scale;
  };
  const oneOf = (name: string, values: readonly string[] | undefined, raw: string | undefined) => {
    if (raw === undefined || values === undefined || values.includes(raw)) return raw;
    const reason = say`${settingWord(name)} must be one of ${values.join(", ")} (got ${JSON.stringify(shorten(raw))}), e.g. ${setSettingWord(name, JSON.stringify(values[values.length - 1] ?? ""))}`;
    throw new SenderConfigError(
      `sender:${name}`,
      reason,
      say`Invalid config ${settingWord(name)}: ${reason}`,
    );
  };
  const settings: Record<string, string | number | boolean | undefined> = {};
  for (const [name, key] of Object.entries(CONFIG_TABLE) as [ConfigKeyName, ConfigKey][]) {
    const value =
      key.type === "integer"
        ? number(name, key.scale)
        : key.type === "boolean"
          ? flag(name)
          : oneOf(name, key.values, pick(name) ?? ((key.env !== undefined && env[key.env]) || undefined));
    settings[key.setting] = value ?? (key.type === "integer" ? undefined : key.default);
  }
  return settings as unknown as ProviderSettings;
}

/** The known key closest to `name` (case-insensitively), e.g. `apitoken` → `apiToken`. */
export function closestConfigKey(name: string): ConfigKeyName {
  const lower = name.toLowerCase();
  let best: ConfigKeyName = "apiToken";
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
  return new SenderConfigError("sender:apiToken", "is not set", `${missingTokenMessage()}${hint}`);
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
