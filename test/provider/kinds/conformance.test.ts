import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { fieldTables, type ResourceKind } from "../../../provider";
import { type FieldTable, inputNames, outputNames } from "../../../provider/core/fields";
import { RESOURCE_KINDS } from "../../../provider/kinds/registry";
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
 * One scenario per kind: the inputs whose values matter (ids that exist, values that fit
 * together), and the table's names that are legitimately absent from its outputs in that scenario
 * (a draft has no send time...). Every other input of the table gets a sample value of its type
 * (see {@link withSamples}), so that a new field needs no change here.
 */
const scenarios: Record<
  ResourceKind,
  { inputs: () => Promise<Record<string, unknown>>; absent: readonly string[] }
> = {
  Campaign: {
    inputs: async () => ({
      title: "Launch",
      subject: "We have launched",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      preheader: "Big news",
      content: "<p>Hello</p>",
      googleAnalytics: true,
      groups: ["grp001"],
      segments: ["seg1"],
    }),
    // An explicit title: not autonamed.
    absent: ["adoptId", "autonamed", "scheduleTime", "sentTime"],
  },
  CampaignTargeting: {
    inputs: async () => ({
      campaignId: await newCampaign(),
      tagIds: ["tag001"],
      excludedTagIds: ["tag004"],
      filterIds: ["flt001"],
      excludedFilterIds: ["flt002"],
      sendToAll: false,
    }),
    // Created, not adopted.
    absent: ["adoptId"],
  },
  CampaignFollowUp: {
    inputs: async () => ({
      campaignId: await newCampaign(),
      subject: "Did you see?",
      delayHours: 48,
      active: true,
    }),
    // Created, not adopted.
    absent: ["adoptId"],
  },
  CampaignSchedule: {
    inputs: async () => ({ campaignId: await newCampaign(), scheduleTime: "2031-06-01T09:00:00+02:00" }),
    // Created, not adopted.
    absent: ["adoptId"],
  },
  Attachment: {
    inputs: async () => ({
      campaignId: await newCampaign(),
      url: "https://files.example.com/docs/prices.pdf",
    }),
    // Created, not adopted.
    absent: ["adoptId"],
  },
  TransactionalCampaign: {
    inputs: async () => ({
      title: "Order shipped",
      subject: "Your order is on its way",
      from: "Example Shop",
      replyTo: "news@example.com",
      editor: "html",
      preheader: "Tracking inside",
      content: "<p>Track it</p>",
    }),
    absent: ["adoptId", "autonamed"],
  },
  Webhook: {
    inputs: async () => ({
      url: "https://hooks.example.com/sender",
      topic: "groups/new-subscriber",
      relationId: "grp002",
    }),
    // Created, not adopted.
    absent: ["adoptId"],
  },
};

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
    const scenario = scenarios[kind];
    const expected = outputNames(fieldTables[kind])
      .filter((name) => !scenario.absent.includes(name))
      .sort();
    const inputs = withSamples(fieldTables[kind], await scenario.inputs(), scenario.absent);
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
