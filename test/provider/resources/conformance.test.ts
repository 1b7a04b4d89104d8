import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { fieldTables, providers, type ResourceKind } from "../../../provider";
import { getClient } from "../../../provider/context";
import { RESOURCE_KINDS } from "../../../provider/kinds";
import { forgetClaimedCampaigns } from "../../../provider/resources/campaign";
import { outputNames } from "../../../provider/resources/fields";
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
  forgetClaimedCampaigns();
});

async function newCampaign(): Promise<string> {
  const campaign = await getClient().createCampaign({
    subject: "Hello",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
    groups: ["grp001"],
  });
  return campaign.id;
}

/**
 * One scenario per kind: inputs that set every optional input it can, and the table's names that
 * are legitimately absent from its outputs in that scenario (a draft has no send time...).
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
    absent: ["adoptId", "scheduleTime", "sentTime"],
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
    absent: [],
  },
  CampaignFollowUp: {
    inputs: async () => ({
      campaignId: await newCampaign(),
      subject: "Did you see?",
      delayHours: 48,
      active: true,
    }),
    absent: [],
  },
  CampaignSchedule: {
    inputs: async () => ({ campaignId: await newCampaign(), scheduleTime: "2031-06-01T09:00:00+02:00" }),
    absent: [],
  },
  Attachment: {
    inputs: async () => ({
      campaignId: await newCampaign(),
      url: "https://files.example.com/docs/prices.pdf",
    }),
    absent: [],
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
    absent: ["adoptId"],
  },
  Webhook: {
    inputs: async () => ({
      url: "https://hooks.example.com/sender",
      topic: "groups/new-subscriber",
      relationId: "grp002",
    }),
    absent: [],
  },
};

describe("each kind's outputs are its field table (and so its SDK class)", () => {
  test.each(RESOURCE_KINDS)("%s: create and read return exactly the table's names", async (kind) => {
    const provider = providers[kind];
    const scenario = scenarios[kind];
    const expected = outputNames(fieldTables[kind])
      .filter((name) => !scenario.absent.includes(name))
      .sort();
    const created = await provider.create(await scenario.inputs());
    expect(Object.keys(created.outs ?? {}).sort()).toEqual(expected);
    const read = await provider.read(created.id, created.outs);
    expect(read.id).toBe(created.id);
    expect(Object.keys(read.props ?? {}).sort()).toEqual(expected);
  });
});
