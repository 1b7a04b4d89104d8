import * as sender from "pulumi-sender";

// No `pulumi.Config` here: the stack has no config, and the token and base URL come from
// SENDER_API_TOKEN and SENDER_BASE_URL.
const campaign = new sender.Campaign("env-only", {
  title: "From the environment",
  subject: "Configured by the environment only",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Hello</p>",
});

export const campaignId = campaign.id;
export const plans = sender.getPlansOutput().plans.apply((plans) => plans.length);
