// Configurable numbers of each kind, for the exactly-once tests:
//   campaigns (each with targeting, follow-up and schedule when `parts` is true),
//   transactional campaigns, webhooks (their url with a secret in its query, `webhookScheme` its
//   scheme); `titles` is "auto" (autonamed) or "explicit".
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const config = new pulumi.Config("test");
const campaigns = config.getNumber("campaigns") ?? 1;
const transactional = config.getNumber("transactional") ?? 0;
const webhooks = config.getNumber("webhooks") ?? 0;
const parts = config.getBoolean("parts") ?? false;
const explicit = config.get("titles") === "explicit";

export const campaignIds: pulumi.Output<string>[] = [];
export const transactionalIds: pulumi.Output<string>[] = [];
export const webhookIds: pulumi.Output<string>[] = [];

for (let i = 0; i < campaigns; i++) {
  const campaign = new sender.Campaign(`campaign-${i}`, {
    ...(explicit ? { title: `Exactly-once campaign ${i}` } : {}),
    subject: `Exactly-once subject ${i}${config.get("subjectSuffix") ?? ""}`,
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: `<p>Exactly once ${i}</p>`,
  });
  campaignIds.push(campaign.id);
  if (!parts) continue;
  const targeting = new sender.CampaignTargeting(`targeting-${i}`, {
    campaignId: campaign.id,
    tagIds: ["tag001"],
    excludedTagIds: ["tag004"],
  });
  const followUp = new sender.CampaignFollowUp(`follow-up-${i}`, {
    campaignId: campaign.id,
    subject: `Reminder ${i}`,
    delayHours: 24,
  });
  new sender.CampaignSchedule(
    `schedule-${i}`,
    { campaignId: campaign.id, scheduleTime: `2030-0${(i % 9) + 1}-10T10:00:00Z` },
    { dependsOn: [targeting, followUp] },
  );
}
for (let i = 0; i < transactional; i++) {
  const t = new sender.TransactionalCampaign(`transactional-${i}`, {
    ...(explicit ? { title: `Exactly-once transactional ${i}` } : {}),
    subject: `Receipt ${i}`,
    from: "Example News",
    replyTo: "news@example.com",
    editor: "html",
    content: `<p>Receipt ${i}</p>`,
  });
  transactionalIds.push(t.id);
}
// The query stands for the secret a webhook url often carries: no message may show it.
const scheme = config.get("webhookScheme") ?? "https";
for (let i = 0; i < webhooks; i++) {
  const w = new sender.Webhook(`webhook-${i}`, {
    url: `${scheme}://hooks.example.com/exactly-once/${i}?secret=s3cr3t-${i}`,
    topic: "subscribers/new",
  });
  webhookIds.push(w.id);
}
