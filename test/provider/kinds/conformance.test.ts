import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { fieldTables } from "../../../provider";
import { type FieldTable, inputNames, outputNames } from "../../../provider/core/fields";
import type { KindScenario } from "../../../provider/core/kind-sample";
import { RESOURCE_KINDS, registry } from "../../../provider/kinds/registry";
import { type Harness, startHarness } from "./harness";

// The SDK classes declare exactly their table's names (test/sdk/outputs.test.ts checks it at
// compile time), so comparing the providers' outputs with the tables compares them with the SDK.

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

beforeEach(async () => {
  await h.reset();
});

async function newCampaign(): Promise<string> {
  const campaign = await h.client.createCampaign({
    subject: "Hello",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
    groups: ["grp001"],
  });
  return campaign.id;
}

/**
 * A kind's scenario (its sample's, in its own file): the inputs whose values matter, with a new
 * campaign's id in the input that hangs off one. Every other input of the table but those the
 * scenario expects absent gets a sample value of its type (see {@link withSamples}), so that a new
 * field needs no change here.
 */
async function scenarioInputs(scenario: KindScenario): Promise<Record<string, unknown>> {
  const parent =
    scenario.parentCampaign === undefined ? {} : { [scenario.parentCampaign]: await newCampaign() };
  return { ...parent, ...scenario.inputs };
}

/**
 * The inputs, with a sample value for each input of the table they leave out and `absent` does
 * not name: the first of its `enum`, else one of its type. A list has no sample, as its ids must
 * exist: the scenario gives it.
 */
function withSamples(
  table: FieldTable,
  inputs: Record<string, unknown>,
  absent: readonly string[],
): Record<string, unknown> {
  const filled = { ...inputs };
  for (const name of inputNames(table)) {
    if (name in filled || absent.includes(name)) continue;
    const field = table[name];
    if (field?.enum !== undefined) filled[name] = field.enum[0];
    else if (field?.type === "string") filled[name] = `Sample ${name}`;
    else if (field?.type === "boolean") filled[name] = true;
    else if (field?.type === "integer" || field?.type === "number") filled[name] = 1;
    else throw new Error(`the ${name} input needs a value in its scenario`);
  }
  return filled;
}

describe("each kind's outputs are its field table (and so its SDK class)", () => {
  test.each(RESOURCE_KINDS)("%s: create and read return exactly the table's names", async (kind) => {
    const provider = h.providers[kind];
    const scenario = registry[kind].sample.scenario;
    const expected = outputNames(fieldTables[kind])
      .filter((name) => !scenario.absent.includes(name))
      .sort();
    const inputs = withSamples(fieldTables[kind], await scenarioInputs(scenario), scenario.absent);
    // The scenario, completed, sets every input of the table but those expected absent.
    expect(Object.keys(inputs).sort()).toEqual(
      inputNames(fieldTables[kind])
        .filter((name) => !scenario.absent.includes(name))
        .sort(),
    );
    const created = await provider.create(inputs);
    expect(Object.keys(created.outs ?? {}).sort()).toEqual(expected);
    const read = await provider.read(created.id, created.outs);
    expect(read.id).toBe(created.id);
    expect(Object.keys(read.props ?? {}).sort()).toEqual(expected);
  });
});
