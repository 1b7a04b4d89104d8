import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

// The lines of test/e2e/dialects.test.ts, one `case` at a time.
const config = new pulumi.Config();
const which = config.get("case") ?? "none";

const outputs: Record<string, pulumi.Input<string>> = {};
if (which === "tag") outputs.tag = sender.getTagOutput({ name: "Newsleter" }).id;
if (which === "schedule") {
  const campaign = new sender.Campaign("late", {
    title: "Dialects late",
    subject: "Too late",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<p>Late</p>",
  });
  outputs.schedule = new sender.CampaignSchedule("when", {
    campaignId: campaign.id,
    scheduleTime: "2020-01-01T00:00:00Z",
  }).id;
}
if (which === "transactional")
  outputs.transactional = new sender.TransactionalCampaign("receipt", {
    title: "Dialects receipt",
    subject: "Your receipt",
    from: "Example News",
    replyTo: "news@example.com",
    editor: "html",
    content: "<p>Thanks</p>",
  }).id;
if (which === "sent")
  outputs.sent = new sender.Campaign("launch", {
    adoptId: "snt001",
    title: "Launch announcement",
    subject: "We have launched again",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<p>Again</p>",
  }).id;

export const ids = outputs;
