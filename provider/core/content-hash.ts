/**
 * The hash of what a proof shows: a campaign's subject and content as the service holds them.
 * Campaign's `contentHash` output and CampaignProof's `proofedHash` are both this function of the
 * service's record, so that `contentHash: campaign.contentHash` compares with what was proofed.
 */
import { createHash } from "node:crypto";
import type * as api from "../client/schemas";

/** The hex SHA-256 of the subject and the content, as a JSON pair (no separator can be forged). */
export function contentHashOf(subject: string, content: string): string {
  return createHash("sha256")
    .update(JSON.stringify([subject, content]))
    .digest("hex");
}

/** The {@link contentHashOf} of a campaign record: its `subject` and `html.html_content` ("" when absent). */
export function campaignContentHash(campaign: api.Campaign): string {
  return contentHashOf(campaign.subject, campaign.html?.html_content ?? "");
}
