// Every campaign body the project ships and that can be read without an engine passes the
// project's own content checks (docs/content-checks.md) with no finding at all, advisory ones
// included: the YAML programs of examples/ and templates/, the GitOps example's campaign files,
// the kinds' samples (which write docs/resources.md, the Terraform docs and examples) and the HCL of
// examples/terraform and templates/terraform. The TypeScript quick start and templates are held by
// test/e2e/quickstart.test.ts and templates.test.ts, which preview them under the default.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { checkContent } from "../../provider/core/content-checks";
import { type ContentKind, contentToCheck } from "../../provider/core/content-in-check";
import { CAMPAIGN_CONTENT } from "../../provider/kinds/campaign/campaign";
import { RESOURCE_KINDS, registry } from "../../provider/kinds/registry";
import { TRANSACTIONAL_CONTENT } from "../../provider/kinds/transactional-campaign/transactional-campaign";
import { ROOT } from "../support/root";

/** The kinds that carry a body, by the names each spelling gives them. */
const BY_KIND: Record<string, ContentKind> = {
  Campaign: CAMPAIGN_CONTENT,
  TransactionalCampaign: TRANSACTIONAL_CONTENT,
};
const BY_YAML_TYPE: Record<string, ContentKind> = {
  "sender:index:Campaign": CAMPAIGN_CONTENT,
  "sender:index:TransactionalCampaign": TRANSACTIONAL_CONTENT,
};
const BY_TERRAFORM_TYPE: Record<string, ContentKind> = {
  sender_campaign: CAMPAIGN_CONTENT,
  sender_transactional_campaign: TRANSACTIONAL_CONTENT,
};

/** One shipped body: where it is, and its kind's inputs as the checks read them. */
interface Shipped {
  readonly where: string;
  readonly kind: ContentKind;
  readonly inputs: Record<string, unknown>;
}

const rel = (file: string) => path.relative(ROOT, file);
const read = (file: string) => fs.readFileSync(file, "utf8");

/** The files named `name` under `dir`, its dependencies aside, sorted. */
function filesNamed(dir: string, test: (name: string) => boolean): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => !file.split(path.sep).includes("node_modules") && test(path.basename(file)))
    .map((file) => path.join(dir, file))
    .sort();
}

/** An input interpolated by the engine (`${subject}`) is not known from the file: left out. */
const literal = (props: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(props).filter(([, v]) => !(typeof v === "string" && v.includes("${"))));

/** The campaigns of a Pulumi YAML program. */
function yamlProgram(file: string): Shipped[] {
  const resources = (
    parse(read(file)) as { resources?: Record<string, { type: string; properties?: object }> }
  ).resources;
  return Object.entries(resources ?? {}).flatMap(([name, resource]) => {
    const kind = BY_YAML_TYPE[resource.type];
    return kind ? [{ where: `${rel(file)} ${name}`, kind, inputs: literal({ ...resource.properties }) }] : [];
  });
}

/** A GitOps campaign file: a Campaign's inputs, html unless it says otherwise (examples/gitops/campaigns.ts). */
function gitopsCampaign(file: string): Shipped {
  const data = parse(read(file)) as Record<string, unknown>;
  return { where: rel(file), kind: CAMPAIGN_CONTENT, inputs: { contentType: "html", ...data } };
}

/** HCL argument names as the kinds spell them. */
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The campaigns of HCL as `tofu fmt` writes it (test/docs/terraform-docs.test.ts reads it the same
 * way): each `resource` block of a campaign type and its one-line string arguments. A string with a
 * template (`${`, `%{`) is not known from the file and is left out.
 */
function hcl(text: string, where: string): Shipped[] {
  const found: Shipped[] = [];
  for (const block of text.matchAll(/^resource "([^"]+)" "([^"]+)" \{\n([\s\S]*?)^\}/gm)) {
    const kind = BY_TERRAFORM_TYPE[block[1] as string];
    if (!kind) continue;
    const inputs: Record<string, unknown> = {};
    for (const arg of (block[3] as string).matchAll(/^ {2}([a-z_]+)\s*=\s*("(?:[^"\\]|\\.)*")\s*$/gm)) {
      const value = JSON.parse(arg[2] as string) as string;
      if (!/[$%]\{/.test(value)) inputs[camel(arg[1] as string)] = value;
    }
    found.push({ where: `${where} ${block[1]}.${block[2]}`, kind, inputs });
  }
  return found;
}

/** The campaigns of a TypeScript sample: each `new sender.<Kind>("name", { … })` and its string properties. */
function typescript(text: string, where: string): Shipped[] {
  const found: Shipped[] = [];
  for (const call of text.matchAll(/new sender\.(\w+)\(\s*"([^"]+)",\s*\{\n([\s\S]*?)\n\s*\}/g)) {
    const kind = BY_KIND[call[1] as string];
    if (!kind) continue;
    const inputs: Record<string, unknown> = {};
    for (const prop of (call[3] as string).matchAll(/^\s*(\w+): ("(?:[^"\\]|\\.)*"),?$/gm))
      inputs[prop[1] as string] = JSON.parse(prop[2] as string);
    found.push({ where: `${where} ${call[1]} ${call[2]}`, kind, inputs });
  }
  return found;
}

const shipped: Shipped[] = [
  ...[
    ...filesNamed(path.join(ROOT, "examples"), (name) => name === "Pulumi.yaml"),
    path.join(ROOT, "templates/yaml/Pulumi.yaml"),
  ].flatMap(yamlProgram),
  ...filesNamed(path.join(ROOT, "examples/gitops/campaigns"), (name) => name.endsWith(".yaml")).map(
    gitopsCampaign,
  ),
  ...RESOURCE_KINDS.flatMap((kind) => {
    const { sample } = registry[kind];
    return [
      ...typescript(sample.reference.typescript ?? "", `${kind}'s sample.reference`),
      ...hcl(sample.terraform, `${kind}'s sample.terraform`),
    ];
  }),
  ...[
    ...filesNamed(path.join(ROOT, "examples/terraform"), (name) => name.endsWith(".tf")),
    ...filesNamed(path.join(ROOT, "templates/terraform"), (name) => name.endsWith(".tf")),
  ].flatMap((file) => hcl(read(file), rel(file))),
];

describe("the shipped campaigns pass their own content checks", () => {
  test("every body found, by where it is, its content and format known", () => {
    expect(shipped.map((s) => s.where)).toEqual([
      "examples/registry/campaign-proof/Pulumi.yaml launch",
      "examples/registry/campaign/Pulumi.yaml welcome",
      "examples/registry/transactional-campaign/Pulumi.yaml passwordReset",
      "examples/yaml/Pulumi.yaml welcome",
      "examples/yaml/Pulumi.yaml digest",
      "templates/yaml/Pulumi.yaml welcome",
      "examples/gitops/campaigns/black-friday.yaml",
      "examples/gitops/campaigns/monthly-newsletter.yaml",
      "Campaign's sample.reference Campaign welcome",
      "Campaign's sample.terraform sender_campaign.welcome",
      "CampaignTargeting's sample.terraform sender_campaign.spring",
      "CampaignFollowUp's sample.terraform sender_campaign.launch",
      "CampaignSchedule's sample.terraform sender_campaign.january",
      "CampaignProof's sample.terraform sender_campaign.summer",
      "Attachment's sample.terraform sender_campaign.guide",
      "TransactionalCampaign's sample.reference TransactionalCampaign password-reset",
      "TransactionalCampaign's sample.terraform sender_transactional_campaign.password_reset",
      "examples/terraform/resources/sender_attachment/resource.tf sender_campaign.guide",
      "examples/terraform/resources/sender_campaign/resource.tf sender_campaign.welcome",
      "examples/terraform/resources/sender_campaign_follow_up/resource.tf sender_campaign.launch",
      "examples/terraform/resources/sender_campaign_proof/resource.tf sender_campaign.summer",
      "examples/terraform/resources/sender_campaign_schedule/resource.tf sender_campaign.january",
      "examples/terraform/resources/sender_campaign_targeting/resource.tf sender_campaign.spring",
      "examples/terraform/resources/sender_transactional_campaign/resource.tf sender_transactional_campaign.password_reset",
      "templates/terraform/main.tf sender_campaign.welcome",
    ]);
    const unread = shipped.filter(
      ({ kind, inputs }) =>
        typeof inputs.content !== "string" || typeof inputs[kind.formatField] !== "string",
    );
    expect(unread.map((s) => s.where)).toEqual([]);
  });

  test("no finding, advisory or not, on any of them", () => {
    const findings = shipped.flatMap(({ where, kind, inputs }) =>
      checkContent(contentToCheck(kind, inputs)).map((f) => `${where}: ${f.message}`),
    );
    expect(findings).toEqual([]);
  });
});
