// What a change does to each kind's outputs, from the field tables' `movedBy` and `planned`
// (provider/core/planned-outputs.ts): the facts every door can plan from.
import { describe, expect, it } from "vitest";
import { contentHashOf } from "../../../provider/core/content-hash";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { computedNames, inputNames } from "../../../provider/core/fields";
import {
  changedInputs,
  movedElsewhere,
  outputsMovedBy,
  plannedOutputs,
  updateMoves,
} from "../../../provider/core/planned-outputs";
import { fieldTables, RESOURCE_KINDS } from "../../../provider/kinds/registry";

describe("the tables' movers", () => {
  it("name only inputs of their own table and kinds of the registry", () => {
    for (const kind of RESOURCE_KINDS) {
      const table = fieldTables[kind];
      for (const name of Object.keys(table)) {
        const movedBy = table[name]?.movedBy;
        if (movedBy === undefined) continue;
        expect(table[name]?.output, `${kind}.${name}`).toBe(true);
        if (Array.isArray(movedBy.update))
          for (const input of movedBy.update) expect(inputNames(table), `${kind}.${name}`).toContain(input);
        for (const mover of movedBy.kinds ?? []) expect(RESOURCE_KINDS, `${kind}.${name}`).toContain(mover);
      }
    }
  });

  it("leave out of a refresh's comparison only the campaign's outputs its parts move", () => {
    const moved = RESOURCE_KINDS.flatMap((kind) =>
      Object.entries(fieldTables[kind])
        .filter(([, field]) => movedElsewhere(field))
        .map(([name, field]) => `${kind}.${name} by ${field.movedBy?.kinds?.join(", ")}`),
    );
    expect(moved).toEqual([
      "Campaign.status by CampaignSchedule",
      "Campaign.modified by CampaignTargeting, CampaignSchedule, CampaignFollowUp, Attachment",
      "Campaign.scheduleTime by CampaignSchedule",
      "Campaign.sentTime by CampaignSchedule",
      "Campaign.recipientCount by CampaignTargeting",
    ]);
  });

  // Each row: a kind, the inputs an update changes, the outputs it moves (every other keeps its value).
  it.each([
    ["Campaign", ["subject"], ["modified", "contentHash"]],
    ["Campaign", ["content"], ["modified", "contentHash"]],
    ["Campaign", ["title"], ["modified"]],
    ["Campaign", ["replyTo"], ["modified", "domainId"]],
    ["Campaign", ["groups"], ["modified", "recipientCount"]],
    ["TransactionalCampaign", ["subject"], ["modified"]],
    ["TransactionalCampaign", ["replyTo"], ["modified", "domainId"]],
    ["CampaignSchedule", ["scheduleTime"], ["scheduleTimeUtc", "status", "sent"]],
    // A proof is updated when its campaign's hash moved, with no input changed: it sends again.
    ["CampaignProof", [], ["proofedHash", "proofedAddresses"]],
    ["Webhook", ["url"], []],
    ["CampaignFollowUp", ["subject"], []],
    ["CampaignTargeting", ["tagIds"], []],
    ["Attachment", [], []],
  ] as const)("%s: an update of %j moves %j", (kind, changed, moved) => {
    expect(outputsMovedBy(fieldTables[kind], changed)).toEqual(moved);
  });

  it("finds the changed inputs with the tables' rule of same inputs (a set's order, unset alike)", () => {
    const table = fieldTables.Campaign;
    const olds = { subject: "A", groups: ["g1", "g2"], preheader: "", content: "<p>x</p>", status: "DRAFT" };
    expect(changedInputs(table, olds, { subject: "A", groups: ["g2", "g1"], content: "<p>x</p>" })).toEqual(
      [],
    );
    expect(updateMoves(table, olds, { subject: "B", groups: ["g2", "g1"], content: "<p>x</p>" })).toEqual([
      "modified",
      "contentHash",
    ]);
  });
});

describe("planned outputs", () => {
  const schedule = fieldTables.CampaignSchedule;
  const campaign = fieldTables.Campaign;

  it("a schedule: the API's time, SCHEDULED and not sent, known before any request", () => {
    expect(
      plannedOutputs(
        schedule,
        { campaignId: "c1", scheduleTime: "2030-01-15T09:00:00+01:00" },
        computedNames(schedule),
      ),
    ).toEqual({ scheduleTimeUtc: "2030-01-15 08:00:00", status: "SCHEDULED", sent: false });
  });

  it("a schedule taken over, or of a time not yet known: unknown until the service answers", () => {
    const all = { scheduleTimeUtc: UNKNOWN, status: UNKNOWN, sent: UNKNOWN };
    expect(
      plannedOutputs(
        schedule,
        { campaignId: "c1", adoptId: "c1", scheduleTime: "2030-01-15T09:00:00Z" },
        computedNames(schedule),
      ),
    ).toEqual(all);
    expect(
      plannedOutputs(schedule, { campaignId: "c1", scheduleTime: UNKNOWN }, computedNames(schedule)),
    ).toEqual(all);
  });

  it("a campaign's content hash: known for html and editor content, unknown for text (the service may wrap it)", () => {
    const moving = ["contentHash", "modified"];
    expect(
      plannedOutputs(campaign, { subject: "Hi", content: "<p>x</p>", contentType: "html" }, moving),
    ).toEqual({ contentHash: contentHashOf("Hi", "<p>x</p>"), modified: UNKNOWN });
    expect(plannedOutputs(campaign, { subject: "Hi", contentType: "editor" }, ["contentHash"])).toEqual({
      contentHash: contentHashOf("Hi", ""),
    });
    expect(
      plannedOutputs(campaign, { subject: "Hi", content: "x", contentType: "text" }, ["contentHash"]),
    ).toEqual({ contentHash: UNKNOWN });
    expect(
      plannedOutputs(campaign, { subject: UNKNOWN, content: "x", contentType: "html" }, ["contentHash"]),
    ).toEqual({ contentHash: UNKNOWN });
  });

  it("a proof's addresses: those given", () => {
    expect(
      plannedOutputs(
        fieldTables.CampaignProof,
        { campaignId: "c1", addresses: ["a@example.com", "b@example.com"] },
        ["proofedHash", "proofedAddresses"],
      ),
    ).toEqual({ proofedHash: UNKNOWN, proofedAddresses: ["a@example.com", "b@example.com"] });
  });
});
