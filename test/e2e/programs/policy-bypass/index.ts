// Schedules written the ways that used to get past the policy pack's schedule rules, one
// `scenario` at a time (`round` names the resources, so that a new round's campaign is new and its
// id unknown at preview):
// - `outputs`: a schedule `soon` that passes the outputs `sent` and `scheduleTimeUtc` as inputs;
// - `computed`: a schedule `soon` whose time is computed from the campaign's id (unknown at preview);
// - `audience`: campaigns e and f, each scheduled at `later`, and one targeting whose campaignId
//   comes from both ids but is f's;
// - `bare`: campaign g, scheduled at `later`, with no targeting at all.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const config = new pulumi.Config();
const scenario = config.require("scenario");
const round = config.get("round") ?? "1";
const email = {
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: '<p>Hi</p><p><a href="https://example.com/unsubscribe">Unsubscribe</a></p>',
} as const;
// Each campaign has a proof that follows its content, so that schedule-needs-proof (advisory) passes.
const campaign = (name: string) => {
  const made = new sender.Campaign(`${name}-${round}`, {
    ...email,
    title: `${name} ${round}`,
    subject: `About ${name}`,
  });
  new sender.CampaignProof(`${name}-${round}-proof`, {
    campaignId: made.id,
    addresses: ["editor@example.com"],
    contentHash: made.contentHash,
  });
  return made;
};

if (scenario === "outputs" || scenario === "computed") {
  const c = campaign("c");
  const audience = new sender.CampaignTargeting(`c-${round}-audience`, {
    campaignId: c.id,
    tagIds: ["tag001"],
  });
  const soon = config.require("soon");
  const args =
    scenario === "outputs"
      ? // What the SDK's types leave out, as an untyped program may pass it.
        ({
          campaignId: c.id,
          scheduleTime: soon,
          sent: true,
          scheduleTimeUtc: config.require("soonUtc"),
        } as sender.CampaignScheduleArgs)
      : { campaignId: c.id, scheduleTime: c.id.apply(() => soon) };
  new sender.CampaignSchedule(`c-${round}-send`, args, { dependsOn: [audience] });
}

if (scenario === "audience") {
  const later = config.require("later");
  const e = campaign("e");
  const f = campaign("f");
  const audience = new sender.CampaignTargeting(`f-${round}-audience`, {
    campaignId: pulumi.all([e.id, f.id]).apply(([, fId]) => fId),
    tagIds: ["tag001"],
  });
  for (const [name, c] of [
    ["e", e],
    ["f", f],
  ] as const) {
    new sender.CampaignSchedule(
      `${name}-${round}-send`,
      { campaignId: c.id, scheduleTime: later },
      { dependsOn: [audience] },
    );
  }
}

if (scenario === "bare") {
  const g = campaign("g");
  new sender.CampaignSchedule(`g-${round}-send`, { campaignId: g.id, scheduleTime: config.require("later") });
}
