import { describe, expect, test } from "vitest";
import type { Account, AccountObject } from "../../../provider/adopt/account";
import { titlePattern } from "../../../provider/adopt/account";
import { MutationRefused, readOnlyClient } from "../../../provider/adopt/read-only";
import { importFile, nameObjects, program, slug } from "../../../provider/adopt/render";
import { SenderClient } from "../../../provider/client";

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
      ["delete", "delete_"],
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

describe("filters and the read-only client", () => {
  test("a title pattern: * and ?, any case, the whole title", () => {
    expect(
      ["Spring sale", "spring", "Autumn spring sale", "Sprint"].filter((t) =>
        titlePattern("spr?ng*").test(t),
      ),
    ).toEqual(["Spring sale", "spring"]);
  });

  test("the client refuses every method but get*, list* and iterate* before sending", () => {
    const client = readOnlyClient(new SenderClient({ baseUrl: "http://127.0.0.1:9", apiToken: "t" }));
    expect(() => client.deleteCampaigns(["c1"])).toThrow(MutationRefused);
    expect(() => client.createWebhook({ url: "https://x.example", topic: "bounces/new" })).toThrow(
      "pulumi-sender adopt sends no mutating request, and refused createWebhook",
    );
    expect(client.baseUrl).toBe("http://127.0.0.1:9");
  });
});
