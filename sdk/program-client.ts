import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import type { SenderClient } from "../provider/client";
import {
  missingTokenError,
  type ProviderSettings,
  readSettings,
  unknownKeyWarnings,
} from "../provider/config";
import { clientFromSettings } from "../provider/context";
import type { SenderFunctionError } from "../provider/functions";

// Functions run in the program process, not in the dynamic provider, so they cannot share the
// provider's client: they build their own from the program's config. One client per distinct
// settings keeps the pacer's process-wide accounting meaningful and avoids re-validating URLs.
const clients = new Map<string, SenderClient>();

/**
 * The settings as the program sees them: `sender:*` keys of the stack config, read raw (no
 * secret warning; the value is a plain string in this process), with the same environment
 * fallbacks as the resources (`SENDER_API_TOKEN`, `SENDER_BASE_URL`).
 */
export function programSettings(env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const config = stackConfig();
  return readSettings({ get: (key) => config[key] }, env);
}

/**
 * The program's whole stack config, `{}` for a stack with no config at all: the language host
 * then passes `PULUMI_CONFIG=null`, on which `@pulumi/pulumi`'s `allConfig()` and `getConfig()`
 * throw `TypeError: Cannot convert undefined or null to object`.
 */
export function stackConfig(): Record<string, string> {
  try {
    return pulumi.runtime.allConfig();
  } catch (error) {
    if (error instanceof TypeError) return {};
    throw error;
  }
}

/** A cache key that identifies the settings without keeping the token itself as a key. */
function cacheKey(settings: ProviderSettings): string {
  const tokenHash = createHash("sha256")
    .update(settings.apiToken ?? "")
    .digest("hex");
  return JSON.stringify({ ...settings, apiToken: tokenHash });
}

/**
 * The client for the program's current settings, built on first use and then shared.
 *
 * @throws SenderConfigError when no token is configured or a setting is malformed, naming the key.
 */
export function programClient(env: NodeJS.ProcessEnv = process.env): SenderClient {
  const settings = programSettings(env);
  if (!settings.apiToken) throw missingTokenError(Object.keys(stackConfig()));
  const key = cacheKey(settings);
  let client = clients.get(key);
  if (!client) {
    client = clientFromSettings(settings);
    clients.set(key, client);
  }
  return client;
}

/** The configured token, or undefined; used only to scrub it from error messages. */
export function programToken(env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    return programSettings(env).apiToken;
  } catch {
    return undefined;
  }
}

// One error object per distinct configuration failure, shared by every function: the program's
// unhandled-error handler reports an object once, so N failing reads print one line.
const configFailures = new Map<string, SenderFunctionError>();

/** The error already made for this configuration failure message, or the one `make` returns. */
export function sharedConfigFailure(message: string, make: () => SenderFunctionError): SenderFunctionError {
  let shared = configFailures.get(message);
  if (!shared) {
    shared = make();
    configFailures.set(message, shared);
  }
  return shared;
}

/** Forgets every cached client and shared configuration failure; for tests. */
export function resetProgramClients(): void {
  clients.clear();
  configFailures.clear();
}

let configKeysChecked = false;

/**
 * Warns, once per program run, about each `sender:*` config key the package does not read, naming
 * the closest known key (`sender:apitoken` → `sender:apiToken`): a misspelt key is otherwise
 * silently ignored. Called by every resource and function of the package.
 */
export function warnUnknownConfigKeys(): void {
  if (configKeysChecked) return;
  configKeysChecked = true;
  for (const warning of unknownKeyWarnings(Object.keys(stackConfig()))) {
    void pulumi.log.warn(warning);
  }
}

/** Lets {@link warnUnknownConfigKeys} warn again; for tests. */
export function resetConfigKeyCheck(): void {
  configKeysChecked = false;
}
