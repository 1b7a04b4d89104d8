import { SenderClient } from "./client";
import { type ConfigSource, type ProviderSettings, readSettings } from "./config";

// One client per provider process: the engine calls configure() once per serialized provider,
// and every resource kind of this package shares the settings and the pacer.
let settings: ProviderSettings | undefined;
let client: SenderClient | undefined;

/** Takes the stack config given to `configure()`; secrets arrive decrypted and stay in memory only. */
export function configureProvider(config: ConfigSource): void {
  const next = readSettings(config);
  if (client && settings && JSON.stringify(next) === JSON.stringify(settings)) return;
  settings = next;
  client = undefined;
}

/** The message of the error raised when no token is configured. */
export const MISSING_TOKEN_MESSAGE =
  "No Sender API token: set it with `pulumi config set --secret sender:apiToken <token>` or the SENDER_API_TOKEN environment variable";

/** Builds a client from settings, or throws a clear error when the token is missing. */
export function clientFromSettings(s: ProviderSettings): SenderClient {
  if (!s.apiToken) throw new Error(MISSING_TOKEN_MESSAGE);
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
}

/** The process's client, built on first use from the configured settings or the environment. */
export function getClient(): SenderClient {
  if (!client) {
    settings ??= readSettings({ get: () => undefined });
    client = clientFromSettings(settings);
  }
  return client;
}

/** Forgets the settings and the client; for tests. */
export function resetProviderContext(): void {
  settings = undefined;
  client = undefined;
}
