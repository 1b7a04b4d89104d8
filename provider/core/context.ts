import { inspect } from "node:util";
import { SenderClient } from "../client";
import { SenderConfigError } from "../client/errors/config-error";
import { SenderError } from "../client/errors/sender-error";
import { PacerRegistry } from "../client/pacer";
import { DEFAULT_RETRY_OPTIONS } from "../client/retry";
import type * as api from "../client/schemas";
import { abortRequestsInFlight } from "../client/transport";
import { say, settingWord } from "../words";
import { Claims } from "./claims";
import {
  CONFIG_TABLE,
  type ConfigKey,
  type ConfigKeyName,
  type ConfigSource,
  checkSenderConfig,
  missingTokenError,
  type ProviderSettings,
  readSettings,
} from "./config";
import type { ContentCheckMode } from "./content-checks";
import { EngineWatch } from "./engine-watch";
import { ListedReads } from "./listed-records";

export { missingTokenMessage } from "./config";

/** The stack config as `configure()` receives it: `get` plus, in the engine's process, every raw key. */
export interface ConfigureInput extends ConfigSource {
  /** The whole stack config keyed `<namespace>:<name>`; present in `@pulumi/pulumi`'s dynamic provider. */
  rawConfig?: Record<string, unknown>;
}

/** What a {@link ProviderContext} is made of; every part may be left out. */
export interface ProviderContextOptions {
  /** The settings `configure()` read; left out, they are read from the environment on first use. */
  settings?: ProviderSettings | undefined;
  /** The client already built from `settings` (configure builds it to validate them). */
  client?: SenderClient | undefined;
  /** The configuration failure `configure()` found: every later operation raises it again. */
  failure?: SenderConfigError | undefined;
  /** Where clients find the pacer of their service. Default: a registry of this context's own. */
  pacers?: PacerRegistry | undefined;
  /** The ids claimed and the lists taken by creates. Default: none yet. */
  claims?: Claims | undefined;
  /** A context whose client refuses every request but a GET ({@link ProviderContext.readOnly}). */
  readOnly?: boolean | undefined;
  /** The lists read in pages and the ids written, shared with the read-only view. Default: none yet. */
  listed?: ListedReads | undefined;
}

/** The account lists a preview check may read, each at most once per context. */
export type AccountList = "tags" | "filters";

/** What the one account probe of a context found: nothing wrong, or the failure and who reports it. */
export interface ProbeResult {
  /** Why the token or the address does not work; undefined when the read succeeded. */
  readonly error: Error | undefined;
  /**
   * True for the one caller that reports `error`; the others stay quiet, so that an unusable
   * token or address is one line, not one per resource.
   */
  readonly report: boolean;
}

/**
 * What the resource providers and the plugin's functions work with, in place of process globals:
 * the settings, the client (and through it the pacer of its service), the configuration failure,
 * and the creates' {@link Claims}. `configure()` builds one ({@link ProviderContext.configure});
 * a test builds its own.
 *
 * It never shows the API token: `JSON.stringify` and `util.inspect` give the base URL only.
 */
export class ProviderContext {
  #settings: ProviderSettings | undefined;
  #client: SenderClient | undefined;
  readonly #readOnly: boolean;
  #readOnlyView: ProviderContext | undefined;
  /** The configuration failure `configure()` found, if any: {@link ProviderContext.client} throws it. */
  readonly failure: SenderConfigError | undefined;
  /** The registry of pacers the client is made with. */
  readonly pacers: PacerRegistry;
  /** The ids the creates of this context claimed, and the lists they took once. */
  readonly claims: Claims;
  // The reads the checks share (the probe, the account lists): at most one each per context, so
  // per provider configuration and run, however many resources ask.
  #probe: Promise<Error | undefined> | undefined;
  #probeReported = false;
  readonly #lists = new Map<AccountList, Promise<ReadonlySet<string> | undefined>>();
  // One per context and its read-only view: the reads it serves are of one account and one run.
  readonly #listed: ListedReads;

  /** @param options the parts; left out, a context that reads its settings from the environment. */
  constructor(options: ProviderContextOptions = {}) {
    this.#settings = options.settings;
    this.#client = options.client;
    this.failure = options.failure;
    this.pacers = options.pacers ?? new PacerRegistry();
    this.claims = options.claims ?? new Claims();
    this.#readOnly = options.readOnly === true;
    this.#listed = options.listed ?? new ListedReads();
    this.#watch(this.#client);
  }

  /** What `client` writes is never served from a page of this context's lists. */
  #watch(client: SenderClient | undefined): void {
    client?.watchWrites((ids) => this.#listed.wrote(ids));
  }

  /**
   * This context for `check`, `diff` and `read`: the same settings, pacers and claims, with a
   * client that refuses every request but a GET before sending it. A preview and a
   * `refresh --preview-only` call nothing else, so they cannot write, whatever code runs in them.
   */
  readOnly(): ProviderContext {
    if (this.#readOnly) return this;
    this.#readOnlyView ??= new ProviderContext({
      settings: this.#settings,
      failure: this.failure,
      pacers: this.pacers,
      claims: this.claims,
      readOnly: true,
      listed: this.#listed,
    });
    return this.#readOnlyView;
  }

  /**
   * The context `configure()` makes of the stack config, secrets decrypted and kept in memory
   * only. It validates the settings: a missing token or an unusable base URL becomes the
   * context's {@link ProviderContext.failure}, which the caller raises, so preview reports it.
   * With `previous` of the same settings, `previous` itself is kept (its client, its pacer);
   * otherwise the new context keeps `previous`'s claims and pacers.
   */
  static configure(config: ConfigureInput, previous?: ProviderContext): ProviderContext {
    const kept = { pacers: previous?.pacers, claims: previous?.claims };
    try {
      const { settings } = checkSenderConfig(config, Object.keys(config.rawConfig ?? {}));
      if (
        previous instanceof ProviderContext &&
        previous.#client &&
        sameSettings(previous.#settings, settings)
      )
        return previous;
      const pacers = kept.pacers ?? new PacerRegistry();
      return new ProviderContext({ ...kept, settings, client: clientFromSettings(settings, pacers) });
    } catch (error) {
      if (!SenderConfigError.is(error)) throw error;
      return new ProviderContext({ ...kept, failure: asConfigError(error) });
    }
  }

  /**
   * The client, built on first use from the settings or, when `configure()` gave none, the
   * environment.
   *
   * @throws SenderConfigError the configuration failure, or why the settings are unusable.
   */
  client(): SenderClient {
    if (this.failure) throw this.failure;
    if (!this.#client) {
      this.#settings ??= readSettings({ get: () => undefined });
      this.#client = clientFromSettings(this.#settings, this.pacers, this.#readOnly);
      this.#watch(this.#client);
    }
    return this.#client;
  }

  /**
   * One cheap authenticated read (`GET /v2/campaigns?limit=1`), made once per context: whether the
   * token and the address work. When the paged reads of this context (a refresh before the plan)
   * already read the first page of the campaign list, that answer is the probe: the same route,
   * token and address, so it proves the same, and the plan spares a request. Every caller
   * awaits the same read; only the first one told of a failure gets `report: true`.
   */
  async probeAccount(): Promise<ProbeResult> {
    const read = () => this.client().listCampaigns({ limit: 1 });
    // A page that failed proves nothing either way: the probe reads on its own, as it did.
    const listed = this.#listed.firstAnswer("campaigns");
    this.#probe ??= (listed ? listed.catch(read) : read()).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    const error = await this.#probe;
    if (error === undefined) return { error, report: false };
    const report = !this.#probeReported;
    this.#probeReported = true;
    return { error, report };
  }

  /**
   * The ids of one account list (its tags, its saved filters), every page of it, read once per
   * context and shared. Undefined when the service does not serve the list (404, 405: the route is
   * assumed), or when it has more than {@link ACCOUNT_LIST_MAX_PAGES} pages, so that the check it
   * serves is skipped rather than wrong.
   *
   * @throws SenderError any other failure of the reads.
   */
  accountIds(list: AccountList): Promise<ReadonlySet<string> | undefined> {
    let pending = this.#lists.get(list);
    if (!pending) {
      const client = this.client();
      const readPage = (page: number) =>
        list === "tags"
          ? client.listAccountTags({ page, limit: ACCOUNT_LIST_PAGE_SIZE })
          : client.listAccountFilters({ page, limit: ACCOUNT_LIST_PAGE_SIZE });
      pending = readAccountList(readPage).catch((error: unknown) => {
        const status = (error as { status?: unknown }).status;
        if (SenderError.is(error) && (status === 404 || status === 405)) return undefined;
        throw error;
      });
      this.#lists.set(list, pending);
    }
    return pending;
  }

  /**
   * A campaign as the account's campaign list shows it, the list read lazily in pages of 100 and
   * shared by the whole context and its read-only view ({@link ListedReads}); undefined when it
   * does not show it. For the sent check of `diff` and for the reads a page proves current (`read`
   * of Campaign and its parts, which also ask {@link ProviderContext.written}): what writes reads
   * the campaign itself, fresh. A listed record may lack fields the campaign's own read has (the
   * list's shape, wire contract "Regular campaigns"): a field it lacks is not carried, never empty.
   */
  listedCampaign(id: string): Promise<api.Campaign | undefined> {
    return this.#listed.find("campaigns", id, (page, limit) => this.client().listCampaigns({ page, limit }));
  }

  /**
   * A transactional campaign as the account's transactional list shows it, read and shared as
   * {@link ProviderContext.listedCampaign} is; undefined when the list does not show it.
   */
  listedTransactional(id: string): Promise<api.Transactional | undefined> {
    return this.#listed.find("transactional", id, (page, limit) =>
      this.client().listTransactional({ page, limit }),
    );
  }

  /**
   * A webhook as the account's webhook list shows it (one request, the list is not paged), shared
   * as {@link ProviderContext.listedCampaign} is; undefined when the list does not show it.
   */
  listedWebhook(id: string): Promise<api.Webhook | undefined> {
    return this.#listed.find("webhooks", id, async () => ({ data: await this.client().listWebhooks() }));
  }

  /**
   * A group as the account's group list shows it, read in pages of 100 and shared as
   * {@link ProviderContext.listedCampaign} is; undefined when the list does not show it.
   */
  listedGroup(id: string): Promise<api.Group | undefined> {
    return this.#listed.find("groups", id, (page, limit) => this.client().listGroups({ page, limit }));
  }

  /**
   * True once a write of this context (or of its read-only view's parent) naming `id` began: a
   * read then takes the object from its own GET, never from a page read before or during the write.
   */
  written(id: string): boolean {
    return this.#listed.written(id);
  }

  /** The configured API token, or undefined; only to scrub it from error messages. */
  token(): string | undefined {
    return this.#settings?.apiToken;
  }

  /**
   * The retry deadline of the client in ms (its setting, else the client's default): with the
   * attempt timeout, how long a create may still be committed.
   */
  retryDeadlineMs(): number {
    return this.#settings?.deadlineMs ?? DEFAULT_RETRY_OPTIONS.deadlineMs;
  }

  /** `sender:minScheduleLeadMinutes`: the least lead of a schedule made or moved, in minutes; undefined when unset. */
  minScheduleLeadMinutes(): number | undefined {
    return this.#settings?.minScheduleLeadMinutes;
  }

  /**
   * `sender:scheduleNeedsAudience`: whether a schedule made or moved is refused when its campaign
   * has no audience in the service; false when unset.
   */
  scheduleNeedsAudience(): boolean {
    return this.#settings?.scheduleNeedsAudience === true;
  }

  /** `sender:contentChecks`: what the content checks do with their findings; `warn` when unset. */
  contentChecks(): ContentCheckMode {
    return this.#settings?.contentChecks ?? "warn";
  }

  /** A safe description for logs: never the token. */
  toJSON(): { baseUrl: string | undefined } {
    return { baseUrl: this.#client?.baseUrl ?? this.#settings?.baseUrl };
  }

  /** `util.inspect` shows the base URL only. */
  [inspect.custom](): string {
    return `ProviderContext ${JSON.stringify(this.toJSON())}`;
  }
}

/** Records per page of an account list: the most the service allows on its paged lists. */
export const ACCOUNT_LIST_PAGE_SIZE = 100;

/**
 * The most pages of one account list a run reads (1,000 tags or filters): beyond it, the list's
 * reads would spend a good share of a minute's rate limit (60 requests in Sender's published
 * example) on a check, which is skipped instead.
 */
export const ACCOUNT_LIST_MAX_PAGES = 10;

/**
 * Every record of a paged account list (its tags, its saved filters), page after page; undefined
 * when it has more than `maxPages` pages. An answer without `meta` is the whole list, and an empty
 * page ends it too (`listPage`, wire contract "Common shapes").
 */
export async function readAccountPages<T>(
  readPage: (page: number) => Promise<{ data: T[]; meta?: { last_page: number } | undefined }>,
  maxPages: number = ACCOUNT_LIST_MAX_PAGES,
): Promise<T[] | undefined> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await readPage(page);
    items.push(...answer.data);
    if (answer.meta === undefined || answer.data.length === 0 || page >= answer.meta.last_page) return items;
  }
  return undefined;
}

/**
 * The records of the first `pages` pages of a paged list, page after page, stopping at its last
 * page; an answer without `meta` is the whole list. What a create's look-up searches (the newest
 * records first), where {@link readAccountPages} wants every record or none.
 */
export async function readFirstPages<T>(
  readPage: (page: number) => Promise<{ data: T[]; meta?: { last_page: number } | undefined }>,
  pages: number,
): Promise<T[]> {
  const found: T[] = [];
  for (let page = 1; page <= pages; page++) {
    const answer = await readPage(page);
    found.push(...answer.data);
    if (answer.meta === undefined || page >= answer.meta.last_page) break;
  }
  return found;
}

/** Every id of a paged account list; undefined when it has more than {@link ACCOUNT_LIST_MAX_PAGES} pages. */
async function readAccountList(
  readPage: (page: number) => Promise<{ data: { id: string }[]; meta?: { last_page: number } | undefined }>,
): Promise<ReadonlySet<string> | undefined> {
  const items = await readAccountPages(readPage);
  return items === undefined ? undefined : new Set(items.map((item) => item.id));
}

function sameSettings(a: ProviderSettings | undefined, b: ProviderSettings): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Where a process keeps its current {@link ProviderContext}, which `configure()` replaces.
 *
 * The engine's dynamic-provider process calls `configure()` once per resource kind, and every
 * kind must share one client (one pacer: one rate limit per account) and one set of claims; the
 * engine gives the kinds' providers nothing else to share. So that process keeps its context in
 * one holder (`provider/dynamic/runtime.ts`), and the native plugin keeps one per provider instance.
 */
export class ContextHolder {
  #context: ProviderContext;
  /**
   * The process's watch over its engine: it cuts the requests in flight of this holder's
   * clients (their pacers are kept across `configure()`).
   */
  readonly engineWatch: EngineWatch;

  /** @param initial the context before any `configure()`: by default one that reads the environment. */
  constructor(initial: ProviderContext = new ProviderContext()) {
    this.#context = initial;
    this.engineWatch = new EngineWatch((why) => abortRequestsInFlight(this.#context.pacers, why));
  }

  /**
   * Stops the process once the engine at `address` is gone ({@link EngineWatch.watch}), and on
   * SIGTERM ({@link EngineWatch.stopOnSigterm}); does nothing without an address (a process the
   * engine did not start, a test). The door finds the address (provider/pulumi/engine-address.ts).
   */
  watchEngine(address: string | undefined): void {
    if (address === undefined) return;
    this.engineWatch.stopOnSigterm();
    this.engineWatch.watch({ address });
  }

  /** The current context. */
  get context(): ProviderContext {
    return this.#context;
  }

  /**
   * Takes the stack config given to `configure()` (see {@link ProviderContext.configure}).
   *
   * @throws SenderConfigError naming the setting and how to fix it; every later operation of the
   * context fails the same way.
   */
  configure(config: ConfigureInput): ProviderContext {
    try {
      this.#context = ProviderContext.configure(config, this.#context);
    } catch (error) {
      // Not a configuration failure (a bug): forget the settings, keep what the process shares.
      const { pacers, claims } = this.#context;
      this.#context = new ProviderContext({ pacers, claims });
      throw error;
    }
    if (this.#context.failure) throw this.#context.failure;
    return this.#context;
  }
}

/**
 * The client's option errors, restated in terms of the stack config a user sets: an option that
 * is a config key with an environment fallback (the token, the base URL) names both.
 */
function asConfigError(error: SenderConfigError): SenderConfigError {
  if (!Object.hasOwn(CONFIG_TABLE, error.option)) return error;
  const key: ConfigKey = CONFIG_TABLE[error.option as ConfigKeyName];
  if (key.env === undefined) return error;
  return new SenderConfigError(
    `sender:${error.option}`,
    error.reason,
    say`Invalid config ${settingWord(error.option)} (or ${key.env}): ${error.reason}`,
  );
}

/**
 * Builds a client from settings, its pacer from `pacers` (the context's).
 *
 * @throws SenderConfigError when the token is missing or the settings are unusable.
 */
export function clientFromSettings(
  s: ProviderSettings,
  pacers: PacerRegistry,
  readOnly = false,
): SenderClient {
  if (!s.apiToken) throw missingTokenError();
  try {
    return new SenderClient({
      baseUrl: s.baseUrl,
      apiToken: s.apiToken,
      pacers,
      readOnly,
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
