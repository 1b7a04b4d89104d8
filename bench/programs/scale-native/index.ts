// bench/programs/scale on the native plugin: count/4 campaigns, each with its targeting, follow-up
// and schedule: `count` resources in all.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < count / 4; i++) {
  const campaign = new sender.Campaign(`c${i}`, {
    title: `Scale ${i}`,
    subject: `Scale subject ${i}`,
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<p>scale</p>",
  });
  const targeting = new sender.CampaignTargeting(`t${i}`, {
    campaignId: campaign.id,
    tagIds: ["tag001", "tag002"],
    excludedTagIds: ["tag004"],
  });
  const followUp = new sender.CampaignFollowUp(`f${i}`, {
    campaignId: campaign.id,
    subject: `Reminder ${i}`,
    delayHours: 48,
  });
  new sender.CampaignSchedule(
    `s${i}`,
    { campaignId: campaign.id, scheduleTime: "2030-06-01T09:00:00Z" },
    { dependsOn: [targeting, followUp] },
  );
}
