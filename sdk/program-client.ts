import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import type { SenderClient } from "../provider/client";
import { type ProviderSettings, readSettings } from "../provider/config";
import { clientFromSettings, MISSING_TOKEN_MESSAGE } from "../provider/context";

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
  return readSettings({ get: (key) => pulumi.runtime.getConfig(key) }, env);
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
 * @throws Error with {@link MISSING_TOKEN_MESSAGE} when no token is configured, or an error naming
 *   the config key when a setting is malformed.
 */
export function programClient(env: NodeJS.ProcessEnv = process.env): SenderClient {
  const settings = programSettings(env);
  if (!settings.apiToken) throw new Error(MISSING_TOKEN_MESSAGE);
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

/** Forgets every cached client; for tests. */
export function resetProgramClients(): void {
  clients.clear();
}
