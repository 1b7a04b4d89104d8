import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import type { SenderClient } from "../provider/client";
import { PacerRegistry } from "../provider/client/pacer";
import {
  missingTokenError,
  type ProviderSettings,
  readSettings,
  unknownKeyWarnings,
} from "../provider/core/config";
import { clientFromSettings } from "../provider/core/context";
import type { RunContext, SenderFunctionError } from "../provider/functions";

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

/** What a {@link ProgramContext} reads; every part may be left out. */
export interface ProgramContextOptions {
  /** The environment of the `SENDER_*` fallbacks. Default `process.env`, read at each call. */
  env?: NodeJS.ProcessEnv;
  /** Where clients find the pacer of their service. Default: this context's own. */
  pacers?: PacerRegistry;
}

/**
 * What the data sources and resources of one program process share: the clients built from the
 * program's settings (functions run in the program, not in the provider, so they cannot share the
 * provider's client), one error object per configuration failure, and whether the unknown
 * `sender:*` keys were warned about. The program has one ({@link programContext}); a test builds
 * its own.
 */
export class ProgramContext implements RunContext {
  // One client per distinct settings keeps the pacer's accounting meaningful and avoids
  // re-validating URLs.
  readonly #clients = new Map<string, SenderClient>();
  // One error object per configuration failure message, shared by every function: the program's
  // unhandled-error handler reports an object once, so N failing reads print one line.
  readonly #configFailures = new Map<string, SenderFunctionError>();
  #configKeysChecked = false;
  #resources = 0;
  readonly #env: NodeJS.ProcessEnv | undefined;
  readonly #pacers: PacerRegistry;

  /** @param options the environment and the pacers; by default this context's own. */
  constructor(options: ProgramContextOptions = {}) {
    this.#env = options.env;
    this.#pacers = options.pacers ?? new PacerRegistry();
  }

  /**
   * The client for the program's current settings, built on first use and then shared.
   *
   * @throws SenderConfigError when no token is configured or a setting is malformed, naming the key.
   */
  client(): SenderClient {
    const settings = programSettings(this.#env);
    if (!settings.apiToken) throw missingTokenError(Object.keys(stackConfig()));
    const key = cacheKey(settings);
    let client = this.#clients.get(key);
    if (!client) {
      client = clientFromSettings(settings, this.#pacers);
      this.#clients.set(key, client);
    }
    return client;
  }

  /** The configured token, or undefined; used only to scrub it from error messages. */
  token(): string | undefined {
    try {
      return programSettings(this.#env).apiToken;
    } catch {
      return undefined;
    }
  }

  /** The error already made for this configuration failure message, or the one `make` returns. */
  sharedConfigFailure(message: string, make: () => SenderFunctionError): SenderFunctionError {
    let shared = this.#configFailures.get(message);
    if (!shared) {
      shared = make();
      this.#configFailures.set(message, shared);
    }
    return shared;
  }

  /** Counts a resource of the package made in this program (its constructor calls it). */
  noteResource(): void {
    this.#resources++;
  }

  /**
   * Whether the program made a resource of the package: its provider then reports a configuration
   * failure on it, so the Output forms of the functions need not report it a second time.
   */
  hasResources(): boolean {
    return this.#resources > 0;
  }

  /**
   * Warns, once per context, about each `sender:*` config key the package does not read, naming
   * the closest known key (`sender:apitoken` → `sender:apiToken`): a misspelt key is otherwise
   * silently ignored. Called by every resource and function of the package.
   */
  warnUnknownConfigKeys(): void {
    if (this.#configKeysChecked) return;
    this.#configKeysChecked = true;
    for (const warning of unknownKeyWarnings(Object.keys(stackConfig()))) {
      void pulumi.log.warn(warning);
    }
  }
}

// The program process's one context: the package's functions and resources are called with the
// program's arguments only (their signatures are the public API), so they find it here.
let current = new ProgramContext();

/** The program process's context, which the package's functions and resources use. */
export function programContext(): ProgramContext {
  return current;
}

/**
 * Makes `context` the program's and returns the one it replaces; for tests, which build their own
 * rather than reset the program's.
 */
export function useProgramContext(context: ProgramContext): ProgramContext {
  const previous = current;
  current = context;
  return previous;
}
