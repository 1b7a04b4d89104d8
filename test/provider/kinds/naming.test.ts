import { describe, expect, test } from "vitest";
import { instanceMark } from "../../../provider/core/autoname";
import { type GivenNaming, nameOfUrn, namingPlan, resourceNaming } from "../../../provider/kinds/naming";
import type { ResourceKind } from "../../../provider/kinds/registry";

// The naming rule of every door: the same kind, name and nonce give the same title and mark
// whichever door asks, each on the URN its engine gives (the dynamic SDK's `pulumi-nodejs:dynamic/…`
// type, the plugin's `sender:index:…`). The marks are pinned: a change of the hash would orphan
// every autonamed object of every stack.
const NONCE = "0123456789abcdef0123456789abcdef";
const DYNAMIC = (kind: string, name: string) =>
  `urn:pulumi:e2e::proj::pulumi-nodejs:dynamic/sender:${kind}::${name}`;
const PLUGIN = (kind: string, name: string) => `urn:pulumi:e2e::proj::sender:index:${kind}::${name}`;

interface Row {
  readonly what: string;
  readonly kind: ResourceKind;
  readonly urn: string;
  readonly given: GivenNaming;
  readonly expected: ReturnType<typeof resourceNaming>;
}

const ROWS: readonly Row[] = [
  {
    what: "an untitled campaign of the dynamic SDK: autonamed, with its mark",
    kind: "Campaign",
    urn: DYNAMIC("Campaign", "welcome"),
    given: {},
    expected: { title: "welcome-02ca6fb6", autonamed: true, ownershipMark: "02ca6fb6" },
  },
  {
    what: "an untitled campaign of the plugin: autonamed, with its mark",
    kind: "Campaign",
    urn: PLUGIN("Campaign", "welcome"),
    given: {},
    expected: { title: "welcome-6cc2dcb9", autonamed: true, ownershipMark: "6cc2dcb9" },
  },
  {
    what: "an untitled transactional campaign of the plugin",
    kind: "TransactionalCampaign",
    urn: PLUGIN("TransactionalCampaign", "receipt"),
    given: {},
    expected: { title: "receipt-c324a8ea", autonamed: true, ownershipMark: "c324a8ea" },
  },
  {
    what: "an untitled transactional campaign of the dynamic SDK",
    kind: "TransactionalCampaign",
    urn: DYNAMIC("TransactionalCampaign", "receipt"),
    given: {},
    expected: { title: "receipt-1523de6f", autonamed: true, ownershipMark: "1523de6f" },
  },
  {
    // The name is everything after the type, `::` included; a parent's type precedes the kind's.
    what: "a campaign under a component, whose name holds `::`",
    kind: "Campaign",
    urn: "urn:pulumi:e2e::proj::my:index:Group$sender:index:Campaign::a::b",
    given: {},
    expected: { title: "a::b-6e44ebf1", autonamed: true, ownershipMark: "6e44ebf1" },
  },
  {
    // The program's title stays as given (the door keeps it): only the mark is added.
    what: "a titled campaign: its mark only",
    kind: "Campaign",
    urn: PLUGIN("Campaign", "welcome"),
    given: { title: "Welcome" },
    expected: { ownershipMark: "6cc2dcb9" },
  },
  {
    what: "a titled transactional campaign of the dynamic SDK: its mark only",
    kind: "TransactionalCampaign",
    urn: DYNAMIC("TransactionalCampaign", "receipt"),
    given: { title: "Receipt" },
    expected: { ownershipMark: "1523de6f" },
  },
  {
    // A webhook has no title: its mark keys the create journal.
    what: "a webhook of the plugin: its mark only",
    kind: "Webhook",
    urn: PLUGIN("Webhook", "hook"),
    given: {},
    expected: { ownershipMark: "b33c1a87" },
  },
  {
    what: "a webhook of the dynamic SDK: its mark only",
    kind: "Webhook",
    urn: DYNAMIC("Webhook", "hook"),
    given: {},
    expected: { ownershipMark: "592b4dad" },
  },
  {
    what: "an adopting campaign: nothing (the adopted title stays)",
    kind: "Campaign",
    urn: PLUGIN("Campaign", "welcome"),
    given: { adoptId: "snt001" },
    expected: undefined,
  },
  {
    what: "an adopting webhook: nothing",
    kind: "Webhook",
    urn: PLUGIN("Webhook", "hook"),
    given: { adoptId: "wh1" },
    expected: undefined,
  },
  {
    what: "a campaign read with `get`: nothing",
    kind: "Campaign",
    urn: DYNAMIC("Campaign", "welcome"),
    given: { reading: true },
    expected: undefined,
  },
  {
    // The parts of a campaign are no objects of their own to prove: no title, no mark.
    what: "a campaign's targeting: nothing",
    kind: "CampaignTargeting",
    urn: PLUGIN("CampaignTargeting", "audience"),
    given: {},
    expected: undefined,
  },
  {
    what: "an attachment: nothing",
    kind: "Attachment",
    urn: PLUGIN("Attachment", "guide"),
    given: {},
    expected: undefined,
  },
];

describe("resourceNaming", () => {
  test.each(ROWS)("$what", ({ kind, urn, given, expected }) => {
    expect(resourceNaming(kind, urn, NONCE, given)).toEqual(expected);
  });

  test("the mark is instanceMark of the nonce and the URN, another in another stack instance", () => {
    const urn = PLUGIN("Campaign", "welcome");
    expect(resourceNaming("Campaign", urn, NONCE, {})?.ownershipMark).toBe(instanceMark(NONCE, urn));
    expect(resourceNaming("Campaign", urn, "f".repeat(32), {})).toEqual({
      title: "welcome-3799ed7f",
      autonamed: true,
      ownershipMark: "3799ed7f",
    });
  });

  test("a long name is cut on code points so that the title fits 255", () => {
    const name = "é".repeat(300);
    const naming = resourceNaming("Campaign", PLUGIN("Campaign", name), NONCE, {});
    expect([[...(naming?.title ?? "")].length, naming?.title?.endsWith(`-${naming.ownershipMark}`)]).toEqual([
      255,
      true,
    ]);
  });
});

describe("namingPlan", () => {
  test.each([
    ["Campaign", {}, "autoname"],
    ["Campaign", { title: "T" }, "mark"],
    ["Campaign", { title: "T", adoptId: "snt001" }, "none"],
    ["TransactionalCampaign", {}, "autoname"],
    ["TransactionalCampaign", { reading: true }, "none"],
    ["Webhook", {}, "mark"],
    ["Webhook", { adoptId: "wh1" }, "none"],
    ["CampaignFollowUp", {}, "none"],
    ["CampaignSchedule", {}, "none"],
  ] as const)("%s given %j: %s", (kind, given, plan) => {
    expect(namingPlan(kind, given)).toBe(plan);
  });

  test("nameOfUrn takes everything after the type", () => {
    expect(nameOfUrn("urn:pulumi:s::p::a$sender:index:Campaign::x::y")).toBe("x::y");
  });
});
