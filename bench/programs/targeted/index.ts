// N Campaigns, each with its audience (tags, a saved filter) and a schedule: every preview check;
// `subjectSuffix` changes every campaign.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const config = new pulumi.Config();
const count = config.requireNumber("count");
// Set after an `up`, it changes every campaign: what a preview of N changed campaigns reads.
const subjectSuffix = config.get("subjectSuffix") ?? "";
// A week ahead: always in the future when the bench runs.
const when = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().replace(/\.\d+Z$/, "Z");
for (let i = 0; i < count; i++) {
  const campaign = new sender.Campaign(`c${i}`, {
    title: `Targeted ${i}`,
    subject: `Bench subject ${i}${subjectSuffix}`,
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
