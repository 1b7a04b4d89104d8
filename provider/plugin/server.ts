import * as fs from "node:fs";
import * as path from "node:path";
import type * as provider from "@pulumi/pulumi/provider";
import { markFromUrn, titleFromUrn } from "../autoname";
import type { ConfigSource } from "../config";
import { ContextHolder } from "../context";
import { forResource } from "../diagnostics";
import type { RunContext } from "../functions";
import { providerFactories } from "../index";
import { RESOURCE_KINDS, type ResourceKind } from "../kinds";
import { servedFunctions } from "./functions";
import { PACKAGE } from "./schema";

/** The package version: the plugin's, the schema's and the generated SDKs'. */
export function packageVersion(): string {
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

/** The kinds whose title the dynamic SDK autonames (sdk/autoname.ts's `titleInputs`). */
const AUTONAMED_KINDS: ReadonlySet<ResourceKind> = new Set<ResourceKind>([
  "Campaign",
  "TransactionalCampaign",
]);

/**
 * The program's inputs with the title autonamed as the dynamic SDK does (`<name>-<8 hex of
 * sha256(URN)>`, `autonamed: true`) when an autonamed kind has neither `title` nor `adoptId`, and
 * with its ownership mark (`ownershipMark`, the same 8 hex) when the title is explicit. The
 * kind's `check` then keeps an existing resource's title, as on the dynamic path.
 */
export function autonameInputs(urn: string, news: Record<string, unknown>): Record<string, unknown> {
  if (!AUTONAMED_KINDS.has(kindOfUrn(urn))) return news;
  if (news.adoptId !== undefined) return news;
  if (news.title !== undefined) return { ...news, ownershipMark: markFromUrn(urn) };
  // The name is everything after the type (`urn:pulumi:stack::project::type::name`).
  const name = urn.split("::").slice(3).join("::");
  return { ...news, title: titleFromUrn(name, urn), autonamed: true };
}

/**
 * The provider settings from the engine's Configure variables, keyed `sender:config:<key>` (the
 * default provider gets them from the `sender:*` stack config, an explicit provider from its
 * arguments), falling back to the environment as the dynamic resources do.
 */
export function configSourceOf(variables: ReadonlyMap<string, string>): ConfigSource {
  return {
    get: (key) => variables.get(key.replace(`${PACKAGE}:`, `${PACKAGE}:config:`)) ?? variables.get(key),
  };
}

/**
 * The native provider, with the `configure` the plugin's patched Configure calls: every resource
 * operation goes to the same kind's provider the dynamic resources use, and every function to the
 * same data-source code, all in the context `configure` built.
 */
export interface NativeProvider extends provider.Provider {
  /** Takes the provider instance's Configure variables (one plugin process per instance). */
  configure(variables: ReadonlyMap<string, string>): void;
}

/**
 * The native provider. Its context (the settings, the client, the claims) lives in `holder`,
 * which `configure` fills; before that, the client is built from the environment.
 */
export function nativeProvider(
  schema: string,
  version: string,
  holder: ContextHolder = new ContextHolder(),
): NativeProvider {
  const of = (urn: string) => providerFactories[kindOfUrn(urn)](holder.context);
  // Functions take the client on first use, so a missing token fails the call, not configure.
  const functionContext: RunContext = {
    client: () => holder.context.client(),
    token: () => holder.context.token(),
  };
  return {
    version,
    schema,
    configure(variables) {
      holder.configure(configSourceOf(variables));
    },
    // The URN reaches check only here (the dynamic SDK derives it in the program): autoname first.
    // Every operation runs in its resource's scope, so that its warnings name the resource.
    check: (urn, olds, news) => forResource(urn, () => of(urn).check(olds, autonameInputs(urn, news))),
    diff: (id, urn, olds, news) => forResource(urn, () => of(urn).diff(id, olds, news)),
    create: (urn, inputs) => forResource(urn, () => of(urn).create(inputs)),
    // `pulumi import` reads with no prior state: every kind's read works from the id alone.
    read: async (id, urn, props) => {
      const kind = kindOfUrn(urn);
      const result = (await forResource(urn, () => of(urn).read(id, props))) as provider.ReadResult;
      // Gone, with no prior state: an import (or a get) of an id the service does not have. The
      // engine would call an empty answer "provider does not support importing resources".
      if (!result.id && Object.keys(props ?? {}).length === 0) {
        throw new Error(`${kind} ${id} does not exist in Sender`);
      }
      return result;
    },
    update: (id, urn, olds, news) => forResource(urn, () => of(urn).update(id, olds, news)),
    delete: (id, urn, props) => forResource(urn, () => of(urn).delete(id, props)),
    async invoke(tok, args) {
      const name = tok.startsWith(`${PACKAGE}:index:`) ? tok.slice(`${PACKAGE}:index:`.length) : "";
      const fn = servedFunctions[name];
      if (!fn) throw new Error(`pulumi-resource-sender: unknown function ${tok}`);
      // An argument the program left out may arrive as null; the data sources want it absent.
      const given = Object.fromEntries(Object.entries(args ?? {}).filter(([, value]) => value !== null));
      return { outputs: await fn.run(given, functionContext) };
    },
  };
}
