import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const config = new pulumi.Config();
const adoptId = config.get("adoptId");
const campaign = new sender.Campaign("solo", {
  title: config.get("title") ?? "Solo campaign",
  subject: config.get("subject") ?? "Hello from the end-to-end tests",
  from: "Example News",
  replyTo: config.get("replyTo") ?? "news@example.com",
  contentType: "html",
  content: "<p>Hello</p>",
  ...(adoptId ? { adoptId } : {}),
});

export const campaignId = campaign.id;
export const subject = campaign.subject;
