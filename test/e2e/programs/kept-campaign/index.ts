import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const config = new pulumi.Config();
const adoptId = config.get("adoptId");
const deleteEvenIfSent = config.getBoolean("deleteEvenIfSent");
// No title: autonamed from the stack and the resource, the same in every run.
const welcome = new sender.Campaign("welcome", {
  subject: "Welcome to Example News",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<h1>Welcome!</h1>",
  ...(adoptId ? { adoptId } : {}),
  ...(deleteEvenIfSent !== undefined ? { deleteEvenIfSent } : {}),
});

new sender.CampaignTargeting("welcome-audience", { campaignId: welcome.id, tagIds: ["tag001"] });

export const campaignId = welcome.id;
export const title = welcome.title;
