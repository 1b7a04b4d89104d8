// Every pulumi-sender resource in one stack: a campaign with its targeting, follow-up, schedule and
// attachment, a transactional campaign and a webhook; plus two reads: the plans and a subscriber's events.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const config = new pulumi.Config();
// Production stacks protect the campaigns that matter: `pulumi config set protectCampaigns true`.
const protect = config.getBoolean("protectCampaigns") ?? false;

const welcome = new sender.Campaign(
  "welcome",
  {
    title: config.get("campaignTitle") ?? "Welcome series",
    subject: config.get("subject") ?? "Welcome to Example News",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content:
      "<h1>Welcome!</h1><p>Thanks for joining Example News.</p><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>",
    preheader: "Your first issue is inside",
  },
  { protect },
);

// The audience by the names the dashboard shows: each lookup fails with one line naming the close
// names when no tag has that exact name.
const tag = (name: string) => sender.getTagOutput({ name }).id;
const targeting = new sender.CampaignTargeting("welcome-audience", {
  campaignId: welcome.id,
  tagIds: [tag("Customers"), tag("Newsletter")],
  excludedTagIds: [tag("Churned")],
});

const followUp = new sender.CampaignFollowUp("welcome-nudge", {
  campaignId: welcome.id,
  subject: "Did you miss our welcome?",
  delayHours: 48,
});

const schedule = new sender.CampaignSchedule(
  "welcome-send",
  { campaignId: welcome.id, scheduleTime: config.get("scheduleTime") ?? "2030-01-15T09:00:00+01:00" },
  // Schedule only once the audience and the follow-up are in place.
  { dependsOn: [targeting, followUp] },
);

const guide = new sender.Attachment("welcome-guide", {
  campaignId: welcome.id,
  url: "https://example.com/files/welcome-guide.pdf",
});

const passwordReset = new sender.TransactionalCampaign("password-reset", {
  title: "Password reset",
  subject: config.get("resetSubject") ?? "Reset your password",
  from: "Example News",
  replyTo: "news@example.com",
  editor: "html",
  content:
    config.get("resetContent") ?? "<p>Click <a href='{{reset_url}}'>here</a> to reset your password.</p>",
});

// The group by the title the dashboard shows, as the tags above.
const mainList = sender.getGroupOutput({ name: config.get("groupName") ?? "Main list" });
const newSubscriberHook = new sender.Webhook("new-subscriber", {
  url: config.get("hookUrl") ?? "https://hooks.example.com/sender/new-subscriber",
  topic: "groups/new-subscriber",
  relationId: mainList.id,
});

const plans = sender.getPlansOutput({});
const events = sender.getSubscriberEventsOutput({
  identifier: "subscriber1@example.com",
  actions: ["opened", "clicked"],
});

export const campaignId = welcome.id;
export const campaignStatus = schedule.status;
export const scheduledFor = schedule.scheduleTimeUtc;
export const attachmentFile = guide.fileName;
export const transactionalId = passwordReset.id;
export const webhookId = newSubscriberHook.id;
export const webhookStatus = newSubscriberHook.status;
export const planNames = plans.apply((p) => p.plans.map((plan) => plan.name));
export const subscriberOpens = events.apply((e) => e.events.opened?.length ?? 0);
