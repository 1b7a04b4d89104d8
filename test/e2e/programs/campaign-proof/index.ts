import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

// A campaign and its proof to two addresses; `subject` is config so that a test can change it, and
// `sentProof: true` adds a proof of the seeded sent campaign, which the preview must refuse.
const config = new pulumi.Config();
const campaign = new sender.Campaign("proofed", {
  title: "Proofed campaign",
  subject: config.get("subject") ?? "Spring is here",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Hello</p>",
});
const proof = new sender.CampaignProof("proofed-proof", {
  campaignId: campaign.id,
  addresses: ["editor@example.com", "legal@example.com"],
});
if (config.getBoolean("sentProof")) {
  new sender.CampaignProof("sent-proof", { campaignId: "snt001", addresses: ["editor@example.com"] });
}

export const campaignId = campaign.id;
export const contentHash = campaign.contentHash;
export const proofedHash = proof.proofedHash;
