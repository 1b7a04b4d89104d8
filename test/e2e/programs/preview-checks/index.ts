import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const config = new pulumi.Config();
const campaign = new sender.Campaign("news", {
  title: config.get("title") ?? "Preview checks",
  subject: config.get("subject") ?? "Checked before anything is written",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Hello</p>",
});
const audience = new sender.CampaignTargeting("audience", {
  campaignId: campaign.id,
  tagIds: (config.get("tagIds") ?? "tag001").split(","),
});
// `bulk` more campaigns, their subjects from `bulkSubject`: what a preview of many changes reads.
for (let i = 0; i < (config.getNumber("bulk") ?? 0); i++) {
  new sender.Campaign(`bulk-${i}`, {
    title: `Bulk ${i}`,
    subject: `${config.get("bulkSubject") ?? "Bulk"} ${i}`,
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<p>Bulk</p>",
  });
}
const scheduleTime = config.get("scheduleTime");
const schedule = scheduleTime
  ? new sender.CampaignSchedule("when", { campaignId: campaign.id, scheduleTime })
  : undefined;

export const campaignId = campaign.id;
// The stack's outputs wait for the audience and the schedule: registered before a failed check of it, they would
// meet the engine shutting down ("Channel has been shut down", pulumi's own noise).
export const audienceId = audience.id;
export const scheduleId = schedule ? schedule.id : "none";
// A data source too, when asked: a missing token must still be one line.
export const plans = config.getBoolean("withDataSource")
  ? sender.getPlansOutput().plans.apply((plans) => plans.length)
  : audience.id.apply(() => 0);
