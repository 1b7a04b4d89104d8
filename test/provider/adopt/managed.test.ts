import { describe, expect, test } from "vitest";
import { type AccountObject, managedLine, splitManaged } from "../../../provider/adopt/account";
import { autonamedTitleOf, managedTitle, markedTitle } from "../../../provider/core/autoname";

const campaign = (id: string, title: string): AccountObject => ({
  kind: "Campaign",
  id,
  inputs: { title },
  label: title,
});
const part = (kind: AccountObject["kind"], campaignId: string): AccountObject => ({
  kind,
  id: campaignId,
  inputs: { campaignId },
  label: kind,
  campaignId,
});

describe("the titles a stack of this package writes", () => {
  test.each([
    [autonamedTitleOf("welcome", "7cb48159"), { form: "autonamed", mark: "7cb48159" }],
    [markedTitle("Welcome series", "0a1b2c3d"), { form: "marked", mark: "0a1b2c3d" }],
    ["Welcome series [0a1b2c3d] (edited)", { form: "marked", mark: "0a1b2c3d" }],
    ["Welcome series", undefined],
    // Not the stack's forms: upper-case hex, 7 or 9 digits, a mark without brackets.
    ["welcome-7CB48159", undefined],
    ["welcome-7cb4815", undefined],
    ["sale 2026-12345678x", undefined],
    ["welcome [7cb4815]", undefined],
  ])("%j is %j", (title, form) => {
    expect(managedTitle(title)).toEqual(form);
  });
});

describe("splitManaged", () => {
  test("leaves out an autonamed or marked campaign with its parts, and keeps the rest in order", () => {
    const objects = [
      campaign("c1", "Newsletter"),
      part("CampaignTargeting", "c1"),
      campaign("c2", "welcome-7cb48159"),
      part("CampaignTargeting", "c2"),
      part("CampaignSchedule", "c2"),
      { kind: "TransactionalCampaign", id: "t1", inputs: { title: "Reset [0a1b2c3d]" }, label: "Reset" },
      { kind: "Webhook", id: "w1", inputs: { url: "https://hooks.example.com/x" }, label: "webhook" },
    ] satisfies AccountObject[];
    const { kept, managed } = splitManaged(objects);
    expect(kept.map((o) => `${o.kind} ${o.id}`)).toEqual([
      "Campaign c1",
      "CampaignTargeting c1",
      "Webhook w1",
    ]);
    expect(managed.map(managedLine)).toEqual([
      'Campaign c2 "welcome-7cb48159" and its 2 parts (CampaignTargeting, CampaignSchedule): its title ends in -7cb48159, the form of a title a Pulumi stack autonamed',
      'TransactionalCampaign t1 "Reset [0a1b2c3d]": its title carries [0a1b2c3d], the ownership mark of a Pulumi stack\'s resource',
    ]);
  });
});
