// A doc is written once, its engine words as tags; each door spells them (provider/words/doc.ts).
import { describe, expect, it } from "vitest";
import { PULUMI_WORDS } from "../../../provider/pulumi/words";
import { TERRAFORM_WORDS } from "../../../provider/terraform/words";
import { CORE_WORDS } from "../../../provider/words";
import { spellDoc } from "../../../provider/words/doc";

const DOC =
  "Refused at {@preview}; a {@preview} sends nothing and says who `{@apply}` will send to, and {@preview}s are clean after it. " +
  "Kept in {@state}; a campaign that leaves the {@declared} is dropped from the {@recorded}; {@command destroy}, {@command up}, " +
  "{@command upSkippingPreview}, {@command import}, {@command refresh}, {@command replace}. " +
  "`CampaignTargeting`'s `tagIds`, as {@link getTag} finds a tag: `{@lookupUse tagIds tag vip}`; a CampaignProof's sendToAll; " +
  "a `Campaign`, never a Campaign in prose; `contentHash: campaign.contentHash`.";

describe("a doc in each door's words", () => {
  it("Pulumi's: the tags as its programs and CLI say them, every name kept", () => {
    expect(spellDoc(DOC, PULUMI_WORDS)).toBe(
      "Refused at preview; a preview sends nothing and says who `up` will send to, and previews are clean after it. " +
        "Kept in the stack's state; a campaign that leaves the stack is dropped from the stack; `pulumi destroy`, `pulumi up`, " +
        "`pulumi up --skip-preview`, `pulumi import`, `pulumi refresh`, `pulumi up --replace` with its URN. " +
        "`CampaignTargeting`'s `tagIds`, as {@link getTag} finds a tag: `tagIds: [vip.id]`; a CampaignProof's sendToAll; " +
        "a `Campaign`, never a Campaign in prose; `contentHash: campaign.contentHash`.",
    );
  });

  it("Terraform's: its commands and places, resource types, snake_case, data sources", () => {
    expect(spellDoc(DOC, TERRAFORM_WORDS)).toBe(
      "Refused at plan; a plan sends nothing and says who `apply` will send to, and plans are clean after it. " +
        "Kept in the state; a campaign that leaves the configuration is dropped from the state; `destroy`, `apply`, " +
        "`apply`, `import`, `apply -refresh-only`, `apply -replace=<its address>`. " +
        "`sender_campaign_targeting`'s `tag_ids`, as the `sender_tag` data source finds a tag: `tag_ids = [data.sender_tag.vip.id]`; a `sender_campaign_proof`'s send_to_all; " +
        "a `sender_campaign`, never a Campaign in prose; `content_hash: campaign.content_hash`.",
    );
  });

  it("a doc without tags is itself in Pulumi's words and the core's", () => {
    const plain = "Subject line of the email, at most 255 characters (`subject`).";
    expect(spellDoc(plain, PULUMI_WORDS)).toBe(plain);
    expect(spellDoc(plain, CORE_WORDS)).toBe(plain);
  });

  it("an unknown tag is its author's mistake, named", () => {
    expect(() => spellDoc("a {@stak} here", PULUMI_WORDS)).toThrow("a doc names an unknown tag {@stak}");
  });
});
