// Campaigns as YAML files in Git: each campaigns/<name>.yaml becomes a Campaign, its targeting,
// when it lists `proof:` addresses a CampaignProof to them, and, when it names a time, its schedule. Pull requests get a review report (`npm run review`),
// main applies, and a nightly job checks for drift (`npm run drift`). See README.md.
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";
import { loadCampaigns } from "./campaigns";

const config = new pulumi.Config();
const dir = path.join(__dirname, config.get("campaignsDir") ?? "campaigns");
// The review report shows schedules in this time zone too; a wrong name fails here, not in review.
const timeZone = config.get("timeZone");
if (timeZone !== undefined) {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
  } catch {
    throw new Error(
      `gitops:timeZone ${JSON.stringify(timeZone)} is not an IANA time zone (e.g. Europe/Paris)`,
    );
  }
}

export const campaigns: Record<string, pulumi.Output<string>> = {};

for (const file of loadCampaigns(dir)) {
  const campaign = new sender.Campaign(
    file.name,
    {
      title: file.title,
      subject: file.subject,
      from: file.from,
      replyTo: file.replyTo,
      contentType: file.contentType,
      content: file.content,
      ...(file.preheader !== undefined ? { preheader: file.preheader } : {}),
    },
    { protect: file.protect },
  );
  const targeting = new sender.CampaignTargeting(`${file.name}-targeting`, {
    campaignId: campaign.id,
    ...file.targeting,
  });
  // The proof follows the campaign's contentHash, so the review's preview shows who receives it.
  const proof = file.proof
    ? new sender.CampaignProof(`${file.name}-proof`, {
        campaignId: campaign.id,
        addresses: file.proof,
        contentHash: campaign.contentHash,
      })
    : undefined;
  if (file.scheduleTime) {
    new sender.CampaignSchedule(
      `${file.name}-schedule`,
      { campaignId: campaign.id, scheduleTime: file.scheduleTime },
      // The proof goes out before the schedule is applied.
      { dependsOn: proof ? [targeting, proof] : [targeting] },
    );
  }
  campaigns[file.name] = campaign.id;
}
