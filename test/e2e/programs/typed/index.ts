// Every resource class and the data sources' two forms, as a user writes them, for `tsc -p .` under
// a default strict tsconfig without skipLibCheck: the package's declarations must compile as shipped.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const welcome = new sender.Campaign("welcome", {
  title: "Welcome series",
  subject: "Welcome to Example News",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<h1>Welcome!</h1>",
});
const targeting = new sender.CampaignTargeting("welcome-audience", {
  campaignId: welcome.id,
  tagIds: ["tag001"],
});
const followUp = new sender.CampaignFollowUp("welcome-nudge", {
  campaignId: welcome.id,
  subject: "Did you miss our welcome?",
  delayHours: 48,
});
const schedule = new sender.CampaignSchedule(
  "welcome-send",
  { campaignId: welcome.id, scheduleTime: "2030-01-15T09:00:00+01:00" },
  { dependsOn: [targeting, followUp] },
);
const guide = new sender.Attachment("welcome-guide", {
  campaignId: welcome.id,
  url: "https://example.com/files/welcome-guide.pdf",
});
const reset = new sender.TransactionalCampaign("password-reset", {
  title: "Password reset",
  subject: "Reset your password",
  from: "Example News",
  replyTo: "news@example.com",
  editor: "html",
  content: "<p>Reset</p>",
});
const hook = new sender.Webhook("new-subscriber", {
  url: "https://hooks.example.com/sender",
  topic: "groups/new-subscriber",
  relationId: "grp001",
});
const seeded = sender.Campaign.get("seeded", "snt001");

export const status: pulumi.Output<string> = schedule.status;
export const fileName = guide.fileName;
export const ids = pulumi.all([welcome.id, reset.id, hook.id, seeded.id]);
export const isCampaign: boolean = sender.Campaign.isInstance(seeded);
export const planNames = sender.getPlansOutput().plans.apply((plans) => plans.map((plan) => plan.name));
export const seededSubject = sender.getCampaign({ id: "snt001" }).then((campaign) => campaign.subject);
