// The Terraform door speaks Terraform: no schema description and no page of docs/terraform/ keeps a
// word that only Pulumi's docs mean (provider/terraform/words.ts translates the core's).
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { type TfBlock, terraformSchema } from "../../../provider/terraform/schema";
import { terraformMessage, terraformWords } from "../../../provider/terraform/words";
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

  it("translates the core's phrases mechanically", () => {
    expect(
      terraformWords(
        "Refused at preview; a preview sends nothing and says who `up` will send to. Kept in the stack's state; a campaign that leaves the stack; `pulumi destroy`; `CampaignTargeting`'s `tagIds`, as {@link getTag} finds a tag: `tagIds: [vip.id]`.",
      ),
    ).toBe(
      "Refused at plan; a plan sends nothing and says who `apply` will send to. Kept in the state; a campaign that leaves the configuration; `destroy`; `sender_campaign_targeting`'s `tag_ids`, as the `sender_tag` data source finds a tag: `tag_ids = [data.sender_tag.vip.id]`.",
    );
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
    expect(pages.length).toBe(31);
    expect(
      pages
        .map((page) => [page, pulumiWords(fs.readFileSync(path.join(dir, page), "utf8"))] as const)
        .filter(([, words]) => words.length > 0),
    ).toEqual([]);
  });
});

/** Lines of the core as it writes them, and as the Terraform door shows them. */
const MESSAGES: readonly [string, string][] = [
  [
    "note: Campaign 17 was made by an earlier run that did not record it (a lost answer, an interrupted up) and carries this resource's mark: reclaimed, not made again. If that run left pending CREATE operations, `pulumi refresh --clear-pending-creates --yes` clears them (docs/reliability.md).",
    "note: Campaign 17 was made by an earlier run that did not record it (a lost answer, an interrupted up) and carries this resource's mark: reclaimed, not made again.",
  ],
  [
    "POST /v2/campaigns failed with 503. The service may have made the campaign anyway: no such object turned up in the look-ups that followed. Running `pulumi up` again reclaims it if it exists, as it carries this resource's mark.",
    "POST /v2/campaigns failed with 503. The service may have made the campaign anyway: no such object turned up in the look-ups that followed. Running `apply` again reclaims it if it exists, as it carries this resource's mark.",
  ],
  [
    "The campaign no longer exists in Sender: run `pulumi refresh` to drop it from the stack, then `pulumi up` to make it again",
    "The campaign no longer exists in Sender: run `apply -refresh-only` to drop it from the state, then `apply` to make it again",
  ],
  [
    'if it is this resource\'s, set `adoptId: "wh1"` on it; otherwise delete it in Sender and run `pulumi up` again',
    'if it is this resource\'s, set `adopt_id = "wh1"` on it; otherwise delete it in Sender and run `apply` again',
  ],
  [
    "set `deleteEvenIfSent: true` on it and run `pulumi up` before removing it.",
    "set `delete_even_if_sent = true` on it and run `apply` before removing it.",
  ],
  [
    "Replace the webhook instead (`pulumi up --replace` with its URN).",
    "Replace the webhook instead (`apply -replace=<its address>`).",
  ],
];

describe("the core's error and notice lines under Terraform", () => {
  it("name Terraform's commands and spell inputs as HCL does", () => {
    for (const [core, terraform] of MESSAGES) expect(terraformMessage(core)).toBe(terraform);
  });

  it("leave no `pulumi …` command in any line the core's kinds and promises write", () => {
    // Every backticked Pulumi command in the sources' string literals: comments and docs (`doc:`,
    // which the schema's wording layer above translates) aside, and config's `pulumi config set`
    // too, since the door words configuration errors itself, naming the provider block.
    const files = ["provider/core", "provider/kinds"].flatMap((dir) =>
      fs
        .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".generated.ts"))
        .map((f) => path.join(ROOT, dir, f)),
    );
    const commands = new Set<string>();
    for (const file of files)
      for (const line of fs.readFileSync(file, "utf8").split("\n")) {
        if (/^\s*(\/\*|\*|\/\/)|^\s*doc:/.test(line)) continue;
        for (const m of line.matchAll(/\\?`pulumi (?!config )[^`\\]*\\?`/g))
          commands.add(m[0].replace(/\\/g, ""));
      }
    expect([...commands].sort()).toEqual([
      "`pulumi refresh --clear-pending-creates --yes`",
      "`pulumi refresh`",
      "`pulumi up --replace`",
      "`pulumi up`",
    ]);
    // Each is in a line above, whose translation names no Pulumi command.
    for (const command of commands) expect(MESSAGES.some(([core]) => core.includes(command))).toBe(true);
    for (const [, terraform] of MESSAGES) expect(terraform).not.toMatch(/pulumi/);
  });
});
