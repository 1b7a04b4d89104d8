import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, test } from "vitest";
import { fieldTables } from "../../provider";
import { outputNames } from "../../provider/core/fields";
import { type FieldTableOf, RESOURCE_KINDS, type ResourceKind } from "../../provider/kinds/registry";
import * as sdk from "../../sdk";
import { installMocks } from "./mocks";

/** The names of a class's declared `pulumi.Output` members, without the engine's `id` and `urn`. */
type DeclaredOutputs<C> = Exclude<
  { [K in keyof C]-?: C[K] extends pulumi.Output<unknown> ? K : never }[keyof C],
  "id" | "urn"
>;
/** `true` only when the two key sets are equal. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// Checked by `tsc` (npm run typecheck): a class that declares an output its table lacks, or lacks
// one its table has, makes its kind's member `false` here, and the assignment below fails to
// compile naming that kind.
type DeclaredMatchesTable = {
  [K in ResourceKind]: Same<DeclaredOutputs<InstanceType<(typeof sdk)[K]>>, keyof FieldTableOf<K>>;
};
const declaredMatchesTable: Record<ResourceKind, true> = Object.fromEntries(
  RESOURCE_KINDS.map((kind) => [kind, true]),
) as DeclaredMatchesTable;

beforeAll(async () => {
  await installMocks();
});

/**
 * An instance of the kind's class. Its arguments do not matter here (the mocks check nothing): the
 * outputs are the members its constructor declares.
 */
function instanceOf(kind: ResourceKind): pulumi.CustomResource {
  // One class at a time: the union of the classes has no single constructor type.
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test looks each kind's class up by name; nothing is bundled
  const resourceClass = sdk[kind] as unknown as new (name: string, args: object) => pulumi.CustomResource;
  return new resourceClass(`instance-${kind}`, {});
}

describe("the SDK classes' outputs", () => {
  test("every kind is compared with its table", () => {
    expect(Object.keys(declaredMatchesTable).sort()).toStrictEqual(Object.keys(fieldTables).sort());
  });

  test.each(RESOURCE_KINDS)("%s: the instance's outputs are exactly its field table's names", (kind) => {
    const resource = instanceOf(kind) as unknown as Record<string, unknown>;
    const outputs = Object.keys(resource).filter(
      (key) =>
        !["id", "urn", "__provider", "__senderPlace"].includes(key) &&
        pulumi.Output.isInstance(resource[key]),
    );
    expect(outputs.sort()).toStrictEqual(outputNames(fieldTables[kind]).sort());
  });
});
