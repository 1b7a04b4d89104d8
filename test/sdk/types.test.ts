import type * as pulumi from "@pulumi/pulumi";
import { describe, expect, test } from "vitest";
import type { CampaignStatus, FollowUpDelay, LastAction, WebhookTopic } from "../../provider/client";
import type { CampaignInputs, CampaignOutputs } from "../../provider/kinds/campaign/campaign";
import type { CampaignFollowUpOutputs } from "../../provider/kinds/campaign-follow-up";
import type {
  Campaign,
  CampaignArgs,
  CampaignFollowUp,
  CampaignFollowUpArgs,
  CampaignSchedule,
  CampaignTargetingArgs,
  TransactionalCampaignArgs,
  Webhook,
  WebhookArgs,
} from "../../sdk";

// The types derived from the field tables, checked by `tsc -p tsconfig.spec.json` (scripts/test.sh):
// a table fact that stops reaching its type (required, enum, list, output only, optional output,
// default, `typed`) makes one of these `false`, and `true` then fails to compile.

/** `true` exactly when A and B are the same type (the usual exact-equality idiom). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** An intersection of object types as one object type. */
type Flat<T> = { [K in keyof T]: T[K] };
/** `true` when `K` is a property of `T`. */
type Has<T, K extends string> = K extends keyof T ? true : false;

const args = {
  required: true satisfies Same<Pick<CampaignArgs, "subject">, { subject: pulumi.Input<string> }>,
  optional: true satisfies Same<Pick<CampaignArgs, "title">, { title?: pulumi.Input<string> | undefined }>,
  enum: true satisfies Same<CampaignArgs["contentType"], pulumi.Input<"editor" | "html" | "text">>,
  list: true satisfies Same<CampaignArgs["groups"], pulumi.Input<pulumi.Input<string>[]> | undefined>,
  boolean: true satisfies Same<CampaignArgs["googleAnalytics"], pulumi.Input<boolean> | undefined>,
  noOutputs: false satisfies Has<CampaignArgs, "status">,
  campaignId: true satisfies Same<CampaignTargetingArgs["campaignId"], pulumi.Input<string>>,
  delay: true satisfies Same<CampaignFollowUpArgs["delayHours"], pulumi.Input<FollowUpDelay>>,
  topic: true satisfies Same<WebhookArgs["topic"], pulumi.Input<WebhookTopic>>,
  editor: true satisfies Same<TransactionalCampaignArgs["editor"], pulumi.Input<"plain" | "html">>,
};

const outputs = {
  required: true satisfies Same<Campaign["subject"], pulumi.Output<string>>,
  optionalInput: true satisfies Same<Campaign["title"], pulumi.Output<string | undefined>>,
  typed: true satisfies Same<Campaign["status"], pulumi.Output<CampaignStatus>>,
  typedToo: true satisfies Same<Campaign["lastAction"], pulumi.Output<LastAction>>,
  optionalOutput: true satisfies Same<Campaign["scheduleTime"], pulumi.Output<string | undefined>>,
  computed: true satisfies Same<Campaign["recipientCount"], pulumi.Output<number>>,
  list: true satisfies Same<Campaign["groups"], pulumi.Output<string[] | undefined>>,
  defaulted: true satisfies Same<CampaignFollowUp["active"], pulumi.Output<boolean>>,
  scheduleUtc: true satisfies Same<CampaignSchedule["scheduleTimeUtc"], pulumi.Output<string | undefined>>,
  enum: true satisfies Same<Webhook["topic"], pulumi.Output<WebhookTopic>>,
};

const provider = {
  required: true satisfies Same<Pick<CampaignInputs, "subject">, { subject: string }>,
  optional: true satisfies Same<Pick<CampaignInputs, "title">, { title?: string }>,
  noOutputs: false satisfies Has<CampaignInputs, "status">,
  typed: true satisfies Same<CampaignOutputs["status"], CampaignStatus>,
  optionalOutput: true satisfies Same<Pick<CampaignOutputs, "sentTime">, { sentTime?: string }>,
  followUp: true satisfies Same<
    Flat<CampaignFollowUpOutputs>,
    { campaignId: string; adoptId?: string; subject: string; delayHours: FollowUpDelay; active: boolean }
  >,
};

describe("the types derived from the field tables", () => {
  // The assertions are the `satisfies` above; this only keeps them referenced.
  test("SDK arguments, SDK outputs and provider types hold every fact of the tables", () => {
    expect(Object.keys(args).length + Object.keys(outputs).length + Object.keys(provider).length).toBe(26);
  });
});
