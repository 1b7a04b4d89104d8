// The Terraform door speaks Terraform: no schema description and no page of docs/terraform/ keeps a
// word that only Pulumi's docs mean (provider/terraform/words.ts translates the core's).
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { type TfBlock, terraformSchema } from "../../../provider/terraform/schema";
import { ROOT } from "../../support/root";

/**
 * Words of Pulumi's alone: the engine and its commands, the stack and its nonce, URNs, the program,
 * previews, Outputs, functions called as `getTag(...)`, `{@link …}` of TSDoc, kinds in PascalCase
 * (`CampaignProof`) and camelCase names (`tagIds`, `sendToAll`), which Terraform spells
 * `sender_campaign_proof` and `tag_ids`.
 */
const PULUMI_ONLY =
  /\b(pulumi|stacks?|StackNonce|nonce|URNs?|program|previews?|dynamic resources?|policy pack|ComponentResource)\b|\bOutputs?\b|\bget[A-Z]\w*|\{@link|`up`|\b(Campaign|Transactional)[A-Z]\w*|\b[a-z][a-z0-9]*[A-Z]\w*\b/gi;

/**
 * What may stay, taken out before the check, each not Pulumi's:
 * - `pulumi-sender`, the project's name and the source address's namespace (`pulumi-sender/sender`);
 * - Sender's API paths (`GET /v2/imageFolders`, `/v2/campaigns/{id}/preview`, `/plain_preview`),
 *   spelt as the service spells them;
 * - "Preview text", the email's preheader as inboxes show it, and the `sender_campaign_preview` data
 *   source, which renders a campaign's content;
 * - "Summer preview", a campaign title of the proof's example, which test/e2e/terraform-mirror.test.ts
 *   finds in the emulator.
 */
const ALLOWED =
  /pulumi-sender|`(GET|POST|PATCH|DELETE) \/v2\/[^`]*`|\(`\/plain_preview`\)|Preview text|sender_campaign_preview|campaign_preview\.md|Summer preview/g;

/** The Pulumi-only words of `text`, case as written. */
const pulumiWords = (text: string): string[] =>
  text.replace(ALLOWED, "").match(new RegExp(PULUMI_ONLY.source, "g")) ?? [];

/** Every description of a block: its own and its attributes', each named. */
function descriptions(where: string, block: TfBlock): [string, string][] {
  return [
    [where, block.description],
    ...block.attributes.map((a): [string, string] => [`${where}.${a.name}`, a.description]),
  ];
}

describe("Terraform's words", () => {
  it("the check finds each kind of Pulumi-only word, and leaves the allowed ones", () => {
    expect(
      pulumiWords(
        "Kept in the stack's state; at preview; `pulumi up`; an Output of getTag; {@link getTag}; a CampaignProof's tagIds.",
      ),
    ).toEqual([
      "stack",
      "preview",
      "pulumi",
      "Output",
      "getTag",
      "{@link",
      "getTag",
      "CampaignProof",
      "tagIds",
    ]);
    expect(
      pulumiWords(
        "pulumi-sender/sender; `GET /v2/imageFolders`; Preview text; the sender_campaign_preview data source.",
      ),
    ).toEqual([]);
  });

  it("no description of the schema has a Pulumi-only word", () => {
    const schema = terraformSchema();
    const all = [
      ...descriptions("provider", schema.provider),
      ...Object.entries(schema.resources).flatMap(([name, r]) => descriptions(name, r.block)),
      ...Object.entries(schema.dataSources).flatMap(([name, d]) => descriptions(name, d.block)),
    ];
    expect(all.length).toBeGreaterThan(100);
    expect(
      all
        .filter(([, text]) => pulumiWords(text).length > 0)
        .map(([where, text]) => [where, pulumiWords(text)]),
    ).toEqual([]);
  });

  it("no page of docs/terraform/ has a Pulumi-only word", () => {
    const dir = path.join(ROOT, "docs/terraform");
    const pages = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md"));
    // index, a guide, 9 resources, 26 data sources and two functions (content_hash, content_report).
    expect(pages.length).toBe(39);
    expect(
      pages
        .map((page) => [page, pulumiWords(fs.readFileSync(path.join(dir, page), "utf8"))] as const)
        .filter(([, words]) => words.length > 0),
    ).toEqual([]);
  });
});
