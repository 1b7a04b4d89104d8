// A campaign with its audience and schedule, and a webhook: compliant with every rule of the policy
// pack as long as `sendAt` is far enough ahead. `violations: true` adds a scheduled campaign with no
// targeting whose replies go to example.com; `httpWebhook: true` a webhook over http, apart,
// because the provider's own check refuses it too and a failed check ends the preview before the
// stack rules run. Every scheduled campaign has a proof that follows its content
// (schedule-needs-proof), unless `noProof: true` leaves out welcome's; `content` replaces welcome's body.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const config = new pulumi.Config();
// With its unsubscribe link: the pack's content-checks has nothing to say of it.
const email = {
  from: "Example News",
  contentType: "html",
  content: '<p>Hello</p><p><a href="https://example.com/unsubscribe">Unsubscribe</a></p>',
} as const;

const welcome = new sender.Campaign("welcome", {
  ...email,
  // `content`: a body of the test's (what the pack's content-checks judges).
  content: config.get("content") ?? email.content,
  title: "Welcome",
  subject: "Welcome to Example News",
  // The service takes only verified domains (the emulator: example.com); a preview-only test keeps the
  // default, which the pack's sender-domain rule is set to allow.
  replyTo: config.get("replyTo") ?? "news@example.org",
});
const audience = new sender.CampaignTargeting("welcome-audience", {
  campaignId: welcome.id,
  tagIds: ["tag001"],
});
const proof = config.getBoolean("noProof")
  ? undefined
  : new sender.CampaignProof("welcome-proof", {
      campaignId: welcome.id,
      addresses: ["editor@example.org"],
      contentHash: welcome.contentHash,
    });
new sender.CampaignSchedule(
  "welcome-send",
  { campaignId: welcome.id, scheduleTime: config.require("sendAt") },
  { dependsOn: proof ? [audience, proof] : [audience] },
);
new sender.Webhook("new-subscribers", { url: "https://hooks.example.org/sender", topic: "subscribers/new" });

if (config.getBoolean("violations")) {
  const promo = new sender.Campaign("promo", {
    ...email,
    title: "Promo",
    subject: "A promotion",
    replyTo: "news@example.com",
  });
  new sender.CampaignProof("promo-proof", {
    campaignId: promo.id,
    addresses: ["editor@example.org"],
    contentHash: promo.contentHash,
  });
  new sender.CampaignSchedule("promo-send", { campaignId: promo.id, scheduleTime: config.require("sendAt") });
}
if (config.getBoolean("httpWebhook")) {
  new sender.Webhook("plain-hook", { url: "http://hooks.example.org/sender", topic: "subscribers/updated" });
}
