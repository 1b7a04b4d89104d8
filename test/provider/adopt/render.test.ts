import { describe, expect, test } from "vitest";
import type { Account, AccountObject } from "../../../provider/adopt/account";
import { titlePattern } from "../../../provider/adopt/account";
import { adoptClient, inAdoptTerms, MutationRefused } from "../../../provider/adopt/client";
import {
  identifierOf,
  importBlocks,
  importFile,
  mayHoldSecret,
  nameObjects,
  program,
  secretInputs,
  secretsScript,
  slug,
  terraformName,
} from "../../../provider/adopt/render";
import { SenderReadOnlyError } from "../../../provider/client";
import { readSettings } from "../../../provider/core/config";

const campaign = (id: string, label: string, status = "DRAFT"): AccountObject => ({
  kind: "Campaign",
  id,
  label,
  status,
  inputs: { subject: `About ${label}`, title: label },
});

describe("names", () => {
  test.each([
    ["Spring Sale 2026!", "spring-sale-2026"],
    ["Crème brûlée – été", "creme-brulee-ete"],
    ["***", ""],
    ["a".repeat(60), "a".repeat(48)],
  ])("slug(%j) is %j", (text, expected) => {
    expect(slug(text)).toBe(expected);
  });

  test("a shared title carries each object's id; parts take their campaign's name; identifiers are valid and unique", () => {
    const account: Account = {
      objects: [
        campaign("c1", "Spring"),
        {
          kind: "CampaignTargeting",
          id: "c1",
          label: "targeting",
          campaignId: "c1",
          inputs: { sendToAll: true },
        },
        campaign("c2", "Spring"),
        campaign("c3", "Spring targeting"),
        campaign("c4", "2026 plan"),
        campaign("c5", "Delete"),
        campaign("c6", "!!!"),
        { kind: "Webhook", id: "w1", label: "webhook bounces/new", inputs: { url: "https://x.example/h" } },
      ],
    };
    expect(nameObjects(account).map((o) => [o.name, o.identifier])).toEqual([
      ["spring-c1", "springC1"],
      ["spring-c1-targeting", "springC1Targeting"],
      ["spring-c2", "springC2"],
      ["spring-targeting", "springTargeting"],
      ["2026-plan", "r2026Plan"],
      ["delete-campaign", "deleteCampaign"],
      ["campaign", "campaign"],
      ["webhook-bounces-new", "webhookBouncesNew"],
    ]);
  });

  test("the files: parts under their campaign, referring to it by resource; a sent campaign protected", () => {
    const objects = nameObjects({
      objects: [
        campaign("c1", "Spring", "SENT"),
        {
          kind: "CampaignFollowUp",
          id: "c1",
          label: "follow-up",
          campaignId: "c1",
          inputs: { campaignId: "c1", subject: "Again", delayHours: 48, active: true },
        },
      ],
    });
    expect(JSON.parse(importFile(objects))).toEqual({
      resources: [
        { type: "sender:index:Campaign", name: "spring", id: "c1" },
        { type: "sender:index:CampaignFollowUp", name: "spring-follow-up", id: "c1", parent: "spring" },
      ],
    });
    expect(program(objects, "http://127.0.0.1:4010")).toBe(
      [
        "// Written by `pulumi-sender adopt` from http://127.0.0.1:4010: every object below is adopted (adoptId), not created.",
        "// `pulumi up` reads each one and sends nothing while the arguments match the account.",
        'import * as sender from "pulumi-sender";',
        "",
        'const spring = new sender.Campaign("spring", {',
        '  adoptId: "c1",',
        '  subject: "About Spring",',
        '  title: "Spring",',
        "}, {",
        "  // Sent: its record, reports and history are kept from `pulumi destroy` and replacement; `pulumi state unprotect` lifts it.",
        "  protect: true,",
        "});",
        'new sender.CampaignFollowUp("spring-follow-up", {',
        '  adoptId: "c1",',
        "  campaignId: spring.id,",
        "  active: true,",
        "  delayHours: 48,",
        '  subject: "Again",',
        "}, {",
        "  parent: spring,",
        "});",
        "",
      ].join("\n"),
    );
  });
});

describe("identifiers never clash with the language, the module wrapper or the file", () => {
  test.each([
    ["eval", "eval_"],
    ["arguments", "arguments_"],
    ["exports", "exports_"],
    ["require", "require_"],
    ["module", "module_"],
    ["--filename", "filename"],
    ["pulumi", "pulumi_"],
    ["sender", "sender_"],
    ["config", "config_"],
    ["undefined", "undefined_"],
    ["global-this", "globalThis_"],
    ["let", "let_"],
    ["yield", "yield_"],
    ["await", "await_"],
    ["spring", "spring"],
  ])("the name %j is the identifier %j", (name, identifier) => {
    expect(identifierOf(name)).toBe(identifier);
  });

  test("campaigns titled eval, exports, module, pulumi, sender...: names and identifiers take the kind", () => {
    const titles = [
      "eval",
      "exports",
      "module",
      "pulumi",
      "sender",
      "require",
      "arguments",
      "Config",
      "eval campaign",
    ];
    const named = nameObjects({ objects: titles.map((t, i) => campaign(`c${i}`, t)) });
    expect(named.map((o) => [o.name, o.identifier])).toEqual([
      ["eval-campaign", "evalCampaign"],
      ["exports-campaign", "exportsCampaign"],
      ["module-campaign", "moduleCampaign"],
      ["pulumi-campaign", "pulumiCampaign"],
      ["sender-campaign", "senderCampaign"],
      ["require-campaign", "requireCampaign"],
      ["arguments-campaign", "argumentsCampaign"],
      ["config-campaign", "configCampaign"],
      // The name a reserved one took is taken: the kind again.
      ["eval-campaign-campaign", "evalCampaignCampaign"],
    ]);
  });
});

describe("webhook URLs that may hold a secret", () => {
  test.each([
    ["https://hooks.example.com", false],
    ["https://hooks.example.com/", false],
    ["https://hooks.example.com:8443/", false],
    ["https://hooks.example.com/sender/1", true],
    ["https://hooks.example.com/?secret=abc", true],
    ["https://hooks.example.com/#abc", true],
    ["https://user:pw@hooks.example.com/", true],
    ["not a url", true],
  ])("%j: %j", (url, secret) => {
    expect(mayHoldSecret(url)).toBe(secret);
  });

  test("index.ts reads them from config as secrets, never in clear; the script sets them", () => {
    const objects = nameObjects({
      objects: [
        {
          kind: "Webhook",
          id: "w1",
          label: "webhook bounces/new",
          inputs: { topic: "bounces/new", url: "https://x.example/h?secret=it's" },
        },
        {
          kind: "Webhook",
          id: "w2",
          label: "webhook campaigns/new",
          inputs: { topic: "campaigns/new", url: "https://y.example" },
        },
      ],
    });
    const text = program(objects, "http://127.0.0.1:4010");
    expect(text).toBe(
      [
        "// Written by `pulumi-sender adopt` from http://127.0.0.1:4010: every object below is adopted (adoptId), not created.",
        "// `pulumi up` reads each one and sends nothing while the arguments match the account.",
        "// Webhook URLs with a path or query are secrets read from the stack's config: run `sh config-secrets.sh` (adopt wrote it beside this file) once, with this project's stack selected.",
        'import * as pulumi from "@pulumi/pulumi";',
        'import * as sender from "pulumi-sender";',
        "",
        "const config = new pulumi.Config();",
        "",
        'new sender.Webhook("webhook-bounces-new", {',
        '  adoptId: "w1",',
        '  topic: "bounces/new",',
        '  url: config.requireSecret("webhookBouncesNewUrl"),',
        "});",
        'new sender.Webhook("webhook-campaigns-new", {',
        '  adoptId: "w2",',
        '  topic: "campaigns/new",',
        '  url: "https://y.example",',
        "});",
        "",
      ].join("\n"),
    );
    expect(text).not.toContain("secret=");
    expect(secretsScript(secretInputs(objects))).toBe(
      [
        "#!/bin/sh",
        "# Written by `pulumi-sender adopt`: the webhook URLs index.ts reads from the stack's config as secrets.",
        "# It holds them in clear: run it once in the project, with the stack selected, then delete it; never commit it.",
        "set -e",
        "pulumi config set --secret webhookBouncesNewUrl -- 'https://x.example/h?secret=it'\\''s'",
        "",
      ].join("\n"),
    );
    expect(secretsScript([])).toBeUndefined();
  });
});

describe("filters and the read-only client", () => {
  test("a title pattern: * and ?, any case, the whole title", () => {
    expect(
      ["Spring sale", "spring", "Autumn spring sale", "Sprint"].filter((t) =>
        titlePattern("spr?ng*").test(t),
      ),
    ).toEqual(["Spring sale", "spring"]);
  });

  test("the client refuses every request but a GET before sending, and adopt says so", async () => {
    const client = adoptClient(
      readSettings(
        { get: () => undefined },
        { SENDER_API_TOKEN: "adopt-test-token", SENDER_BASE_URL: "http://127.0.0.1:9" },
      ),
    );
    const deleted = await client.deleteCampaigns(["c1"]).catch((error: unknown) => error);
    expect(SenderReadOnlyError.is(deleted)).toBe(true);
    expect(inAdoptTerms(deleted)).toBeInstanceOf(MutationRefused);
    const created = await client
      .createWebhook({ url: "https://x.example", topic: "bounces/new" })
      .catch((error: unknown) => error);
    expect((inAdoptTerms(created) as Error).message).toBe(
      "pulumi-sender adopt sends no mutating request, and refused POST /v2/account/webhooks",
    );
    expect(client.baseUrl).toBe("http://127.0.0.1:9");
  });
});

describe("--format hcl: imports.tf", () => {
  test("names as resource names: dashes as underscores, a leading digit after `_`", () => {
    expect(["spring-c1-targeting", "2026-plan", "campaign"].map(terraformName)).toEqual([
      "spring_c1_targeting",
      "_2026_plan",
      "campaign",
    ]);
  });

  test("an import block per object, parts by their own ids, a sent campaign's comment, ids escaped for HCL", () => {
    const objects = nameObjects({
      objects: [
        campaign("c1", "Spring", "SENT"),
        {
          kind: "CampaignFollowUp",
          id: "c1",
          label: "follow-up",
          campaignId: "c1",
          inputs: { campaignId: "c1", subject: "Again", delayHours: 48, active: true },
        },
        campaign("c2", "2026 plan"),
        { kind: "Webhook", id: 'w"${1}', label: "webhook", inputs: { url: "https://x.example/secret-path" } },
      ],
    });
    expect(importBlocks(objects, "http://127.0.0.1:4010")).toBe(
      [
        "# Written by `pulumi-sender adopt --format hcl` from http://127.0.0.1:4010: every object below is imported, not created.",
        "# Then: `tofu plan -generate-config-out=generated.tf` (or terraform) writes their resource blocks,",
        "# and `tofu apply` records them in the state, sending nothing while generated.tf matches the account.",
        "",
        "# Sent: the provider keeps its record, reports and history from changes, replacement and destroy (delete_even_if_sent lifts it).",
        "import {",
        "  to = sender_campaign.spring",
        '  id = "c1"',
        "}",
        "",
        "import {",
        "  to = sender_campaign_follow_up.spring_follow_up",
        '  id = "c1"',
        "}",
        "",
        "import {",
        "  to = sender_campaign._2026_plan",
        '  id = "c2"',
        "}",
        "",
        "import {",
        "  to = sender_webhook.webhook",
        '  id = "w\\"$${1}"',
        "}",
        "",
      ].join("\n"),
    );
  });
});
