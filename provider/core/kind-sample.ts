/**
 * A kind's own sample values, kept in the kind's file beside its table and registered as the
 * `sample` fact of its registry entry: the tests keyed by kind and the generators read them there,
 * so that a new kind writes them once, in its own file, and no test or script holds a row for it.
 */

/** What `test/provider/kinds/conformance.test.ts` runs for a kind: create, then read. */
export interface KindScenario {
  /**
   * The inputs whose values matter (ids that exist, values that fit together); every other input of
   * the table gets a value of its type, so that a new field needs no change here.
   */
  readonly inputs: Readonly<Record<string, unknown>>;
  /**
   * The table's names legitimately absent from the outputs in this scenario (a draft has no send
   * time, a created object no `adoptId`...); they are given no input either.
   */
  readonly absent: readonly string[];
  /** The input that takes the id of a draft campaign made first, when the kind hangs off one. */
  readonly parentCampaign?: string;
}

/** How `import` names a kind's object (the plugin's import ids, `adopt`'s too). */
export interface ImportIdSample {
  /** What the id is, as the Terraform docs' Import section says it after "The id is". */
  readonly what: string;
  /** An id of that form, shown in the Import section's blocks. */
  readonly example: string;
}

/** What a kind's section of `docs/resources.md` says after the tables its field table makes. */
export interface ReferenceSample {
  /** The section's prose (Markdown), after the tables: what they do not say. */
  readonly notes: string;
  /** The section's TypeScript example, on the dynamic package, when it has one. */
  readonly typescript?: string;
}

/** A kind's sample values: what the tests, the docs and the Terraform examples take from its file. */
export interface KindSample {
  /** A valid set of inputs, which `check` passes unchanged (`check.property.test.ts`). */
  readonly valid: Readonly<Record<string, unknown>>;
  /** The inputs the kind declares beyond `valid`'s, which the property test tries too. */
  readonly declaredExtras: readonly string[];
  /** What the conformance test creates and reads. */
  readonly scenario: KindScenario;
  /** The Terraform docs' Import section of the kind. */
  readonly importId: ImportIdSample;
  /** The kind's section of `docs/resources.md`, beyond its tables (`npm run generate` writes it). */
  readonly reference: ReferenceSample;
  /**
   * The HCL of `examples/terraform/resources/sender_<snake_name>/resource.tf`, which `npm run
   * generate` writes from here and `test/e2e/terraform-mirror.test.ts` applies.
   */
  readonly terraform: string;
}

/** Every input name `sample` tries in the property test: `valid`'s, then the declared extras. */
export function declaredInputs(sample: KindSample): string[] {
  return [...Object.keys(sample.valid), ...sample.declaredExtras];
}
