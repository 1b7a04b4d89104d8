// The gitops review and drift check's pure parts, on hand-made preview steps: how steps become
// campaign changes, the safety line's cases, and the drift summary. The end-to-end test runs them
// on the real engine's output.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { driftedResources, driftSummary } from "../../examples/gitops/drift";
import { formatSchedule, type MarkdownOptions, safetyLine } from "../../examples/gitops/review-markdown";
import {
  type CampaignChange,
  campaignChanges,
  type PreviewJson,
  withUnchanged,
} from "../../examples/gitops/review-plan";
import { unmatched } from "../../examples/gitops/review-render";

const T = "pulumi-nodejs:dynamic/sender:";
const urn = (kind: string, name: string) => `urn:pulumi:prod::gitops::${T}${kind}::${name}`;
const email = {
  subject: "Hello",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Hi</p>",
};

const options: MarkdownOptions = {
  stack: "prod",
  timeZone: "America/New_York",
  now: new Date("2030-06-01T12:00:00Z"),
  tagNames: new Map(),
  images: new Map(),
};

const change = (over: Partial<CampaignChange>): CampaignChange => ({
  name: "news",
  op: "updated",
  id: "c1",
  tagsBefore: [],
  tagsAfter: [],
  excludedBefore: [],
  excludedAfter: [],
  ...over,
});

describe("campaignChanges", () => {
  test("a schedule-only change is shown under its campaign, whose content comes from the state", () => {
    const preview: PreviewJson = {
      steps: [
        {
          op: "update",
          urn: urn("CampaignSchedule", "news-schedule"),
          oldState: {
            id: "c1",
            type: `${T}CampaignSchedule`,
            outputs: { campaignId: "c1", scheduleTime: "2030-06-02T09:00:00+02:00", status: "SCHEDULED" },
          },
          newState: {
            type: `${T}CampaignSchedule`,
            inputs: { campaignId: "c1", scheduleTime: "2030-06-01T20:00:00+02:00" },
            propertyDependencies: { campaignId: [urn("Campaign", "news")] },
          },
        },
      ],
    };
    const state = [
      {
        urn: urn("Campaign", "news"),
        type: `${T}Campaign`,
        id: "c1",
        inputs: email,
        outputs: { ...email, status: "DRAFT" },
      },
      {
        urn: urn("CampaignTargeting", "news-targeting"),
        type: `${T}CampaignTargeting`,
        id: "c1",
        inputs: { campaignId: "c1", tagIds: ["t2", "t1"] },
        outputs: { campaignId: "c1", tagIds: ["t2", "t1"] },
        propertyDependencies: { campaignId: [urn("Campaign", "news")] },
      },
    ];
    expect(campaignChanges(preview)).toEqual([]);
    expect(campaignChanges(withUnchanged(preview, state))).toEqual([
      {
        name: "news",
        op: "updated",
        id: "c1",
        status: "SCHEDULED",
        before: email,
        after: email,
        scheduleBefore: "2030-06-02T07:00:00Z",
        scheduleAfter: "2030-06-01T18:00:00Z",
        tagsBefore: ["t1", "t2"],
        tagsAfter: ["t1", "t2"],
        excludedBefore: [],
        excludedAfter: [],
      },
    ]);
  });

  test("a proof created, or updated with the campaign's content, lists its addresses; one kept lists none", () => {
    const proofStep = (op: string, inputs: Record<string, unknown>, outputs?: Record<string, unknown>) => ({
      op,
      urn: urn("CampaignProof", "news-proof"),
      ...(outputs ? { oldState: { id: "c1", type: `${T}CampaignProof`, outputs } } : {}),
      newState: {
        type: `${T}CampaignProof`,
        inputs,
        propertyDependencies: { campaignId: [urn("Campaign", "news")] },
      },
    });
    const campaign = (op: string) => ({
      op,
      urn: urn("Campaign", "news"),
      oldState: { id: "c1", type: `${T}Campaign`, outputs: { ...email, status: "DRAFT" } },
      newState: { type: `${T}Campaign`, inputs: email },
    });
    const to = (steps: NonNullable<PreviewJson["steps"]>) => campaignChanges({ steps }).map((c) => c.proofTo);
    const old = { campaignId: "c1", addresses: ["b@example.com"], proofedHash: "h1", contentHash: "h1" };
    const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    expect(
      to([campaign("create"), proofStep("create", { addresses: ["b@example.com", "a@example.com"] })]),
    ).toEqual([["a@example.com", "b@example.com"]]);
    expect(
      to([
        campaign("update"),
        proofStep("update", { addresses: ["b@example.com"], contentHash: UNKNOWN }, old),
      ]),
    ).toEqual([["b@example.com"]]);
    expect(
      to([
        campaign("same"),
        proofStep("update", { addresses: ["b@example.com", "c@example.com"], contentHash: "h1" }, old),
      ]),
    ).toEqual([["c@example.com"]]);
    expect(
      to([campaign("update"), proofStep("same", { addresses: ["b@example.com"], contentHash: "h1" }, old)]),
    ).toEqual([undefined]);
  });

  test("a secret value (an encrypted object in the state, `[secret]` in a preview) is never read as text", () => {
    const secret = {
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      ciphertext: "v1:abc",
    };
    const [c] = campaignChanges({
      steps: [
        {
          op: "delete",
          urn: urn("Campaign", "news"),
          oldState: { id: "c1", type: `${T}Campaign`, outputs: { ...email, content: secret as any } },
        },
      ],
    });
    expect(c?.before?.content).toBe("");
    expect(c?.op).toBe("deleted");
  });
});

describe("safetyLine", () => {
  test("each case in one line", () => {
    const at = "2030-06-03T09:00:00Z";
    const when = "2030-06-03 09:00 UTC (2030-06-03 05:00 America/New_York, GMT-04:00)";
    expect(formatSchedule(at, "America/New_York")).toBe(when);
    expect(safetyLine(change({ scheduleAfter: at }), options)).toBe(
      `**Safety:** ⚠️ can send mail: a new schedule sends it at ${when}.`,
    );
    expect(
      safetyLine(
        change({ scheduleBefore: "2030-06-04T09:00:00Z", scheduleAfter: "2030-06-02T11:59:00Z" }),
        options,
      ),
    ).toBe(
      "**Safety:** ⚠️ can send mail: the schedule moves, and it goes out at 2030-06-02 11:59 UTC (2030-06-02 07:59 America/New_York, GMT-04:00) **within the next 24 hours**.",
    );
    expect(safetyLine(change({ scheduleBefore: at, scheduleAfter: at }), options)).toBe(
      `**Safety:** ⚠️ can send mail: it stays scheduled for ${when}; what changes here is what goes out then.`,
    );
    expect(safetyLine(change({ scheduleBefore: at }), options)).toBe(
      "**Safety:** sends no mail. The schedule is cancelled; the campaign goes back to a draft.",
    );
    expect(safetyLine(change({}), options)).toBe(
      "**Safety:** sends no mail. The campaign stays a draft (no schedule).",
    );
    expect(safetyLine(change({ op: "deleted", scheduleBefore: at }), options)).toBe(
      "**Safety:** sends no mail. The campaign is deleted and its schedule cancelled.",
    );
    expect(safetyLine(change({ status: "SENT", scheduleBefore: at, scheduleAfter: at }), options)).toBe(
      "**Safety:** ⛔ refused. Campaign c1 is recorded as SENT, so it may have gone out: the provider refuses to change or replace it, and `pulumi up` fails. Revert the change or remove the campaign from the files.",
    );
    // A status the provider does not know to be safe is refused like a sent one.
    expect(safetyLine(change({ status: "PAUSED" }), options)).toBe(
      "**Safety:** ⛔ refused. Campaign c1 is recorded as PAUSED, so it may have gone out: the provider refuses to change or replace it, and `pulumi up` fails. Revert the change or remove the campaign from the files.",
    );
  });
});

describe("unmatched", () => {
  test("counts repeated blocks, so a duplicated paragraph is one change", () => {
    expect(unmatched(["a", "b", "b", "c"], ["b", "a", "d"])).toEqual([2, 3]);
  });
});

describe("drift", () => {
  test("a refreshed preview's update becomes service vs files values; a resource gone from the service shows as such", () => {
    const drifted = driftedResources([
      { op: "refresh", urn: urn("Campaign", "news"), oldState: { type: `${T}Campaign` } },
      {
        op: "update",
        urn: urn("Campaign", "news"),
        oldState: {
          id: "c1",
          type: `${T}Campaign`,
          outputs: { ...email, subject: "Edited", status: "DRAFT" },
        },
        newState: { type: `${T}Campaign`, inputs: { ...email, __provider: "x" } },
      },
      {
        op: "create",
        urn: urn("CampaignTargeting", "news-targeting"),
        newState: { type: `${T}CampaignTargeting` },
      },
    ]);
    expect(driftSummary("prod", drifted, 3)).toBe(
      [
        "drift: 2 of the 3 resources of stack prod differ from the service (edited outside Pulumi):",
        "  Campaign news (id c1):",
        '    subject: "Edited" in the service, "Hello" in the files',
        "  CampaignTargeting news-targeting: deleted in the service",
        "To put back what the files say: pulumi up --refresh --yes. To keep the service's values: copy them into the files first.",
      ].join("\n"),
    );
    expect(driftSummary("prod", [], 3)).toBe("drift: none. The 3 resources of stack prod match the service.");
  });
});

describe("the sample workflow", () => {
  test("runs the apply the drift test passes after, and the checks the e2e test runs", () => {
    const file = path.join(__dirname, "../../examples/gitops/ci/pulumi.yml");
    const workflow = parse(fs.readFileSync(file, "utf8")) as {
      jobs: Record<string, { steps: { name?: string; run?: string }[] }>;
    };
    const runs = (job: string) => workflow.jobs[job]!.steps.flatMap((step) => (step.run ? [step.run] : []));
    expect(runs("apply")).toEqual([
      "npm ci",
      "npm run validate",
      'pulumi up --refresh --stack "$STACK" --yes --non-interactive',
    ]);
    expect(runs("drift")).toEqual(["npm ci", 'npm run drift -- --stack "$STACK"']);
  });
});
