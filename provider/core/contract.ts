/**
 * The core's contract: what a kind's provider answers to check, diff, create, read and update, in
 * the project's own types. They are structurally those of `@pulumi/pulumi`'s dynamic providers, so
 * the Pulumi doors hand them to the engine unchanged, and the Terraform door reads the same
 * answers; no file of the core, the kinds, the client or the functions imports the Pulumi SDK
 * (`test/structure/layers.test.ts`).
 */

/** One thing wrong with the inputs: the input it is about and why. */
export interface CheckFailure {
  /** The input, named as the program names it (e.g. `replyTo`, `tagIds[1]`). */
  readonly property: string;
  /** Why the value is refused, as the engine prints it. */
  readonly reason: string;
  /**
   * The input a failure is about when `property` is left empty, so that the engine prints no value
   * beside it (a secret url, a control character, an id of another account): the reason names it
   * too, and a door that puts a failure on its attribute (Terraform's) reads it here.
   */
  readonly field?: string;
}

/** What `check` answers: the inputs to use (defaults applied, autonamed) and the failures. */
export interface CheckResult<Inputs = any> {
  /** The inputs the later operations receive. */
  readonly inputs?: Inputs;
  /** Every failure found; none (or an empty list) when the inputs are valid. */
  readonly failures?: CheckFailure[];
}

/** What `diff` answers: whether anything changes, and which changes replace the object. */
export interface DiffResult {
  /** Whether the inputs differ from the state at all. */
  readonly changes?: boolean;
  /** The inputs whose change makes a new object. */
  readonly replaces?: string[];
  /** The outputs that stay the same whatever changes. */
  readonly stables?: string[];
  /** Whether a replacement deletes the old object before it makes the new one. */
  readonly deleteBeforeReplace?: boolean;
}

/** What `create` answers: the new object's id and its outputs. */
export interface CreateResult<Outputs = any> {
  /** The id of the object made (or taken over). */
  readonly id: string;
  /** The outputs to record. */
  readonly outs?: Outputs;
}

/** What `read` answers: the object as the service has it, or no id when it is gone. */
export interface ReadResult<Outputs = any> {
  /** The object's id; empty when the service no longer has it. */
  readonly id?: string;
  /** The outputs as the service now has them. */
  readonly props?: Outputs;
  /** The inputs as the service now has them. */
  readonly inputs?: Outputs;
}

/** What `update` answers: the outputs after the change. */
export interface UpdateResult<Outputs = any> {
  /** The outputs to record. */
  readonly outs?: Outputs;
}

/**
 * Every operation of one kind's provider, each present. The bags are untyped here: each kind types
 * its own from its field table (`defineResource`). Property signatures, as `@pulumi/pulumi`'s
 * `ResourceProvider` has them, so one is assignable to the other.
 */
export interface ResourceProviderImpl {
  /** Judges the program's inputs (`news`) against the state's (`olds`, undefined on a create). */
  check: (olds: any, news: any) => Promise<CheckResult>;
  /** How the state's outputs and the new inputs differ. */
  diff: (id: string, olds: any, news: any) => Promise<DiffResult>;
  /** Makes the object from the checked inputs. */
  create: (inputs: any) => Promise<CreateResult>;
  /** Reads the object back; `props` is what the state holds (none on an import). */
  read: (id: string, props?: any) => Promise<ReadResult>;
  /** Brings the object from the state's outputs to the new inputs. */
  update: (id: string, olds: any, news: any) => Promise<UpdateResult>;
  /** Removes the object the state's outputs describe. */
  delete: (id: string, props: any) => Promise<void>;
}
