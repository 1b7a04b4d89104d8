// A campaign, its audience and its schedule: campaign-parts.test.ts replaces the audience and the
// schedule with `up --replace` and checks the service still has both.
import * as sender from "pulumi-sender";

const news = new sender.Campaign("news", {
  title: "Parts news",
  subject: "Parts of one campaign",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<h1>Parts</h1>",
});
const audience = new sender.CampaignTargeting("audience", { campaignId: news.id, tagIds: ["tag001"] });
new sender.CampaignSchedule(
  "send",
  { campaignId: news.id, scheduleTime: "2030-01-15T09:00:00+01:00" },
  { dependsOn: [audience] },
);

export const campaignId = news.id;
