// A group made by title and one found by name (issue 58): the campaign's groups and the webhook's
// relationId take their ids. Stack config renames the group and sets its delete opt-in.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const config = new pulumi.Config();
const deleteEvenIfUsed = config.getBoolean("deleteEvenIfUsed");
const early = new sender.Group("early-birds", {
  title: config.get("groupTitle") ?? "Early birds",
  ...(deleteEvenIfUsed === undefined ? {} : { deleteEvenIfUsed }),
});
const main = sender.getGroupOutput({ name: "Main list" });

const news = new sender.Campaign("news", {
  title: "Early news",
  subject: "For the early birds",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Hello</p>",
  groups: [early.id, main.id],
});

const joins = new sender.Webhook("early-joins", {
  url: "https://hooks.example.com/sender/early-birds",
  topic: "groups/new-subscriber",
  relationId: early.id,
});

export const groupId = early.id;
export const groupTitle = early.title;
export const mainListId = main.id;
export const campaignId = news.id;
export const webhookId = joins.id;
