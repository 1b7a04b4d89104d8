import * as sender from "pulumi-sender";

const welcome = new sender.Campaign("welcome", {
  subject: "Welcome to Example News",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<h1>Welcome!</h1>",
});

new sender.CampaignTargeting("welcome-audience", { campaignId: welcome.id, tagIds: ["tag001"] });

// Refused by its check: the service delivers webhooks over https only.
new sender.Webhook("hook", {
  url: "http://hooks.example.com/sender",
  topic: "groups/new-subscriber",
  relationId: "grp001",
});

export const campaignId = welcome.id;
export const status = welcome.status;
