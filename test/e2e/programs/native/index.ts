// The quickstart's stack on the generated Node.js SDK (sdks/nodejs) and the native plugin: every
// resource kind and two functions, served by `pulumi-resource-sender`.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const config = new pulumi.Config();

const welcome = new sender.Campaign("welcome", {
  title: "Welcome series",
  subject: config.get("subject") ?? "Welcome to Example News",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<h1>Welcome!</h1>",
  groups: ["grp001"],
});

const targeting = new sender.CampaignTargeting("welcome-audience", {
  campaignId: welcome.id,
  tagIds: config.getObject<string[]>("tagIds") ?? ["tag001", "tag002"],
  excludedTagIds: ["tag004"],
});

const followUp = new sender.CampaignFollowUp("welcome-nudge", {
  campaignId: welcome.id,
  subject: config.get("followUpSubject") ?? "Did you miss our welcome?",
  delayHours: 48,
});

// A test send to the editors, before the schedule.
const proof = new sender.CampaignProof("welcome-proof", {
  campaignId: welcome.id,
  addresses: ["editor@example.com"],
  contentHash: welcome.contentHash,
});

const schedule = new sender.CampaignSchedule(
  "welcome-send",
  { campaignId: welcome.id, scheduleTime: config.get("scheduleTime") ?? "2030-01-15T09:00:00+01:00" },
  { dependsOn: [targeting, followUp, proof] },
);

const guide = new sender.Attachment("welcome-guide", {
  campaignId: welcome.id,
  url: "https://example.com/files/welcome-guide.pdf",
});

// No title: the plugin autonames it from the URN (sdk/autoname.ts).
const reset = new sender.TransactionalCampaign("password-reset", {
  subject: "Reset your password",
  from: "Example News",
  replyTo: "news@example.com",
  editor: "html",
  content: "<p>Reset it here.</p>",
});

const hook = new sender.Webhook("new-subscriber", {
  url: "https://hooks.example.com/sender/new-subscriber",
  topic: "groups/new-subscriber",
  relationId: "grp001",
});

const earlyBirds = new sender.Group("early-birds", { title: "Early birds" });

export const campaignId = welcome.id;
export const proofedHash = proof.proofedHash;
export const campaignSubject = welcome.subject;
export const campaignStatus = schedule.status;
export const scheduledFor = schedule.scheduleTimeUtc;
export const attachmentFile = guide.fileName;
export const transactionalId = reset.id;
export const webhookStatus = hook.status;
export const groupTitle = earlyBirds.title;
export const planNames = sender.getPlansOutput().apply((p) => p.plans.map((plan) => plan.name));
export const professional = sender.getPlanOutput({ planId: 3 }).apply((p) => p.name);
export const seededSubject = sender.getCampaignOutput({ id: "snt001" }).subject;
export const seededOpenRate = sender.getCampaignReportOutput({ id: "snt001" }).openRate;
export const transactionalSubject = sender.getTransactionalCampaignOutput({ id: reset.id }).subject;
