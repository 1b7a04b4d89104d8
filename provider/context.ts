import { SenderClient } from "./client";
import { SenderConfigError } from "./client/errors/config-error";
import { DEFAULT_RETRY_OPTIONS } from "./client/retry";
import { type ConfigSource, missingTokenError, type ProviderSettings, readSettings } from "./config";

export { MISSING_TOKEN_MESSAGE } from "./config";

import { watchEngine } from "./engine-watch";

// One client per provider process: the engine calls configure() once per serialized provider,
// and every resource kind of this package shares the settings and the pacer.
let settings: ProviderSettings | undefined;
let client: SenderClient | undefined;
// A configuration failure found by configure(), raised again by every later operation: the engine
// calls configure() once per kind and goes on with the operation even when it failed.
let configFailure: SenderConfigError | undefined;

/** The stack config as `configure()` receives it: `get` plus, in the engine's process, every raw key. */
export interface ConfigureInput extends ConfigSource {
  /** The whole stack config keyed `<namespace>:<name>`; present in `@pulumi/pulumi`'s dynamic provider. */
  rawConfig?: Record<string, unknown>;
}

/**
 * Takes the stack config given to `configure()`, secrets decrypted and kept in memory only, and
 * validates it: a missing token or an unusable base URL fails here, so preview reports it.
 *
 * @throws SenderConfigError naming the setting and how to fix it.
 */
export function configureProvider(config: ConfigureInput): void {
  watchEngine(); // in the dynamic-provider process: stop once the engine is gone (kill -9 of `pulumi up`)
  try {
    const next = readSettings(config);
    if (!next.apiToken) throw missingTokenError(Object.keys(config.rawConfig ?? {}));
    if (client && settings && JSON.stringify(next) === JSON.stringify(settings)) return;
    const built = clientFromSettings(next);
    settings = next;
    client = built;
    configFailure = undefined;
  } catch (error) {
    settings = undefined;
    client = undefined;
    configFailure = SenderConfigError.is(error) ? asConfigError(error) : undefined;
    throw configFailure ?? error;
  }
}

/** The client's option errors, restated in terms of the stack config a user sets. */
function asConfigError(error: SenderConfigError): SenderConfigError {
  if (error.option === "baseUrl") {
    return new SenderConfigError(
      "sender:baseUrl",
      error.reason,
      `Invalid config sender:baseUrl (or SENDER_BASE_URL): ${error.reason}`,
    );
  }
  if (error.option === "apiToken") {
    return new SenderConfigError(
      "sender:apiToken",
      error.reason,
      `Invalid config sender:apiToken (or SENDER_API_TOKEN): ${error.reason}`,
    );
  }
  return error;
}

/** The configuration failure `configure()` found, if any. */
export function configurationFailure(): SenderConfigError | undefined {
  return configFailure;
}

/**
 * Builds a client from settings.
 *
 * @throws SenderConfigError when the token is missing or the settings are unusable.
 */
export function clientFromSettings(s: ProviderSettings): SenderClient {
  if (!s.apiToken) throw missingTokenError();
  try {
    return new SenderClient({
      baseUrl: s.baseUrl,
      apiToken: s.apiToken,
      ...(s.timeoutMs !== undefined ? { timeoutMs: s.timeoutMs } : {}),
      ...(s.maxInFlight !== undefined ? { maxInFlight: s.maxInFlight } : {}),
      retry: {
        ...(s.maxAttempts !== undefined ? { maxAttempts: s.maxAttempts } : {}),
        ...(s.deadlineMs !== undefined ? { deadlineMs: s.deadlineMs } : {}),
      },
    });
  } catch (error) {
    throw SenderConfigError.is(error) ? asConfigError(error) : error;
  }
}

/** The process's client, built on first use from the configured settings or the environment. */
export function getClient(): SenderClient {
  if (configFailure) throw configFailure;
  if (!client) {
    settings ??= readSettings({ get: () => undefined });
    client = clientFromSettings(settings);
  }
  return client;
}

/** The configured API token, or undefined; only to scrub it from error messages. */
export function configuredToken(): string | undefined {
  return settings?.apiToken;
}

/** Forgets the settings, the client and any configuration failure; for tests. */
export function resetProviderContext(): void {
  settings = undefined;
  client = undefined;
  configFailure = undefined;
}

/**
 * The retry deadline of the process's client in ms (`sender:retryDeadlineSeconds`, else the
 * client's default): with the attempt timeout, how long a create may still be committed.
 */
export function retryDeadlineMs(): number {
  return settings?.deadlineMs ?? DEFAULT_RETRY_OPTIONS.deadlineMs;
}
