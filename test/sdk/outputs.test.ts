import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, test } from "vitest";
import { fieldTables } from "../../provider";
import { outputNames } from "../../provider/core/fields";
import type { attachmentFields } from "../../provider/kinds/attachment";
import type { campaignFields } from "../../provider/kinds/campaign/campaign";
import type { campaignFollowUpFields } from "../../provider/kinds/campaign-follow-up";
import type { campaignScheduleFields } from "../../provider/kinds/campaign-schedule";
import type { campaignTargetingFields } from "../../provider/kinds/campaign-targeting";
import type { ResourceKind } from "../../provider/kinds/registry";
import type { transactionalCampaignFields } from "../../provider/kinds/transactional-campaign/transactional-campaign";
import type { webhookFields } from "../../provider/kinds/webhook";
import {
  Attachment,
  Campaign,
  CampaignFollowUp,
  CampaignSchedule,
  CampaignTargeting,
  TransactionalCampaign,
  Webhook,
} from "../../sdk";
import { installMocks } from "./mocks";

/** The names of a class's declared `pulumi.Output` members, without the engine's `id` and `urn`. */
type DeclaredOutputs<C> = Exclude<
  { [K in keyof C]-?: C[K] extends pulumi.Output<unknown> ? K : never }[keyof C],
  "id" | "urn"
>;
/** `true` only when the two key sets are equal. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// Checked by `tsc` (npm run typecheck): a class that declares an output its table lacks, or lacks
// one its table has, makes one of these `false` and fails to compile.
const declaredMatchesTable: Record<ResourceKind, true> = {
  Campaign: true satisfies Same<DeclaredOutputs<Campaign>, keyof typeof campaignFields>,
  CampaignTargeting: true satisfies Same<
    DeclaredOutputs<CampaignTargeting>,
    keyof typeof campaignTargetingFields
  >,
  CampaignFollowUp: true satisfies Same<
    DeclaredOutputs<CampaignFollowUp>,
    keyof typeof campaignFollowUpFields
  >,
  CampaignSchedule: true satisfies Same<
    DeclaredOutputs<CampaignSchedule>,
    keyof typeof campaignScheduleFields
  >,
  Attachment: true satisfies Same<DeclaredOutputs<Attachment>, keyof typeof attachmentFields>,
  TransactionalCampaign: true satisfies Same<
    DeclaredOutputs<TransactionalCampaign>,
    keyof typeof transactionalCampaignFields
  >,
  Webhook: true satisfies Same<DeclaredOutputs<Webhook>, keyof typeof webhookFields>,
};

beforeAll(async () => {
  await installMocks();
});

const instances: Record<ResourceKind, () => pulumi.CustomResource> = {
  Campaign: () =>
    new Campaign("c", { subject: "S", from: "F", replyTo: "r@example.com", contentType: "html" }),
  CampaignTargeting: () => new CampaignTargeting("t", { campaignId: "c1", sendToAll: true }),
  CampaignFollowUp: () => new CampaignFollowUp("f", { campaignId: "c1", subject: "S", delayHours: 24 }),
  CampaignSchedule: () =>
    new CampaignSchedule("s", { campaignId: "c1", scheduleTime: "2030-01-01T09:00:00Z" }),
  Attachment: () => new Attachment("a", { campaignId: "c1", url: "https://example.com/a.pdf" }),
  TransactionalCampaign: () =>
    new TransactionalCampaign("x", { subject: "S", from: "F", replyTo: "r@example.com", editor: "html" }),
  Webhook: () => new Webhook("w", { url: "https://hooks.example.com/h", topic: "bounces/new" }),
};

describe("the SDK classes' outputs", () => {
  test("every kind is compared with its table", () => {
    expect(Object.keys(declaredMatchesTable).sort()).toStrictEqual(Object.keys(fieldTables).sort());
  });

  test.each(Object.keys(instances) as ResourceKind[])(
    "%s: the instance's outputs are exactly its field table's names",
    (kind) => {
      const resource = instances[kind]() as unknown as Record<string, unknown>;
      const outputs = Object.keys(resource).filter(
        (key) => !["id", "urn", "__provider"].includes(key) && pulumi.Output.isInstance(resource[key]),
      );
      expect(outputs.sort()).toStrictEqual(outputNames(fieldTables[kind]).sort());
    },
  );
});
