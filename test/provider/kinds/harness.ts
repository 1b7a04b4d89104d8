import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type RunningEmulator, startEmulator } from "../../../emulator/server";
import type { SenderClient } from "../../../provider/client";
import { formatTimestamp } from "../../../provider/client/query";
import { ProviderContext } from "../../../provider/core/context";
import type { ResourceProviderImpl } from "../../../provider/core/contract";
import { providersOf, type ResourceKind } from "../../../provider/index";
import { PULUMI_WORDS } from "../../../provider/pulumi/words";
import { inDialect } from "../../../provider/words";

/** Every kind's provider with each operation run in Pulumi's words, as both Pulumi doors run them. */
export function inPulumiWords(
  providers: Record<ResourceKind, ResourceProviderImpl>,
): Record<ResourceKind, ResourceProviderImpl> {
  return Object.fromEntries(
    Object.entries(providers).map(([kind, provider]) => [
      kind,
      Object.fromEntries(
        Object.entries(provider).map(([name, method]) => [
          name,
          typeof method === "function"
            ? (...args: unknown[]) => inDialect(PULUMI_WORDS, () => method.apply(provider, args))
            : method,
        ]),
      ),
    ]),
  ) as Record<ResourceKind, ResourceProviderImpl>;
}

/** The token of the test emulator; tests assert it never leaks. */
export const TOKEN = "campaign-provider-test-token-41c7e2";

/** The engine's `__provider` as a program would pass it; the provider must never echo it back. */
export const PROVIDER_STUB = 'exports.handler=function(){/* providerFor("Campaign") */}';

/** A DiffResult with no change. */
export const NO_CHANGE = { changes: false, replaces: [], deleteBeforeReplace: false };

/** A DiffResult of an in-place update. */
export const UPDATE = { changes: true, replaces: [], deleteBeforeReplace: false };

/** One line of the emulator's request log. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  fault?: string;
}

/**
 * An emulator on a real port with the provider configured against it, and admin helpers: the set-up
 * of every provider resource test.
 */
export interface Harness {
  /** The emulator's base URL. */
  url: string;
  /** The emulator's clock, frozen so that timestamps are exact; tests move it. */
  clock: { now: Date };
  /** The running emulator. */
  emulator: RunningEmulator;
  /** The provider's own client, for changes behind the stack's back. */
  readonly client: SenderClient;
  /** The context the providers work in: configured for the emulator; a new process's after {@link Harness.reset}. */
  readonly context: ProviderContext;
  /** Every kind's provider, working in {@link Harness.context}. */
  readonly providers: Record<ResourceKind, ResourceProviderImpl>;
  /** Starts a new provider process's context: the same settings, nothing claimed or listed yet. */
  newProcess(): void;
  /** Back to the seed, with an empty request log, no faults and the clock at the real time. */
  reset(): Promise<void>;
  /** `GET /__emulator/state`. */
  state(): Promise<any>;
  /** One campaign record of the state. */
  campaign(id: string): Promise<any>;
  /** The request log, oldest first. */
  requests(): Promise<LoggedRequest[]>;
  /** The request log as `{ method, path }` records, with the `fault` the emulator injected, if any. */
  calls(): Promise<Array<{ method: string; path: string; fault?: string }>>;
  /** The request log as `METHOD path` lines. */
  lines(): Promise<string[]>;
  /** The lines of the requests other than GET. */
  mutations(): Promise<string[]>;
  /** Empties the request log. */
  clearRequests(): Promise<void>;
  /** `POST /__emulator/faults`. */
  addFaults(rules: Record<string, unknown>[]): Promise<void>;
  /** The clock as an API timestamp. */
  timestamp(): string;
  /** Stops the emulator. */
  close(): Promise<void>;
}

const wholeSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/** Starts the emulator and points the provider at it. */
export async function startHarness(): Promise<Harness> {
  const clock = { now: wholeSecond(new Date()) };
  const emulator = await startEmulator({ token: TOKEN, now: () => clock.now });
  // The create journal of marked creates goes to a folder of this run, never the user's home.
  process.env.PULUMI_SENDER_JOURNAL_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "sender-journal-"));
  const config = {
    // Short attempts and deadline: an ambiguous create looks for a late commit for one attempt
    // timeout plus the retry deadline.
    get: (key: string) =>
      ({
        "sender:apiToken": TOKEN,
        "sender:baseUrl": emulator.url,
        "sender:requestTimeoutSeconds": "2",
        "sender:retryDeadlineSeconds": "3",
      })[key],
  };
  let context = new ProviderContext();
  let providers = inPulumiWords(providersOf(context));
  // A provider process configured for the emulator, with nothing claimed or listed yet.
  const newProcess = () => {
    context = ProviderContext.configure(config);
    if (context.failure) throw context.failure;
    providers = inPulumiWords(providersOf(context));
  };
  newProcess();
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${emulator.url}/__emulator${path}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} /__emulator${path} answered ${response.status}`);
    return response.json() as Promise<any>;
  };
  const requests = async () => (await admin("GET", "/requests")).requests as LoggedRequest[];
  const lines = async () =>
    (await requests()).map((r) => `${r.method} ${r.path}${r.fault === undefined ? "" : ` (${r.fault})`}`);
  return {
    url: emulator.url,
    clock,
    emulator,
    get client() {
      return context.client();
    },
    get context() {
      return context;
    },
    get providers() {
      return providers;
    },
    newProcess,
    async reset() {
      clock.now = wholeSecond(new Date());
      await admin("POST", "/reset");
      // The reset emulator hands out the same ids again: what this process claimed, and what the
      // create journal remembers, no longer holds.
      newProcess();
      process.env.PULUMI_SENDER_JOURNAL_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "sender-journal-"));
    },
    state: () => admin("GET", "/state"),
    async campaign(id) {
      const state = await admin("GET", "/state");
      return state.campaigns.find((campaign: { id: string }) => campaign.id === id);
    },
    requests,
    calls: async () =>
      (await requests()).map((r) => ({
        method: r.method,
        path: r.path,
        ...(r.fault ? { fault: r.fault } : {}),
      })),
    lines,
    mutations: async () => (await lines()).filter((line) => !line.startsWith("GET ")),
    async clearRequests() {
      await admin("DELETE", "/requests");
    },
    async addFaults(rules) {
      await admin("POST", "/faults", { rules });
    },
    timestamp: () => formatTimestamp(clock.now),
    async close() {
      await emulator.close();
    },
  };
}
