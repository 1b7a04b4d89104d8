// yaml-groups on the generated Node.js SDK and the native plugin (issue 58): a group made by title
// and one found by name, whose ids the campaign's groups and the webhook's relationId take. Stack
// config renames the group and sets its delete opt-in.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const config = new pulumi.Config();
const main = sender.getGroupOutput({ name: "Main list" });

const earlyBirds = new sender.Group("earlyBirds", {
  title: config.get("groupTitle") ?? "Early birds",
  deleteEvenIfUsed: config.getBoolean("deleteEvenIfUsed") ?? false,
});

const news = new sender.Campaign("news", {
  title: "Early news",
  subject: "For the early birds",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Hello</p>",
  groups: [earlyBirds.id, main.id],
});

const earlyJoins = new sender.Webhook("earlyJoins", {
  url: "https://hooks.example.com/sender/early-birds",
  topic: "groups/new-subscriber",
  relationId: earlyBirds.id,
});

export const groupId = earlyBirds.id;
export const groupTitle = earlyBirds.title;
export const mainListId = main.id;
export const campaignId = news.id;
export const webhookId = earlyJoins.id;
