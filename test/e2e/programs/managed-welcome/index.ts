// A quick-start-like stack that `adopt` must leave alone: an autonamed campaign (its title
// `welcome-<8 hex>`), its targeting and its schedule.
import * as sender from "pulumi-sender";

const welcome = new sender.Campaign("welcome", {
  subject: "Welcome to Example News",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<h1>Welcome!</h1>",
});
const audience = new sender.CampaignTargeting("welcome-audience", {
  campaignId: welcome.id,
  tagIds: ["tag001"],
});
new sender.CampaignSchedule(
  "welcome-send",
  { campaignId: welcome.id, scheduleTime: "2030-01-15T09:00:00+01:00" },
  { dependsOn: [audience] },
);

export const campaignId = welcome.id;
export const title = welcome.title;
