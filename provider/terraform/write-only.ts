/**
 * Write-only attributes (plugin protocol 6.8's `write_only`; Terraform 1.11, OpenTofu 1.11): a value
 * the engine passes to the provider from the configuration and never keeps in the plan or the state.
 * `sender_webhook.url_wo` is one: a webhook's url often carries the receiver's secret in its query.
 *
 * The pattern is the one Terraform's providers share (`password_wo` beside `password_wo_version`):
 * the engine cannot compare a value it does not keep, so a new `url_wo` is sent when
 * `url_wo_version` changes. Exactly one of `url` and `url_wo` is set; `url_wo` has `url`'s checks.
 * A webhook managed by `url_wo` keeps `url` null in its state and plan (a refresh reads the url from
 * the service but records it nowhere, so a change made in the Sender interface is not seen).
 *
 * This module holds the schema's additions and the translation of the engine's objects to the ones
 * the door's core path takes (`url` set from `url_wo`) and back; ./write-only-door.ts applies them.
 */
import { z } from "zod";
import { checkWithSchema } from "../core/check";
import { plainText } from "../core/fields";
import { webhookFields } from "../kinds/webhook";
import { inDialect } from "../words";
import type { TfDiagnostic } from "./door";
import { camelCase } from "./names";
import { type TfAttribute, type TfResourceSchema, type TfSchema, terraformSchema } from "./schema";
import { isObject, TF_UNKNOWN, type TfObject, type TfValue } from "./values";
import { TERRAFORM_WORDS } from "./words";

/** One write-only attribute of a resource type: the attribute it stands for, its name and its version's. */
export interface WriteOnlySpec {
  /** The attribute of the core path (`url`), which the write-only one replaces when set. */
  readonly attribute: string;
  /** The write-only attribute (`url_wo`). */
  readonly writeOnly: string;
  /** The attribute whose change sends a new write-only value (`url_wo_version`). */
  readonly version: string;
  /** The check the attribute's value passes (the field table's, after the text check). */
  readonly check: z.ZodType;
}

/** The write-only attributes, by resource type. */
export const WRITE_ONLY: Readonly<Record<string, WriteOnlySpec>> = {
  sender_webhook: {
    attribute: "url",
    writeOnly: "url_wo",
    version: "url_wo_version",
    check: plainText().pipe(webhookFields.url.check),
  },
};

/** The resource schemas with each write-only attribute and its version added, the attribute they replace made optional. */
export function withWriteOnly(
  resources: Readonly<Record<string, TfResourceSchema>>,
): Record<string, TfResourceSchema> {
  const out: Record<string, TfResourceSchema> = { ...resources };
  for (const [type, spec] of Object.entries(WRITE_ONLY)) {
    const schema = out[type];
    if (!schema) continue;
    const attributes: TfAttribute[] = [];
    for (const a of schema.block.attributes) {
      if (a.name !== spec.attribute) {
        attributes.push(a);
        continue;
      }
      attributes.push(
        {
          ...a,
          required: false,
          optional: true,
          description: `${a.description} Exactly one of \`${spec.attribute}\` and \`${spec.writeOnly}\` is set: \`${spec.writeOnly}\` keeps the value out of the plan and the state.`,
        },
        {
          name: spec.writeOnly,
          camel: `${a.camel}Wo`,
          type: a.type,
          description:
            `\`${spec.attribute}\`, write-only (Terraform 1.11, OpenTofu 1.11 and later): sent to Sender, never kept in the plan or the state. ` +
            `It has \`${spec.attribute}\`'s checks. The engine cannot compare a value it does not keep: ` +
            `change \`${spec.version}\` to send a new one. A refresh does not see a change made in the Sender interface.`,
          required: false,
          optional: true,
          computed: false,
          sensitive: true,
          writeOnly: true,
        },
        {
          name: spec.version,
          camel: `${a.camel}WoVersion`,
          type: { kind: "number" },
          description: `Any number, kept in the state: a change sends \`${spec.writeOnly}\` again (with \`${spec.writeOnly}\` only).`,
          required: false,
          optional: true,
          computed: false,
          sensitive: false,
        },
      );
    }
    out[type] = { ...schema, block: { ...schema.block, attributes } };
  }
  return out;
}

/** The doors whose engine said, at ConfigureProvider, that it keeps write-only attributes out of the state. */
const allowing = new WeakSet<object>();

/**
 * Records ConfigureProvider's `client_capabilities` for `door`: an engine that sets
 * `write_only_attributes_allowed` (OpenTofu 1.11, Terraform 1.11 and later) keeps write-only values out
 * of its plan and state; an older one sends none, and a write-only attribute is refused at plan.
 */
export function noteClientCapabilities(
  door: object,
  capabilities: { readonly write_only_attributes_allowed?: boolean } | null | undefined,
): void {
  if (capabilities?.write_only_attributes_allowed === true) allowing.add(door);
  else allowing.delete(door);
}

/** True when `door`'s engine keeps write-only attributes (see {@link noteClientCapabilities}). */
export function writeOnlyAllowed(door: object): boolean {
  return allowing.has(door);
}

/**
 * The schema terraform-provider-sender serves: the tables' ({@link terraformSchema}) with the
 * write-only attributes added ({@link withWriteOnly}). The docs (scripts/terraform-docs.js) read it.
 */
export function servedSchema(): TfSchema {
  const schema = terraformSchema();
  return { ...schema, resources: withWriteOnly(schema.resources) };
}

/** The write-only spec of a resource type, if it has one. */
export function writeOnlyOf(type: string): WriteOnlySpec | undefined {
  return Object.hasOwn(WRITE_ONLY, type) ? WRITE_ONLY[type] : undefined;
}

const field = (object: TfValue, name: string): TfValue => (isObject(object) ? (object[name] ?? null) : null);

/** True when the configuration sets the write-only attribute (an unknown value counts: it will be set). */
export function usesWriteOnly(spec: WriteOnlySpec, config: TfValue): boolean {
  return field(config, spec.writeOnly) !== null;
}

/** A failure of the write-only pair in a configuration: its attribute and reason. */
export interface WriteOnlyFailure {
  /** The attribute it is on (a snake_case name). */
  readonly attribute: string;
  /** The diagnostic's line, in Terraform's words: the attribute, then why. */
  readonly summary: string;
}

/**
 * The failures of a configuration's pair, with no request: the write-only one set for an engine that
 * does not keep it out of the state (`allowed` false), both set, neither set, or the write-only value
 * failing the attribute's checks (its value never in the reason).
 */
export function writeOnlyFailures(spec: WriteOnlySpec, config: TfValue, allowed = true): WriteOnlyFailure[] {
  const given = field(config, spec.writeOnly);
  if (given !== null && !allowed)
    return [
      {
        attribute: spec.writeOnly,
        summary: `${spec.writeOnly}: this engine keeps no write-only attribute (Terraform 1.11, OpenTofu 1.11 and later do): set ${spec.attribute} instead`,
      },
    ];
  const plain = field(config, spec.attribute);
  if (given !== null && plain !== null)
    return [
      {
        attribute: spec.writeOnly,
        summary: `${spec.writeOnly}: set only one of ${spec.attribute} and ${spec.writeOnly}, which keeps the value out of the state`,
      },
    ];
  if (given === null && plain === null)
    return [
      {
        attribute: spec.attribute,
        summary: `${spec.attribute}: set ${spec.attribute} or ${spec.writeOnly} (exactly one of them)`,
      },
    ];
  if (given === null || given === TF_UNKNOWN) return [];
  // Checked under the write-only attribute's core name, so that a failure that names its field in its
  // reason (one that hides the value) names it in Terraform's words.
  const name = camelCase(spec.writeOnly);
  const result = inDialect(TERRAFORM_WORDS, () =>
    checkWithSchema(z.object({ [name]: spec.check }), { [name]: given }),
  );
  return (result.failures ?? []).map((failure) => ({
    attribute: spec.writeOnly,
    summary: failure.property === "" ? failure.reason : `${spec.writeOnly}: ${failure.reason}`,
  }));
}

/** `value` with the pair as the core path takes it: the attribute set from the write-only one, the write-only pair null. */
export function forCore(spec: WriteOnlySpec, value: TfValue, attribute: TfValue): TfValue {
  if (!isObject(value)) return value;
  return { ...value, [spec.attribute]: attribute, [spec.writeOnly]: null, [spec.version]: null };
}

/**
 * The object the engine keeps (a plan or a state) of a resource managed by the write-only
 * attribute: the attribute and the write-only one null, the version as configured.
 */
export function forEngine(spec: WriteOnlySpec, value: TfValue, version: TfValue): TfValue {
  if (!isObject(value)) return value;
  const out: TfObject = { ...value, [spec.attribute]: null, [spec.writeOnly]: null, [spec.version]: version };
  return out;
}

/**
 * The attribute's prior value as the core path compares it, for a resource the configuration
 * manages by the write-only attribute: the state's when it holds one (a switch from the plain
 * attribute); else the configured value, so that nothing changes, unless the version changed, when
 * an empty value makes the core send the configured one.
 */
export function priorForCore(spec: WriteOnlySpec, prior: TfValue, config: TfValue): TfValue {
  const held = field(prior, spec.attribute);
  if (held !== null) return held;
  return field(prior, spec.version) === field(config, spec.version) ? field(config, spec.writeOnly) : "";
}

/** The pair's failures as diagnostics, each on its attribute. */
export function writeOnlyDiagnostics(failures: readonly WriteOnlyFailure[]): TfDiagnostic[] {
  return failures.map((failure) => ({
    severity: "ERROR",
    summary: failure.summary,
    path: [failure.attribute],
  }));
}

/**
 * ValidateResourceConfig with the write-only attributes: for a type that has one, the pair's
 * failures (no request; an engine whose request carries no `write_only_attributes_allowed`, such as
 * OpenTofu 1.10, is refused on `url_wo`), else `validate` (./validate.ts) of the configuration as the
 * core path takes it, `url` set from `url_wo`. Other types go to `validate` as they are.
 */
export async function validateWithWriteOnly(
  type: string,
  config: TfValue,
  capabilities: { readonly write_only_attributes_allowed?: boolean } | null | undefined,
  validate: (config: TfValue) => Promise<TfDiagnostic[]>,
): Promise<TfDiagnostic[]> {
  const spec = writeOnlyOf(type);
  if (spec === undefined || !isObject(config)) return validate(config);
  const failures = writeOnlyFailures(spec, config, capabilities?.write_only_attributes_allowed === true);
  if (failures.length > 0) return writeOnlyDiagnostics(failures);
  const attribute = usesWriteOnly(spec, config)
    ? field(config, spec.writeOnly)
    : field(config, spec.attribute);
  return validate(forCore(spec, config, attribute));
}
