import * as fs from "node:fs";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { SenderConfigError } from "../client/errors/config-error";
import { NONCE_PATTERN, newNonce } from "../core/autoname";
import type { PropertyBag } from "../core/bag";
import { checkSenderConfig } from "../core/config";
import { type ConfigureInput, ContextHolder } from "../core/context";
import { type DiagnosticSink, forResource as inScope, warn } from "../core/diagnostics";
import type { RunContext } from "../functions";
import { servedFunctions } from "../functions/served";
import { checkInContext } from "../kinds/account-checks";
import { namingPlan, resourceNaming } from "../kinds/naming";
import { providerFactories, RESOURCE_KINDS, type ResourceKind } from "../kinds/registry";
import {
  COPY_OF_ENV,
  currentBackendUrl,
  judgePlace,
  judgeUnplanned,
  MOVED_FROM_ENV,
  type PlaceHere,
  placeHere,
} from "../pulumi/stack-place";
import { withPulumiValues } from "../pulumi/values";
import { PULUMI_WORDS } from "../pulumi/words";
import { inDialect } from "../words";
import { PACKAGE } from "./schema";

/** Set by scripts/plugin-bundle.js (esbuild `define`) in the plugin bundle; undeclared elsewhere. */
declare const PULUMI_SENDER_BUNDLED_VERSION: string | undefined;

/**
 * The package version: the plugin's, the schema's and the generated SDKs'. The bundle's, else that
 * of the pulumi-sender package.json above this file.
 */
export function packageVersion(): string {
  // The bundle (scripts/plugin-bundle.js) carries the version, since a single-file executable
  // (bun build --compile) has no package.json above it.
  if (typeof PULUMI_SENDER_BUNDLED_VERSION === "string") return PULUMI_SENDER_BUNDLED_VERSION;
  // dist/provider/plugin/ (or provider/plugin/ under ts-node) → the package root.
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
      if (pkg.name === "pulumi-sender") return pkg.version;
    }
  }
  throw new Error("pulumi-resource-sender: no pulumi-sender package.json above the plugin");
}

/** The resource kind of a URN's type `sender:index:<Kind>` (a parent's type may precede it, `a$b`). */
export function kindOfUrn(urn: string): ResourceKind {
  const type = urn.split("::")[2]?.split("$").pop() ?? "";
  const [pkg, mod, name] = type.split(":");
  const kind = RESOURCE_KINDS.find((k) => k === name);
  if (pkg !== PACKAGE || mod !== "index" || !kind)
    throw new Error(`pulumi-resource-sender: unknown resource type ${type}`);
  return kind;
}

/** The hidden provider input that holds the stack instance's nonce (see {@link checkProviderConfig}). */
export const NONCE_INPUT = "ownershipNonce";

/** The hidden provider input that holds the place the nonce was last used in (see {@link checkProviderConfig}). */
export const PLACE_INPUT = "ownershipPlace";

/** What the provider's `CheckConfig` answers: the inputs to record, or the one failure. */
export interface ProviderConfigAnswer {
  /** The inputs as given, with the nonce and the place. */
  readonly inputs: Record<string, unknown>;
  /** Why nothing may run here: the state was last used in another place (`judgePlace`). */
  readonly failure: string | undefined;
}

/**
 * The place of the provider `urn` (`urn:pulumi:<stack>::<project>::…`): the backend the CLI uses
 * (read from `projectDir`, the plugin's folder, which the engine sets to the project's), the
 * project and the stack; the plugin is told no organization.
 */
export function pluginPlace(
  urn: string,
  env: NodeJS.ProcessEnv = process.env,
  projectDir: string = process.cwd(),
): PlaceHere {
  const [head = "", project = ""] = urn.split("::");
  return placeHere(
    {
      backendUrl: currentBackendUrl(env, projectDir),
      organization: "",
      project,
      stack: head.replace(/^urn:pulumi:/, ""),
    },
    projectDir,
  );
}

/**
 * The place check of a create, update or delete of the resource `urn` by a provider configured
 * with the place `recorded` ({@link PLACE_INPUT} as the provider's state holds it): the engine
 * configures the provider with the state's inputs when its CheckConfig is not in the run
 * (`--target`, `--exclude`, `destroy`), so an unconfirmed new place is refused here too
 * (`judgeUnplanned`); after a CheckConfig that passed, the record is this place.
 *
 * @throws Error with the one line of the refusal.
 */
export function guardPlace(
  recorded: string | undefined,
  urn: string,
  env: NodeJS.ProcessEnv = process.env,
  projectDir: string = process.cwd(),
): void {
  const failure = judgeUnplanned(
    recorded,
    pluginPlace(urn, env, projectDir),
    env[MOVED_FROM_ENV] || undefined,
    env[COPY_OF_ENV] || undefined,
  );
  if (failure !== undefined) throw new Error(failure);
}

/**
 * The provider's `CheckConfig`: the inputs as given, plus the stack instance's nonce
 * ({@link NONCE_INPUT}): the one the provider resource's state already holds (`olds`), or a fresh
 * one when it holds none (a new stack, or one made before nonces). The engine stores what this
 * returns in the provider resource's state when it first registers the provider, before any
 * resource of it is created, and hands it to `Configure`; so every run of this stack instance
 * sees the same nonce, and every other stack instance (another backend) another one. A value the
 * program or the stack config gives is ignored: the nonce is never chosen, only kept.
 *
 * With `here` (the place of this run, {@link pluginPlace}) it also keeps the place the nonce was
 * last used in ({@link PLACE_INPUT}): in another place it fails until the run says whether the
 * stack moved (the nonce stays) or is a copy (a fresh nonce), as the dynamic SDK's StackNonce does.
 */
export function checkProviderConfig(
  olds: Record<string, unknown> | undefined,
  news: Record<string, unknown>,
  here?: PlaceHere,
  env: NodeJS.ProcessEnv = process.env,
): ProviderConfigAnswer {
  const kept = olds?.[NONCE_INPUT];
  const recorded = olds?.[PLACE_INPUT];
  const known = typeof kept === "string" && NONCE_PATTERN.test(kept);
  const { [PLACE_INPUT]: _given, ...rest } = news;
  if (here === undefined) {
    const place = typeof recorded === "string" ? { [PLACE_INPUT]: recorded } : {};
    return { inputs: { ...rest, [NONCE_INPUT]: known ? kept : newNonce(), ...place }, failure: undefined };
  }
  const verdict = judgePlace(
    known && typeof recorded === "string" ? recorded : undefined,
    here.here,
    env[MOVED_FROM_ENV] || undefined,
    env[COPY_OF_ENV] || undefined,
    here.oldWay,
  );
  if ("failure" in verdict)
    return { inputs: { ...rest, [NONCE_INPUT]: known ? kept : newNonce() }, failure: verdict.failure };
  return {
    inputs: {
      ...rest,
      [NONCE_INPUT]: known && verdict.keep ? kept : newNonce(),
      [PLACE_INPUT]: verdict.place,
    },
    failure: undefined,
  };
}

/**
 * The program's inputs with the naming rule of every door applied ({@link resourceNaming}, of the
 * provider's stack-instance nonce and the URN), as the dynamic SDK applies it: an `ownershipMark` on
 * every new Campaign, TransactionalCampaign and Webhook, and a made-up title `<name>-<mark>` with
 * `autonamed: true` when an autonamed kind has neither `title` nor `adoptId`. The kind's `check` then keeps an existing resource's title, as on
 * the dynamic path.
 *
 * A resource the stack already has (`olds`, or what `pulumi import` read) keeps its title when the
 * provider has no nonce: the import's Check can come before any Configure, and nothing is created.
 *
 * @throws Error when a new resource needs a mark and the provider has no nonce (its `CheckConfig` was not called).
 */
export function autonameInputs(
  urn: string,
  news: Record<string, unknown>,
  nonce: string | undefined,
  olds: Record<string, unknown> = {},
): Record<string, unknown> {
  const kind = kindOfUrn(urn);
  const given = { title: news.title, adoptId: news.adoptId };
  if (namingPlan(kind, given) === "none") return news;
  const known = nonce !== undefined && NONCE_PATTERN.test(nonce);
  if (!known && Object.keys(olds).length > 0) return news;
  if (!known)
    throw new Error(
      "pulumi-resource-sender: the provider has no stack-instance nonce, so nothing could prove which objects are this stack's; nothing was created",
    );
  return { ...news, ...resourceNaming(kind, urn, nonce as string, given) };
}

/** Keys the engine itself puts in a provider's inputs: and the stack-instance nonce: never a user's typo. */
const ENGINE_CONFIG_KEYS: ReadonlySet<string> = new Set([
  "version",
  "pluginDownloadURL",
  NONCE_INPUT,
  PLACE_INPUT,
]);

/**
 * The provider settings from the engine's Configure variables, keyed `sender:config:<key>` (the
 * default provider gets them from the `sender:*` stack config, an explicit provider from its
 * arguments), falling back to the environment as the dynamic resources do.
 */
export function configSourceOf(variables: ReadonlyMap<string, string>): ConfigureInput {
  // The keys as the stack config spells them (`sender:apitoken`), for the typo hints.
  const rawConfig = Object.fromEntries(
    [...variables]
      .filter(([key]) => !ENGINE_CONFIG_KEYS.has(key.slice(key.lastIndexOf(":") + 1)))
      .map(([key, value]) => [key.replace(`${PACKAGE}:config:`, `${PACKAGE}:`), value]),
  );
  return {
    get: (key) => variables.get(key.replace(`${PACKAGE}:`, `${PACKAGE}:config:`)) ?? variables.get(key),
    rawConfig,
  };
}

/** A value of CheckConfig's `news`: a secret arrives wrapped (`{<sig>: <secret sig>, value}`). */
function plainValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "object" && "value" in value) return plainValue((value as { value: unknown }).value);
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** What CheckConfig answers: the inputs as given, or the one failure, and the warnings to show. */
export interface ConfigCheckAnswer {
  /** The failure, when the configuration cannot work (no token, a malformed value). */
  failure: string | undefined;
  /** One warning per key the package does not read, naming the closest known key. */
  warnings: string[];
}

/**
 * The plugin's CheckConfig: {@link checkSenderConfig}, the dynamic package's own check, on the
 * provider's inputs (`news`, keyed by the bare names the stack config sets under `sender:`).
 */
export function checkPluginConfig(news: Record<string, unknown>): ConfigCheckAnswer {
  const variables = new Map<string, string>();
  for (const [name, value] of Object.entries(news)) {
    const text = plainValue(value);
    if (text !== undefined && !ENGINE_CONFIG_KEYS.has(name)) variables.set(`${PACKAGE}:config:${name}`, text);
  }
  const config = configSourceOf(variables);
  try {
    const { warnings } = checkSenderConfig(config, Object.keys(config.rawConfig ?? {}));
    return { failure: undefined, warnings };
  } catch (error) {
    if (!SenderConfigError.is(error)) throw error;
    return { failure: error.message, warnings: [] };
  }
}

/** A function's answer to the engine's Invoke: the data source's outputs. */
export interface InvokeAnswer {
  /** What the function returns. */
  readonly outputs: unknown;
}

/**
 * The native provider that the plugin's gRPC server (grpc-server.ts) translates the engine's
 * requests to: every resource operation goes to the same kind's provider the dynamic resources
 * use, and every function to the same data-source code, all in the context `configure` built.
 */
export interface NativeProvider {
  /** The package version, which GetPluginInfo answers. */
  readonly version: string;
  /** The package schema, as JSON text, which GetSchema answers. */
  readonly schema: string;
  /** Takes the provider instance's Configure variables (one plugin process per instance). */
  configure(variables: ReadonlyMap<string, string>): void;
  /**
   * The provider's `CheckConfig` for the provider `urn`: the package's own config check
   * ({@link checkPluginConfig}), whose warnings go to the sink on that URN, then
   * {@link checkProviderConfig}; the failure is the first of the two.
   */
  checkConfig(
    olds: Record<string, unknown> | undefined,
    news: Record<string, unknown>,
    urn?: string,
  ): Promise<ProviderConfigAnswer>;
  /** A resource's Check: its inputs autonamed, then the kind's check. */
  check(urn: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.CheckResult>;
  /** A resource's Diff, read-only. */
  diff(id: string, urn: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.DiffResult>;
  /** A resource's Create (never called for a preview). */
  create(urn: string, inputs: PropertyBag): Promise<pulumi.dynamic.CreateResult>;
  /** A resource's Read, read-only; `props` is empty for an import. */
  read(id: string, urn: string, props?: PropertyBag): Promise<pulumi.dynamic.ReadResult>;
  /** A resource's Update (never called for a preview). */
  update(id: string, urn: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.UpdateResult>;
  /** A resource's Delete. */
  delete(id: string, urn: string, props: PropertyBag): Promise<void>;
  /** A function's Invoke, by its token `sender:index:<name>`. */
  invoke(tok: string, args: PropertyBag): Promise<InvokeAnswer>;
}

/** How the native provider reports. */
export interface NativeProviderOptions {
  /** Where its warnings and notices go (the plugin's: the engine's `Log`). Default: stderr. */
  sink?: DiagnosticSink | undefined;
}

/**
 * The native provider. Its context (the settings, the client, the claims) lives in `holder`,
 * which `configure` fills; before that, the client is built from the environment.
 */
export function nativeProvider(
  schema: string,
  version: string,
  holder: ContextHolder = new ContextHolder(),
  options: NativeProviderOptions = {},
): NativeProvider {
  const { sink } = options;
  // Every operation runs in its resource's scope, so that its warnings name the resource.
  const forResource = <T>(urn: string | undefined, run: () => Promise<T>) =>
    inScope(urn, () => inDialect(PULUMI_WORDS, run), sink);
  const of = (urn: string) => providerFactories[kindOfUrn(urn)](holder.context);
  // check, diff and read never write, whatever the engine asks (a preview, `refresh --preview-only`):
  // they work with a client that refuses every request but a GET.
  const readOnly = (urn: string) => providerFactories[kindOfUrn(urn)](holder.context.readOnly());
  let nonce: string | undefined;
  // The place the provider's record names: this run's after its CheckConfig, the state's without it.
  let place: string | undefined;
  const placed = <T>(urn: string, run: () => Promise<T>) =>
    forResource(urn, async () => {
      guardPlace(place, urn);
      return run();
    });
  // Functions take the client on first use, so a missing token fails the call, not configure.
  const functionContext: RunContext = {
    client: () => holder.context.client(),
    token: () => holder.context.token(),
  };
  const provider: NativeProvider = {
    version,
    schema,
    configure(variables) {
      nonce = variables.get(`${PACKAGE}:config:${NONCE_INPUT}`) ?? variables.get(`${PACKAGE}:${NONCE_INPUT}`);
      place = variables.get(`${PACKAGE}:config:${PLACE_INPUT}`) ?? variables.get(`${PACKAGE}:${PLACE_INPUT}`);
      inDialect(PULUMI_WORDS, () => holder.configure(configSourceOf(variables)));
    },
    checkConfig: (olds, news, urn) =>
      forResource(urn || undefined, async () => {
        const answer = checkPluginConfig(news);
        for (const warning of answer.warnings) warn(warning);
        const checked = checkProviderConfig(olds, news, urn ? pluginPlace(urn) : undefined);
        return { inputs: checked.inputs, failure: answer.failure ?? checked.failure };
      }),
    // The URN reaches check only here (the dynamic SDK derives it in the program): autoname first.
    // Every operation runs in its resource's scope, so that its warnings name the resource.
    check: (urn, olds, news) =>
      forResource(urn, () =>
        checkInContext(
          kindOfUrn(urn),
          holder.context.readOnly(),
          olds,
          autonameInputs(urn, news, nonce, olds),
        ),
      ),
    diff: (id, urn, olds, news) => forResource(urn, () => readOnly(urn).diff(id, olds, news)),
    create: (urn, inputs) => placed(urn, () => of(urn).create(inputs)),
    // `pulumi import` reads with no prior state: every kind's read works from the id alone.
    read: async (id, urn, props) => {
      const kind = kindOfUrn(urn);
      const result = await forResource(urn, () => readOnly(urn).read(id, props));
      // Gone, with no prior state: an import (or a get) of an id the service does not have. The
      // engine would call an empty answer "provider does not support importing resources".
      if (!result.id && Object.keys(props ?? {}).length === 0) {
        throw new Error(`${kind} ${id} does not exist in Sender`);
      }
      return result;
    },
    update: (id, urn, olds, news) => placed(urn, () => of(urn).update(id, olds, news)),
    delete: (id, urn, props) => placed(urn, () => of(urn).delete(id, props)),
    async invoke(tok, args) {
      const name = tok.startsWith(`${PACKAGE}:index:`) ? tok.slice(`${PACKAGE}:index:`.length) : "";
      const fn = servedFunctions[name];
      if (!fn) throw new Error(`pulumi-resource-sender: unknown function ${tok}`);
      // An argument the program left out may arrive as null; the data sources want it absent.
      const given = Object.fromEntries(Object.entries(args ?? {}).filter(([, value]) => value !== null));
      return { outputs: await forResource(undefined, () => fn.run(given, functionContext)) };
    },
  };
  // The engine's values reach the core with its unknown turned into the core's, and back.
  return {
    ...provider,
    checkConfig: withPulumiValues(provider.checkConfig),
    check: withPulumiValues(provider.check),
    diff: withPulumiValues(provider.diff),
    create: withPulumiValues(provider.create),
    read: withPulumiValues(provider.read),
    update: withPulumiValues(provider.update),
    delete: withPulumiValues(provider.delete),
    invoke: withPulumiValues(provider.invoke),
  };
}
