import * as sender from "pulumi-sender-native";

// A draft campaign: creating or updating it never sends it. Without a `title`, the plugin names it
// `welcome-<8 hex>` from the stack and the resource, which lets a repeated `up` recognize it.
const welcome = new sender.Campaign("welcome", {
  subject: "Welcome to Example News",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<h1>Welcome!</h1><p>Thanks for joining.</p><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>",
});

// Who it goes to: the tag of your account with this name (the local emulator has "Customers"); a
// name no tag has fails with one line naming the close ones.
const customers = sender.getTagOutput({ name: "Customers" });
new sender.CampaignTargeting("welcome-audience", { campaignId: welcome.id, tagIds: [customers.id] });

export const campaignId = welcome.id;
export const campaignStatus = welcome.status;
