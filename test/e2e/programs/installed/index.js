// Plain JavaScript, so that the program needs nothing but the two packages under test.
"use strict";
const pulumi = require("@pulumi/pulumi");
const sender = require("pulumi-sender");

const config = new pulumi.Config();

const campaign = new sender.Campaign("installed", {
  title: "Installed",
  subject: config.get("subject") || "From the packed tarball",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Hello</p>",
});

const hook = new sender.Webhook("installed-hook", {
  url: "https://hooks.example.com/installed",
  topic: "campaigns/new",
});

// A campaign the stack reads but never manages: the emulator's seeded, sent one.
const seeded = sender.Campaign.get("seeded", "snt001");

const plans = sender.getPlansOutput({ parent: campaign });

exports.campaignId = campaign.id;
exports.webhookId = hook.id;
exports.seededSubject = seeded.subject;
exports.seededStatus = seeded.status;
exports.isCampaign = [sender.Campaign.isInstance(seeded), sender.Webhook.isInstance(seeded)];
exports.planCount = plans.apply((p) => p.plans.length);
