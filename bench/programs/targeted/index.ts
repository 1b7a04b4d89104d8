// N Campaigns, each with its audience (tags, a saved filter) and a schedule: every preview check.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const count = new pulumi.Config().requireNumber("count");
// A week ahead: always in the future when the bench runs.
const when = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().replace(/\.\d+Z$/, "Z");
for (let i = 0; i < count; i++) {
  const campaign = new sender.Campaign(`c${i}`, {
    title: `Targeted ${i}`,
    subject: `Bench subject ${i}`,
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<p>bench</p>",
  });
  new sender.CampaignTargeting(`t${i}`, {
    campaignId: campaign.id,
    tagIds: ["tag001", "tag002"],
    filterIds: ["flt001"],
  });
  new sender.CampaignSchedule(`s${i}`, { campaignId: campaign.id, scheduleTime: when });
}
