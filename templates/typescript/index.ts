import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const config = new pulumi.Config();

// A draft campaign: creating or updating it never sends it. Without a `title`, it is named
// `welcome-<8 hex>` from the stack and the resource, which lets a repeated `up` recognize it.
const welcome = new sender.Campaign("welcome", {
  subject: config.get("subject") ?? "Welcome to Example News",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<h1>Welcome!</h1><p>Thanks for joining.</p><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>",
});

// Who it goes to: the tag of your account with this name (the local emulator has "Customers"); a
// name no tag has fails with one line naming the close ones. `pulumi config set tagName VIP` picks another.
const audience = sender.getTagOutput({ name: config.get("tagName") ?? "Customers" });
new sender.CampaignTargeting("welcome-audience", { campaignId: welcome.id, tagIds: [audience.id] });

export const campaignId = welcome.id;
export const campaignStatus = welcome.status;
export const plans = sender.getPlansOutput().plans.apply((all) => all.map((plan) => plan.name));
