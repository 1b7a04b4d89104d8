// 9 campaigns, each with targeting, follow-up and schedule (36), 7 transactional campaigns and
// 7 webhooks: 50 resources.
import * as sender from "pulumi-sender";

export const campaignIds: unknown[] = [];
for (let i = 0; i < 9; i++) {
  const campaign = new sender.Campaign(`campaign-${i}`, {
    title: `Fleet campaign ${i}`,
    subject: `Fleet subject ${i}`,
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: `<p>Fleet ${i}</p>`,
  });
  const targeting = new sender.CampaignTargeting(`targeting-${i}`, {
    campaignId: campaign.id,
    tagIds: i % 2 ? ["tag001"] : ["tag001", "tag002"],
    excludedTagIds: ["tag004"],
  });
  const followUp = new sender.CampaignFollowUp(`follow-up-${i}`, {
    campaignId: campaign.id,
    subject: `Fleet reminder ${i}`,
    delayHours: 24,
  });
  new sender.CampaignSchedule(
    `schedule-${i}`,
    { campaignId: campaign.id, scheduleTime: `2030-0${(i % 9) + 1}-10T10:00:00Z` },
    { dependsOn: [targeting, followUp] },
  );
  campaignIds.push(campaign.id);
}
for (let i = 0; i < 7; i++) {
  new sender.TransactionalCampaign(`transactional-${i}`, {
    title: `Fleet transactional ${i}`,
    subject: `Fleet receipt ${i}`,
    from: "Example News",
    replyTo: "news@example.com",
    editor: "html",
    content: `<p>Receipt ${i}</p>`,
  });
  new sender.Webhook(`webhook-${i}`, {
    url: `https://hooks.example.com/fleet/${i}`,
    topic: i % 2 ? "subscribers/new" : "groups/new-subscriber",
    ...(i % 2 ? {} : { relationId: "grp001" }),
  });
}
