/**
 * The Terraform door: plugin protocol 6's calls translated to the core's operations. Every promise
 * stays in the core (the kinds' providers of kinds/registry.ts: check, diff, the sent guard,
 * createOnce, ownership; config.ts: the settings); this module only maps Terraform's objects to the
 * core's bags and back, its plan to `check` and `diff`, its apply to `create`, `update` and
 * `delete`, and the core's failures and warnings to diagnostics on the attribute they name.
 *
 * Ownership: Terraform has no stack nonce, and its plan and apply requests carry no resource
 * address. The provider's `ownership_scope` (or SENDER_OWNERSHIP_SCOPE) names the workspace; the
 * nonce is a hash of it, and the resource's identity is its type and title (a webhook's url, topic
 * and relation), so the ownership mark of a create is the same in every run of the workspace and
 * differs in every other scope (docs/reliability.md, "Terraform and OpenTofu").
 */
import { createHash } from "node:crypto";
import { SenderConfigError } from "../client/errors/config-error";
import { CONFIG_TABLE, type ConfigKeyName, checkSenderConfig } from "../core/config";
import { type ConfigureInput, ContextHolder } from "../core/context";
import type { CheckFailure } from "../core/contract";
import { forResource } from "../core/diagnostics";
import { containsUnknown, UNKNOWN } from "../core/engine-values";
import { computedNames, type FieldTable, outputFieldFailures } from "../core/fields";
import { plannedOutputs, updateMoves } from "../core/planned-outputs";
import type { RunContext } from "../functions";
import { servedFunctions } from "../functions/served";
import { checkInContext } from "../kinds/account-checks";
import { namingPlan, resourceNaming } from "../kinds/naming";
import { fieldTables, providerFactories, type ResourceKind } from "../kinds/registry";
import { inDialect } from "../words";
import { PlannedMarks } from "./marks";
import {
  inputAttributes,
  keptOutputs,
  newState,
  outputAttributes,
  plannedCreate,
  plannedSame,
  plannedUpdate,
  readState,
} from "./planned";
import {
  blockType,
  camelCase,
  HIDDEN_FIELDS,
  kindOfResourceType,
  OWNERSHIP_SCOPE,
  OWNERSHIP_SCOPE_ENV,
  snakeCase,
  type TfAttribute,
  type TfResourceSchema,
  type TfSchema,
  terraformSchema,
} from "./schema";
import { conformObject, fromCore, TF_UNKNOWN, type TfObject, type TfValue, toCore } from "./values";
import { TERRAFORM_WORDS } from "./words";

/** One diagnostic, as the protocol's `Diagnostic` carries it. */
export interface TfDiagnostic {
  /** How severe. */
  readonly severity: "ERROR" | "WARNING";
  /** The one line. */
  readonly summary: string;
  /** More, when there is more. */
  readonly detail?: string;
  /** The attribute it is about: its steps (an attribute name, or a list's index). */
  readonly path?: readonly (string | number)[];
}

/** What a call answers besides its value: the diagnostics. */
export interface Answer {
  /** Errors and warnings, in the order they arose. */
  readonly diagnostics: TfDiagnostic[];
}

/** A resource's plan: the planned object, the paths that force a replacement, the private data. */
export interface PlanAnswer extends Answer {
  /** The planned object (null: destroy), or undefined when the plan failed. */
  readonly planned?: TfValue;
  /** The attributes whose change replaces the object. */
  readonly requiresReplace: string[];
  /** The private data to carry to the apply. */
  readonly private?: Buffer | undefined;
}

/** A resource's new state and private data. */
export interface StateAnswer extends Answer {
  /** The object (null: gone), or undefined on failure. */
  readonly state?: TfValue;
  /** The private data to keep with it. */
  readonly private?: Buffer | undefined;
}

/** The fields the door keeps in the resource's private data, beside the state Terraform shows. */
type Hidden = Record<string, unknown>;

const readPrivate = (bytes: Uint8Array | null | undefined): Hidden => {
  if (!bytes || bytes.length === 0) return {};
  try {
    const parsed = JSON.parse(Buffer.from(bytes).toString("utf8")) as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as Hidden) : {};
  } catch {
    return {};
  }
};

const writePrivate = (hidden: Hidden): Buffer | undefined =>
  Object.keys(hidden).length === 0 ? undefined : Buffer.from(JSON.stringify(hidden), "utf8");

const hiddenOf = (bag: Readonly<Record<string, unknown>>): Hidden =>
  Object.fromEntries(
    Object.entries(bag).filter(([name, value]) => HIDDEN_FIELDS.has(name) && value !== undefined),
  );

/**
 * The private data of a new state: the hidden fields, and the `modified` a read's proof compares
 * with the campaign list's (core/paged-reads.ts) where the type leaves it out of its attributes
 * (`sender_campaign`, left-out.ts), so that a plan's reads get the proof the Pulumi doors' state holds.
 */
const privateOf = (bag: Readonly<Record<string, unknown>>, attributes: readonly TfAttribute[]): Hidden => {
  const shown = attributes.some((attribute) => attribute.camel === "modified");
  return typeof bag.modified === "string" && !shown
    ? { ...hiddenOf(bag), modified: bag.modified }
    : hiddenOf(bag);
};

/**
 * A value as text where neither the order of keys nor of elements counts: two values of the same
 * text are the same state to OpenTofu (a list in another order counts as the same here, which only
 * keeps the private data as it was).
 */
const canonical = (value: TfValue): string => {
  if (value === TF_UNKNOWN) return "?";
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as TfObject).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
};

/**
 * The path of a core property (`tagIds[0]`, `replyTo`) as Terraform's attribute steps. A set's
 * elements have no index in Terraform, so a path into a set of `table` stops at the set.
 */
export function attributePath(property: string, table: FieldTable = {}): (string | number)[] {
  if (property === "") return [];
  const steps: (string | number)[] = [];
  for (const part of property.match(/[^.[\]]+|\[\d+\]/g) ?? []) {
    if (part.startsWith("[")) {
      const head = steps.length === 1 ? table[camelCase(String(steps[0]))] : undefined;
      if (head?.set === true) break;
      steps.push(Number(part.slice(1, -1)));
    } else steps.push(snakeCase(part));
  }
  return steps;
}

const errorOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The nonce of an ownership scope: 32 hex of its SHA-256, the shape of a stack-instance nonce. */
export function scopeNonce(scope: string): string {
  return createHash("sha256").update(`terraform\n${scope}`).digest("hex").slice(0, 32);
}

/**
 * What names a resource within its scope, in place of a URN: its type and the inputs that say which
 * object it is (a campaign's title; a webhook's url, topic and relation).
 */
export function identityOf(type: string, inputs: Readonly<Record<string, unknown>>): string {
  const parts =
    type === "sender_webhook" ? [inputs.url, inputs.topic, inputs.relationId ?? ""] : [inputs.title];
  return [type, ...parts.map((part) => String(part ?? ""))].join("::");
}

/** The Terraform door over one provider instance: its context lives in `holder`, which configure fills. */
export class TerraformDoor {
  readonly schema: TfSchema = terraformSchema();
  readonly holder: ContextHolder;
  #scope: string | undefined;
  readonly #marks = new PlannedMarks();

  constructor(holder: ContextHolder = new ContextHolder()) {
    this.holder = holder;
  }

  /** The core's functions' context: the client on first use, so a missing token fails the read, not configure. */
  readonly #functionContext: RunContext = {
    client: () => this.holder.context.client(),
    token: () => this.holder.context.token(),
  };

  /** The provider block's values as the config table's `sender:<name>` keys; the door's own keys apart. */
  configure(config: TfValue, env: NodeJS.ProcessEnv = process.env): Answer {
    const given = toCore(this.schema.provider.attributes, config);
    const values = new Map<string, string>();
    for (const [name, value] of Object.entries(given)) {
      if (!Object.hasOwn(CONFIG_TABLE, name) || value === UNKNOWN) continue;
      values.set(`sender:${name}`, String(value));
    }
    const scope = given[camelCase(OWNERSHIP_SCOPE)];
    this.#scope =
      typeof scope === "string" && scope !== UNKNOWN && scope !== ""
        ? scope
        : env[OWNERSHIP_SCOPE_ENV] || undefined;
    const source: ConfigureInput = { get: (key) => values.get(key), rawConfig: Object.fromEntries(values) };
    try {
      inDialect(TERRAFORM_WORDS, () => {
        checkSenderConfig(source, [], env);
        this.holder.configure(source);
      });
      return { diagnostics: [] };
    } catch (error) {
      if (!SenderConfigError.is(error)) throw error;
      return { diagnostics: [configDiagnostic(error)] };
    }
  }

  /** The schema of a resource type; throws for a type this provider lacks. */
  resource(type: string): TfResourceSchema & { readonly kind: ResourceKind } {
    const schema = this.schema.resources[type];
    if (!schema || !kindOfResourceType(type))
      throw new Error(`terraform-provider-sender: unknown resource type ${type}`);
    return schema;
  }

  /** Runs `run` with the core's warnings and notices collected as diagnostics. */
  async #collect<T>(type: string, run: (diagnostics: TfDiagnostic[]) => Promise<T>) {
    const diagnostics: TfDiagnostic[] = [];
    // Terraform has no info level: a notice (a reclaim) is a warning too. A line about an input
    // (a content check's) goes on its attribute.
    const sink = (
      _severity: "info" | "warning",
      message: string,
      _urn: string | undefined,
      field?: string,
    ) => {
      diagnostics.push({
        severity: "WARNING",
        summary: message,
        ...(field === undefined ? {} : { path: attributePath(field) }),
      });
    };
    try {
      const value = await forResource(type, () => inDialect(TERRAFORM_WORDS, () => run(diagnostics)), sink);
      return { value, diagnostics };
    } catch (error) {
      diagnostics.push({ severity: "ERROR", summary: errorOf(error) });
      return { value: undefined, diagnostics };
    }
  }

  /** The ownership mark an object of `type` is created with (see the module's doc); undefined when its kind takes none. */
  #naming(
    type: string,
    kind: ResourceKind,
    inputs: Readonly<Record<string, unknown>>,
  ): Record<string, unknown> | "no scope" {
    const plan = namingPlan(kind, { title: inputs.title, adoptId: inputs.adoptId });
    if (plan === "none") return {};
    if (this.#scope === undefined) return "no scope";
    if (containsUnknown(inputs)) return { ownershipMark: UNKNOWN };
    const naming = resourceNaming(kind, identityOf(type, inputs), scopeNonce(this.#scope), {
      title: inputs.title,
      adoptId: inputs.adoptId,
    });
    return naming === undefined ? {} : { ownershipMark: naming.ownershipMark };
  }

  /** The core's `check` (its table, its rules, the account's lists) of `inputs`: the normalized inputs, or the failures. */
  async #check(
    kind: ResourceKind,
    olds: Record<string, unknown>,
    inputs: Record<string, unknown>,
    diagnostics: TfDiagnostic[],
  ) {
    const table = fieldTables[kind];
    const result = await checkInContext(kind, this.holder.context.readOnly(), olds, inputs);
    for (const failure of result.failures ?? []) diagnostics.push(failureDiagnostic(failure, table));
    return (result.failures ?? []).length > 0
      ? undefined
      : ((result.inputs ?? inputs) as Record<string, unknown>);
  }

  /**
   * PlanResourceChange: a create is checked; an update is checked and diffed; nothing writes (the
   * core's check and diff run with a client that refuses every request but a GET).
   */
  async plan(
    type: string,
    prior: TfValue,
    proposed: TfValue,
    config: TfValue,
    priorPrivate: Uint8Array | null | undefined,
  ): Promise<PlanAnswer> {
    const schema = this.resource(type);
    const { kind } = schema;
    const table = fieldTables[kind];
    const attributes = schema.block.attributes;
    if (proposed === null) return { diagnostics: [], planned: null, requiresReplace: [] };
    // An output the configuration sets (`sent = false`): the core refuses it, as in the Pulumi
    // doors' check; OpenTofu passes a computed-only attribute's configured value on to the provider.
    const claimed = inDialect(TERRAFORM_WORDS, () =>
      outputFieldFailures(table, toCore(outputAttributes(attributes), config)),
    );
    if (claimed.length > 0)
      return {
        diagnostics: claimed.map((failure) => failureDiagnostic(failure, table)),
        requiresReplace: [],
      };
    const inputs = toCore(inputAttributes(attributes), config);
    const olds = { ...toCore(attributes, prior), ...readPrivate(priorPrivate) };
    const creating = prior === null;
    const { value, diagnostics } = await this.#collect(type, async (diagnostics) => {
      let given = inputs;
      if (creating) {
        const naming = this.#naming(type, kind, inputs);
        if (naming === "no scope") {
          diagnostics.push({
            severity: "ERROR",
            summary: `${OWNERSHIP_SCOPE} is not set: set it in the provider block (or ${OWNERSHIP_SCOPE_ENV}) to a name unique to this workspace, so that a create whose answer is lost is found again and no other workspace's ${type} is taken; nothing was planned`,
          });
          return undefined;
        }
        given = { ...inputs, ...naming };
      }
      const current = creating ? given : this.#naming(type, kind, inputs);
      const shared = this.#marks.refusal(type, current === "no scope" ? undefined : current.ownershipMark, {
        creating,
        replacement: creating && readPrivate(priorPrivate).ownershipMark !== undefined,
        id: String(olds.id ?? ""),
      });
      if (shared !== undefined) {
        diagnostics.push(shared);
        return undefined;
      }
      const checked = await this.#check(kind, creating ? {} : olds, given, diagnostics);
      if (checked === undefined) return undefined;
      if (creating) {
        const outputs = plannedOutputs(table, checked, computedNames(table));
        return { planned: plannedCreate(attributes, proposed, checked, outputs), replaces: [] as string[] };
      }
      const id = String(olds.id ?? "");
      const diff = await providerFactories[kind](this.holder.context.readOnly()).diff(id, olds, checked);
      if (diff.changes === false)
        return { planned: plannedSame(attributes, prior, proposed), replaces: [] as string[] };
      const replaces = (diff.replaces ?? []).map((name) => snakeCase(name));
      const replacing = replaces.length > 0;
      const moving = replacing ? computedNames(table) : updateMoves(table, olds, checked);
      const outputs = plannedOutputs(table, checked, moving);
      return {
        planned: plannedUpdate(attributes, { prior, proposed, config, checked, outputs, replacing }),
        replaces,
      };
    });
    if (value === undefined || diagnostics.some((d) => d.severity === "ERROR"))
      return { diagnostics, requiresReplace: [] };
    return {
      diagnostics,
      planned: value.planned,
      requiresReplace: value.replaces,
      ...(creating ? {} : { private: writePrivate(readPrivate(priorPrivate)) }),
    };
  }

  /** ApplyResourceChange: create, update or delete through the kind's provider. */
  async apply(
    type: string,
    prior: TfValue,
    planned: TfValue,
    config: TfValue,
    plannedPrivate: Uint8Array | null | undefined,
  ): Promise<StateAnswer> {
    const schema = this.resource(type);
    const { kind } = schema;
    const table = fieldTables[kind];
    const attributes = schema.block.attributes;
    const olds = { ...toCore(attributes, prior), ...readPrivate(plannedPrivate) };
    const provider = providerFactories[kind](this.holder.context);
    const { value, diagnostics } = await this.#collect(type, async (diagnostics) => {
      if (planned === null) {
        await provider.delete(String(olds.id ?? ""), olds);
        return { state: null as TfValue, hidden: {} };
      }
      const inputs = toCore(inputAttributes(attributes), config);
      if (prior === null) {
        const naming = this.#naming(type, kind, inputs);
        if (naming === "no scope") throw new Error(`${OWNERSHIP_SCOPE} is not set: nothing was created`);
        const checked = await provider.check({}, { ...inputs, ...naming });
        if ((checked.failures ?? []).length > 0) return failed(checked.failures ?? [], table, diagnostics);
        const created = await provider.create(checked.inputs ?? inputs);
        this.#marks.settle(naming.ownershipMark, created.id);
        const outs = { ...created.outs, id: created.id } as Record<string, unknown>;
        return { state: newState(attributes, config, outs), hidden: privateOf(outs, attributes) };
      }
      const news = { ...inputs, ...hiddenOf(olds) };
      const checked = await provider.check(olds, news);
      if ((checked.failures ?? []).length > 0) return failed(checked.failures ?? [], table, diagnostics);
      const updated = await provider.update(String(olds.id ?? ""), olds, checked.inputs ?? news);
      const outs = { ...updated.outs, id: olds.id } as Record<string, unknown>;
      const kept = keptOutputs(attributes, planned, updateMoves(table, olds, checked.inputs ?? news));
      return {
        state: newState(attributes, config, outs, kept),
        hidden: { ...privateOf(olds, attributes), ...privateOf(outs, attributes) },
      };
    });
    if (value === undefined) return { diagnostics };
    return { diagnostics, state: value.state, private: writePrivate(value.hidden) };
  }

  /** ReadResource: the object as the service has it now; null when it is gone. */
  async read(
    type: string,
    current: TfValue,
    currentPrivate: Uint8Array | null | undefined,
  ): Promise<StateAnswer> {
    const schema = this.resource(type);
    const { kind } = schema;
    const attributes = schema.block.attributes;
    const previous = { ...toCore(attributes, current), ...readPrivate(currentPrivate) };
    const { value, diagnostics } = await this.#collect(type, async () => {
      const result = await providerFactories[kind](this.holder.context.readOnly()).read(
        String(previous.id ?? ""),
        previous,
      );
      if (!result.id) return null;
      const outs = { ...(result.props as Record<string, unknown>), id: result.id };
      // The `modified` just read goes with the state just read: the next plan's proof.
      return {
        state: readState(attributes, fieldTables[kind], current, outs),
        modified: privateOf(outs, attributes).modified,
      };
    });
    if (value === undefined) return { diagnostics };
    if (value === null) return { diagnostics, state: null };
    // OpenTofu counts a change of the private data as a change of the state (`plan -refresh-only
    // -detailed-exitcode` exits 2): the `modified` just read goes in only with a change it shows
    // anyway. Else the private data stays; a `modified` another resource moved (a targeting, a
    // schedule) then proves nothing, and the campaign is read on its own until its next apply.
    const shows = canonical(value.state) !== canonical(current);
    const hidden = readPrivate(currentPrivate);
    const kept = shows && value.modified !== undefined ? { ...hidden, modified: value.modified } : hidden;
    return { diagnostics, state: value.state, private: writePrivate(kept) };
  }

  /** ImportResourceState: the object of `id`, read from the service; an id it lacks is an error. */
  async import(type: string, id: string): Promise<StateAnswer> {
    const schema = this.resource(type);
    const { kind } = schema;
    const { value, diagnostics } = await this.#collect(type, async () => {
      const result = await providerFactories[kind](this.holder.context.readOnly()).read(id, {});
      if (!result.id) throw new Error(`${type} ${id} does not exist in Sender`);
      return fromCore(schema.block.attributes, {
        ...(result.props as Record<string, unknown>),
        id: result.id,
      });
    });
    return value === undefined ? { diagnostics } : { diagnostics, state: value };
  }

  /** UpgradeResourceState: a stored state (JSON) as the current schema's object; attributes it lacks are null. */
  upgrade(type: string, json: Uint8Array | null | undefined): StateAnswer {
    const schema = this.resource(type);
    const raw = json && json.length > 0 ? (JSON.parse(Buffer.from(json).toString("utf8")) as TfValue) : null;
    return { diagnostics: [], state: conformObject(schema.block.attributes, raw) };
  }

  /** ReadDataSource: the function's result, beside the arguments given. */
  async readDataSource(type: string, config: TfValue): Promise<StateAnswer> {
    const source = this.schema.dataSources[type];
    if (!source) throw new Error(`terraform-provider-sender: unknown data source ${type}`);
    const fn = servedFunctions[source.function];
    if (!fn) throw new Error(`terraform-provider-sender: no function ${source.function}`);
    const attributes = source.block.attributes;
    const args = toCore(
      attributes.filter((a) => a.required || a.optional),
      config,
    );
    const { value, diagnostics } = await this.#collect(type, async () => {
      const result = (await fn.run(args, this.#functionContext)) as Record<string, unknown>;
      return fromCore(attributes, { ...args, ...result });
    });
    return value === undefined ? { diagnostics } : { diagnostics, state: value };
  }
}

/** The diagnostic of a configuration failure, on the provider attribute it names. */
export function configDiagnostic(error: SenderConfigError): TfDiagnostic {
  const name = error.option.startsWith("sender:") ? error.option.slice("sender:".length) : error.option;
  if (!Object.hasOwn(CONFIG_TABLE, name)) return { severity: "ERROR", summary: error.message };
  const key = CONFIG_TABLE[name as ConfigKeyName];
  const attribute = snakeCase(name);
  const env = "env" in key ? ` (or ${key.env})` : "";
  // The reason is in Terraform's words already: configure reads the settings in its dialect.
  const summary =
    name === "apiToken" && error.reason === "is not set"
      ? error.message
      : `Invalid provider attribute ${attribute}${env}: ${error.reason}`;
  return { severity: "ERROR", summary, path: [attribute] };
}

/**
 * A check failure as a diagnostic on its attribute: the failure's property, or, for one the core
 * states without a property (so that the engine prints no value beside it), the field it carries
 * (`tagIds[1]`), when that is a field of the table.
 */
export function failureDiagnostic(failure: CheckFailure, table: FieldTable): TfDiagnostic {
  const field = failure.field ?? "";
  const root = field.split(/[.[]/, 1)[0] ?? "";
  const property = failure.property || (Object.hasOwn(table, root) ? field : "");
  return {
    severity: "ERROR",
    summary: failure.property
      ? `${TERRAFORM_WORDS.field(failure.property)}: ${failure.reason}`
      : failure.reason,
    path: attributePath(property, table),
  };
}

function failed(
  failures: readonly { property: string; reason: string }[],
  table: FieldTable,
  diagnostics: TfDiagnostic[],
): undefined {
  for (const failure of failures) diagnostics.push(failureDiagnostic(failure, table));
  return undefined;
}

/** The object type of a resource's state, for the encoders. */
export const stateType = (schema: TfResourceSchema) => blockType(schema.block);
