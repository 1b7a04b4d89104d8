/**
 * The Terraform door with its write-only attributes (./write-only.ts): each call of a resource type
 * that has one is translated to the door's core path (`url` set from `url_wo`) and its answer back
 * to what the engine keeps (`url` and `url_wo` null, `url_wo_version` as configured). Other types,
 * and a configuration that sets the plain attribute, pass through, their version kept.
 */
import { type Answer, type PlanAnswer, type StateAnswer, TerraformDoor } from "./door";
import type { TfSchema } from "./schema";
import { isObject, type TfValue } from "./values";
import {
  forCore,
  forEngine,
  priorForCore,
  servedSchema,
  usesWriteOnly,
  type WriteOnlySpec,
  writeOnlyAllowed,
  writeOnlyDiagnostics,
  writeOnlyFailures,
  writeOnlyOf,
} from "./write-only";

const field = (object: TfValue, name: string): TfValue => (isObject(object) ? (object[name] ?? null) : null);

/** `value` with the version attribute set to `version` (an object), else unchanged. */
const withVersion = (spec: WriteOnlySpec, value: TfValue, version: TfValue): TfValue =>
  isObject(value) ? { ...value, [spec.version]: version } : value;

/** `value` as the core path takes it when the plain attribute is used: the write-only pair null. */
const plain = (spec: WriteOnlySpec, value: TfValue): TfValue =>
  forCore(spec, value, field(value, spec.attribute));

/** The engine's objects of one call as the core path takes them, and how its answer goes back. */
interface Translation {
  readonly prior: TfValue;
  readonly next: TfValue;
  readonly config: TfValue;
  readonly back: (value: TfValue) => TfValue;
}

function translate(spec: WriteOnlySpec, prior: TfValue, next: TfValue, config: TfValue): Translation {
  const version = field(config, spec.version);
  if (!usesWriteOnly(spec, config))
    return {
      prior: plain(spec, prior),
      next: plain(spec, next),
      config: plain(spec, config),
      back: (value) => withVersion(spec, value, version),
    };
  const given = field(config, spec.writeOnly);
  return {
    prior: prior === null ? null : forCore(spec, prior, priorForCore(spec, prior, config)),
    next: forCore(spec, next, given),
    config: forCore(spec, config, given),
    back: (value) => forEngine(spec, value, version),
  };
}

/** The door of plugin protocol 6 with write-only attributes: what terraform-provider-sender serves. */
export class WriteOnlyDoor extends TerraformDoor {
  /** The served schema: the tables' with the write-only attributes. */
  override readonly schema: TfSchema = servedSchema();

  /** PlanResourceChange: the pair's checks first (no request), then the door's plan of the translated objects. */
  override async plan(
    type: string,
    prior: TfValue,
    proposed: TfValue,
    config: TfValue,
    priorPrivate: Uint8Array | null | undefined,
  ): Promise<PlanAnswer> {
    const spec = writeOnlyOf(type);
    if (spec === undefined || proposed === null)
      return super.plan(type, prior, proposed, config, priorPrivate);
    const failures = writeOnlyFailures(spec, config, writeOnlyAllowed(this));
    if (failures.length > 0) return { ...failureAnswer(failures), requiresReplace: [] };
    const t = translate(spec, prior, proposed, config);
    const answer = await super.plan(type, t.prior, t.next, t.config, priorPrivate);
    return answer.planned === undefined ? answer : { ...answer, planned: t.back(answer.planned) };
  }

  /** ApplyResourceChange: the door's apply of the translated objects; the state keeps no write-only value. */
  override async apply(
    type: string,
    prior: TfValue,
    planned: TfValue,
    config: TfValue,
    plannedPrivate: Uint8Array | null | undefined,
  ): Promise<StateAnswer> {
    const spec = writeOnlyOf(type);
    if (spec === undefined) return super.apply(type, prior, planned, config, plannedPrivate);
    if (planned === null) return super.apply(type, plain(spec, prior), null, config, plannedPrivate);
    const failures = writeOnlyFailures(spec, config, writeOnlyAllowed(this));
    if (failures.length > 0) return failureAnswer(failures);
    const t = translate(spec, prior, planned, config);
    const answer = await super.apply(type, t.prior, t.next, t.config, plannedPrivate);
    return answer.state === undefined ? answer : { ...answer, state: t.back(answer.state) };
  }

  /**
   * ReadResource: a resource whose state holds no plain value is managed by the write-only one: the
   * service's value is read and recorded nowhere.
   */
  override async read(
    type: string,
    current: TfValue,
    currentPrivate: Uint8Array | null | undefined,
  ): Promise<StateAnswer> {
    const spec = writeOnlyOf(type);
    if (spec === undefined || !isObject(current)) return super.read(type, current, currentPrivate);
    const version = field(current, spec.version);
    const managedPlainly = field(current, spec.attribute) !== null;
    const answer = await super.read(type, plain(spec, current), currentPrivate);
    if (answer.state === undefined) return answer;
    return {
      ...answer,
      state: managedPlainly
        ? withVersion(spec, answer.state, version)
        : forEngine(spec, answer.state, version),
    };
  }
}

function failureAnswer(failures: ReturnType<typeof writeOnlyFailures>): Answer {
  return { diagnostics: writeOnlyDiagnostics(failures) };
}
