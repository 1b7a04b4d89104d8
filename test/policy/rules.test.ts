import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { policies } from "../../policy/src/policies";
import {
  DYNAMIC_PREFIX,
  kindOf,
  PLUGIN_PREFIX,
  read,
  SENDER_KINDS,
  UNKNOWN,
} from "../../policy/src/resources";
import {
  addressDomain,
  addressesOutsideDomains,
  apiTime,
  SCHEDULE_KEPT_INPUT,
  type StackResource,
  scheduleInstant,
  schedulesWithoutAudience,
  schedulesWithoutProof,
  scheduleTooSoon,
  shownUrl,
  webhookNotHttps,
} from "../../policy/src/rules";
import { fieldTables } from "../../provider";
import { SCHEDULE_KEPT_INPUT as PROVIDER_SCHEDULE_KEPT_INPUT } from "../../provider/kinds/campaign-schedule";
import { RESOURCE_KINDS } from "../../provider/kinds/registry";
import { ROOT } from "../support/root";

// The pack's own @pulumi/policy (policy/node_modules), the one its sources load: its proxy is what
// the engine's properties come wrapped in, throwing on a value a preview does not know.
const policyRequire = createRequire(path.join(ROOT, "policy/package.json"));
const { unknownCheckingProxy } = policyRequire("@pulumi/policy") as {
  unknownCheckingProxy: <T extends object>(props: T) => T;
};
const { unknownStringValue, unknownArrayValue } = policyRequire("@pulumi/policy/proxy") as {
  unknownStringValue: unknown;
  unknownArrayValue: unknown;
};

const D = DYNAMIC_PREFIX;
const P = PLUGIN_PREFIX;

/** A stack resource as @pulumi/policy gives it: properties behind the unknown-checking proxy. */
function res(
  type: string,
  name: string,
  props: Record<string, unknown>,
  campaignFrom?: StackResource,
): StackResource {
  return {
    type,
    name,
    urn: `urn:pulumi:dev::p::${type}::${name}`,
    props: unknownCheckingProxy(props),
    propertyDependencies: campaignFrom ? { campaignId: [campaignFrom] } : {},
  };
}

const NOW = new Date("2026-11-26T12:00:00Z");

describe("kinds in both type families", () => {
  test("the pack knows exactly the provider's kinds", () => {
    expect([...SENDER_KINDS].sort()).toEqual([...RESOURCE_KINDS].sort());
  });

  test("every field a rule reads is in the kind's field table", () => {
    const read: Array<[keyof typeof fieldTables, string]> = [
      ["CampaignSchedule", "campaignId"],
      ["CampaignSchedule", "scheduleTime"],
      ["CampaignTargeting", "campaignId"],
      ["Campaign", "groups"],
      ["Campaign", "replyTo"],
      ["Campaign", "from"],
      ["TransactionalCampaign", "replyTo"],
      ["TransactionalCampaign", "from"],
      ["Webhook", "url"],
    ];
    expect(read.filter(([kind, field]) => !(field in fieldTables[kind]))).toEqual([]);
  });

  test("the plugin's package schema names every resource sender:index:<Kind>", () => {
    const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "sdks/schema.json"), "utf8"));
    expect(Object.keys(schema.resources).sort()).toEqual(SENDER_KINDS.map((k) => `${P}${k}`).sort());
  });

  test.each([
    [`${D}CampaignSchedule`, "CampaignSchedule"],
    [`${P}Webhook`, "Webhook"],
    // A generic dynamic resource names no kind, and the engine gives a pack none of its `__` keys.
    ["pulumi-nodejs:dynamic:Resource", undefined],
    [`${D}Nothing`, undefined],
    ["sender:index:getCampaign", undefined],
    ["aws:s3/bucket:Bucket", undefined],
  ])("%s is %s", (type, kind) => {
    expect(kindOf(type)).toBe(kind);
  });

  test("read gives UNKNOWN for an unknown value or element, plain data otherwise", () => {
    const props = unknownCheckingProxy({
      a: unknownStringValue,
      b: ["x", unknownStringValue],
      c: ["x", "y"],
      d: unknownArrayValue,
    });
    expect([
      read(props, "a"),
      read(props, "b"),
      read(props, "c"),
      read(props, "d"),
      read(props, "e"),
    ]).toEqual([UNKNOWN, UNKNOWN, ["x", "y"], UNKNOWN, undefined]);
  });
});

describe("schedule-needs-audience", () => {
  const all = { campaignGroups: true };

  test.each([D, P])(
    "%s: a schedule with a targeting of the same campaign passes, ids unknown (preview)",
    (T) => {
      const campaign = res(`${T}Campaign`, "welcome", { subject: "Hi" });
      const resources = [
        campaign,
        res(
          `${T}CampaignTargeting`,
          "audience",
          { campaignId: unknownStringValue, tagIds: ["t1"] },
          campaign,
        ),
        res(
          `${T}CampaignSchedule`,
          "send",
          { campaignId: unknownStringValue, scheduleTime: "2030-01-01T09:00:00Z" },
          campaign,
        ),
      ];
      expect(schedulesWithoutAudience(resources, all)).toEqual([]);
    },
  );

  test.each([D, P])("%s: a schedule whose campaign has no targeting is reported on the schedule", (T) => {
    const welcome = res(`${T}Campaign`, "welcome", { subject: "Hi" });
    const digest = res(`${T}Campaign`, "digest", { subject: "Digest" });
    const resources = [
      welcome,
      digest,
      // The targeting is another campaign's: it does not count.
      res(
        `${T}CampaignTargeting`,
        "digest-audience",
        { campaignId: unknownStringValue, sendToAll: true },
        digest,
      ),
      res(
        `${T}CampaignSchedule`,
        "send",
        { campaignId: unknownStringValue, scheduleTime: "2030-01-01T09:00:00Z" },
        welcome,
      ),
    ];
    expect(schedulesWithoutAudience(resources, all)).toEqual([
      {
        urn: `urn:pulumi:dev::p::${T}CampaignSchedule::send`,
        message:
          'CampaignSchedule "send": campaignId is campaign "welcome", which no CampaignTargeting of this stack ' +
          "targets, so the schedule would send it to no one or to an audience nobody reviewed: add a " +
          "CampaignTargeting with the same campaignId and tagIds, filterIds or sendToAll: true (or give the campaign groups).",
      },
    ]);
  });

  test("literal campaign ids match a targeting of the same id, and only that", () => {
    const resources = [
      res(`${D}CampaignTargeting`, "a", { campaignId: "c1", tagIds: ["t1"] }),
      res(`${D}CampaignSchedule`, "s1", { campaignId: "c1", scheduleTime: "2030-01-01T09:00:00Z" }),
      res(`${D}CampaignSchedule`, "s2", { campaignId: "c2", scheduleTime: "2030-01-01T09:00:00Z" }),
    ];
    expect(schedulesWithoutAudience(resources, all).map((v) => v.message)).toEqual([
      'CampaignSchedule "s2": campaignId is campaign id "c2", which no CampaignTargeting of this stack targets, ' +
        "so the schedule would send it to no one or to an audience nobody reviewed: add a CampaignTargeting with " +
        "the same campaignId and tagIds, filterIds or sendToAll: true (or give the campaign groups).",
    ]);
  });

  test("known ids are compared as they are: a targeting whose campaignId came from two campaigns counts for the one it names", () => {
    const e = res(`${D}Campaign`, "e", { subject: "E" });
    const f = res(`${D}Campaign`, "f", { subject: "F" });
    const both = (props: Record<string, unknown>) => ({
      ...res(`${D}CampaignTargeting`, "t", props),
      propertyDependencies: { campaignId: [e, f] },
    });
    const schedule = (campaign: StackResource, id: unknown) =>
      res(
        `${D}CampaignSchedule`,
        `${campaign.name}-send`,
        { campaignId: id, scheduleTime: "2030-01-01T09:00:00Z" },
        campaign,
      );
    // At up (ids known): `all([e.id, f.id]).apply(([, f]) => f)` is f's id, so e has no audience.
    const known = [e, f, both({ campaignId: "idF", tagIds: ["t1"] }), schedule(e, "idE"), schedule(f, "idF")];
    expect(schedulesWithoutAudience(known, all).map((v) => v.message.split(", which")[0])).toEqual([
      'CampaignSchedule "e-send": campaignId is campaign "e"',
    ]);
    // In a preview (ids unknown), a value from two Campaigns cannot be told apart: it counts for neither.
    const unknown = [
      e,
      f,
      both({ campaignId: unknownStringValue, tagIds: ["t1"] }),
      schedule(e, unknownStringValue),
      schedule(f, unknownStringValue),
    ];
    expect(schedulesWithoutAudience(unknown, all).map((v) => v.message.split(", which")[0])).toEqual([
      'CampaignSchedule "e-send": campaignId is campaign "e"',
      'CampaignSchedule "f-send": campaignId is campaign "f"',
    ]);
  });

  test("a known id of one side and an unknown of the other match through the one Campaign both came from", () => {
    const campaign = res(`${P}Campaign`, "c", { subject: "C" });
    const resources = [
      campaign,
      res(`${P}CampaignTargeting`, "t", { campaignId: "id1", sendToAll: true }, campaign),
      res(
        `${P}CampaignSchedule`,
        "s",
        { campaignId: unknownStringValue, scheduleTime: "2030-01-01T09:00:00Z" },
        campaign,
      ),
    ];
    expect(schedulesWithoutAudience(resources, all)).toEqual([]);
  });

  test("a campaign's own groups are an audience unless campaignGroups is false", () => {
    const campaign = res(`${P}Campaign`, "welcome", { groups: ["grp001"] });
    const resources = [
      campaign,
      res(
        `${P}CampaignSchedule`,
        "send",
        { campaignId: unknownStringValue, scheduleTime: "2030-01-01T09:00:00Z" },
        campaign,
      ),
    ];
    expect(schedulesWithoutAudience(resources, all)).toEqual([]);
    expect(schedulesWithoutAudience(resources, { campaignGroups: false }).map((v) => v.message)).toEqual([
      'CampaignSchedule "send": campaignId is campaign "welcome", which no CampaignTargeting of this stack ' +
        "targets, so the schedule would send it to no one or to an audience nobody reviewed: add a " +
        "CampaignTargeting with the same campaignId and tagIds, filterIds or sendToAll: true.",
    ]);
  });

  test("groups a preview does not know yet count when they come from a Group resource of the stack", () => {
    const group = res(`${P}Group`, "early-birds", { title: "Early birds" });
    const fromGroup: StackResource = {
      ...res(`${P}Campaign`, "welcome", { groups: unknownArrayValue }),
      propertyDependencies: { groups: [group] },
    };
    const fromNothing = res(`${P}Campaign`, "bare", { groups: unknownArrayValue });
    const schedule = (name: string, campaign: StackResource) =>
      res(
        `${P}CampaignSchedule`,
        name,
        { campaignId: unknownStringValue, scheduleTime: "2030-01-01T09:00:00Z" },
        campaign,
      );
    const resources = [group, fromGroup, fromNothing, schedule("a", fromGroup), schedule("b", fromNothing)];
    expect(schedulesWithoutAudience(resources, all).map((v) => v.urn)).toEqual([
      `urn:pulumi:dev::p::${P}CampaignSchedule::b`,
    ]);
    expect(schedulesWithoutAudience(resources, { campaignGroups: false })).toHaveLength(2);
  });

  test("empty or unknown groups are no audience; a campaignId from no Campaign is named so", () => {
    const empty = res(`${D}Campaign`, "empty", { groups: [] });
    const unknown = res(`${D}Campaign`, "unknown", { groups: unknownArrayValue });
    const resources = [
      empty,
      unknown,
      res(
        `${D}CampaignSchedule`,
        "a",
        { campaignId: unknownStringValue, scheduleTime: "2030-01-01T09:00:00Z" },
        empty,
      ),
      res(
        `${D}CampaignSchedule`,
        "b",
        { campaignId: unknownStringValue, scheduleTime: "2030-01-01T09:00:00Z" },
        unknown,
      ),
      res(`${D}CampaignSchedule`, "c", {
        campaignId: unknownStringValue,
        scheduleTime: "2030-01-01T09:00:00Z",
      }),
    ];
    expect(schedulesWithoutAudience(resources, all).map((v) => v.message.split(", which")[0])).toEqual([
      'CampaignSchedule "a": campaignId is campaign "empty"',
      'CampaignSchedule "b": campaignId is campaign "unknown"',
      'CampaignSchedule "c": campaignId is a campaign that no Campaign resource of this stack provides',
    ]);
  });

  test("a mixed stack: a dynamic targeting serves a dynamic schedule; other resources are ignored", () => {
    const campaign = res(`${D}Campaign`, "c", {});
    const resources = [
      res("pulumi:pulumi:Stack", "p-dev", {}),
      campaign,
      res(`${D}CampaignTargeting`, "t", { sendToAll: true }, campaign),
      res(`${D}CampaignSchedule`, "s", { scheduleTime: "2030-01-01T09:00:00Z" }, campaign),
    ];
    expect(schedulesWithoutAudience(resources, all)).toEqual([]);
  });
});

describe("schedule-lead-time", () => {
  const schedule = (props: Record<string, unknown>, T = D) => res(`${T}CampaignSchedule`, "send", props);

  test.each([
    // [scheduleTime, hours, violation?]
    ["2026-11-26T14:00:00Z", 2, false], // exactly 2 hours: allowed
    ["2026-11-26T13:59:59Z", 2, true],
    ["2026-11-26T14:30:00+01:00", 2, true], // 13:30Z: 1.5 hours away
    ["2026-11-26T16:00:00+01:00", 2, false],
    ["2026-11-26T12:30:00Z", 0.25, false],
    ["2026-11-27T11:00:00Z", 24, true],
    ["2026-11-26T11:00:00Z", 0, true], // the past never passes
  ])("%s with hours %s: violation %s", (scheduleTime, hours, violates) => {
    expect(scheduleTooSoon(schedule({ scheduleTime }), { hours, now: NOW }) !== undefined).toBe(violates);
  });

  test.each([D, P])(
    "%s: the message names the resource, the field, the value and the earliest time allowed",
    (T) => {
      expect(
        scheduleTooSoon(schedule({ scheduleTime: "2026-11-26T13:30:00+01:00" }, T), { hours: 2, now: NOW }),
      ).toEqual({
        urn: `urn:pulumi:dev::p::${T}CampaignSchedule::send`,
        message:
          'CampaignSchedule "send": scheduleTime 2026-11-26T13:30:00+01:00 (2026-11-26T12:30:00Z) is 0.5 hours from ' +
          "now, less than the 2 hours this pack requires before a send: move scheduleTime to 2026-11-26T14:00:00Z " +
          "or later, so the change is reviewed and applied before the campaign goes out.",
      });
    },
  );

  test("a time in the past says so; the earliest time is rounded up to the minute", () => {
    const now = new Date("2026-11-26T12:00:30.500Z");
    expect(
      scheduleTooSoon(schedule({ scheduleTime: "2026-11-26T09:00:00Z" }), { hours: 1, now })?.message,
    ).toBe(
      'CampaignSchedule "send": scheduleTime 2026-11-26T09:00:00Z (2026-11-26T09:00:00Z) is in the past (3.0 hours ' +
        "ago), less than the 1 hours this pack requires before a send: move scheduleTime to 2026-11-26T13:01:00Z or " +
        "later, so the change is reviewed and applied before the campaign goes out.",
    );
  });

  test("a schedule the provider's check marks as kept is left alone; outputs given as inputs are not", () => {
    const soon = "2026-11-26T12:30:00Z";
    const opts = { hours: 2, now: NOW };
    expect(scheduleTooSoon(schedule({ scheduleTime: soon, [SCHEDULE_KEPT_INPUT]: true }), opts)).toBe(
      undefined,
    );
    // Only the check's own mark counts: a program's outputs in the inputs say nothing.
    for (const outputs of [
      { sent: true },
      { scheduleTimeUtc: "2026-11-26 12:30:00" },
      { status: "SENT" },
      { [SCHEDULE_KEPT_INPUT]: "true" },
      { [SCHEDULE_KEPT_INPUT]: unknownStringValue },
    ]) {
      expect(scheduleTooSoon(schedule({ scheduleTime: soon, ...outputs }), opts)?.message).toMatch(
        /^CampaignSchedule "send": scheduleTime 2026-11-26T12:30:00Z \(2026-11-26T12:30:00Z\) is 0\.5 hours from now/,
      );
    }
  });

  test("the pack's mark is the provider's: the same input name", () => {
    expect(SCHEDULE_KEPT_INPUT).toBe(PROVIDER_SCHEDULE_KEPT_INPUT);
  });

  test("unknown, malformed or other resources' times are not this rule's", () => {
    const opts = { hours: 2, now: NOW };
    expect(scheduleTooSoon(schedule({ scheduleTime: unknownStringValue }), opts)).toBe(undefined);
    expect(scheduleTooSoon(schedule({ scheduleTime: "2026-11-26 12:30" }), opts)).toBe(undefined);
    expect(scheduleTooSoon(res(`${D}Campaign`, "c", { scheduleTime: "2026-11-26T12:30:00Z" }), opts)).toBe(
      undefined,
    );
  });

  test.each([
    ["2026-12-01T09:00:00+01:00", "2026-12-01T08:00:00.000Z"],
    ["2026-12-01T09:00Z", "2026-12-01T09:00:00.000Z"],
    ["2026-12-01T09:00:00,250-02:30", "2026-12-01T11:30:00.250Z"],
    ["2026-12-01T09:00:00", undefined], // no offset
    ["tomorrow", undefined],
  ])("scheduleInstant(%s) is %s", (value, iso) => {
    expect(scheduleInstant(value)?.toISOString()).toBe(iso);
  });

  test.each([
    ["2026-12-01T09:00:00.499Z", "2026-12-01 09:00:00"],
    ["2026-12-01T09:00:00.500Z", "2026-12-01 09:00:01"],
  ])("apiTime rounds %s to %s, as the provider records it", (value, api) => {
    expect(apiTime(new Date(value))).toBe(api);
  });
});

describe("sender-domain", () => {
  const campaign = (props: Record<string, unknown>, kind = `${D}Campaign`) => ({
    type: kind,
    name: "welcome",
    urn: `urn:pulumi:dev::p::${kind}::welcome`,
    props: unknownCheckingProxy(props),
  });

  test.each([D, P])("%s: news@example.com is rejected when only example.org is allowed", (T) => {
    expect(
      addressesOutsideDomains(
        campaign({ replyTo: "news@example.com", from: "Example News" }, `${T}Campaign`),
        ["example.org"],
      ),
    ).toEqual([
      {
        urn: `urn:pulumi:dev::p::${T}Campaign::welcome`,
        message:
          'Campaign "welcome": replyTo "news@example.com" is on example.com, outside the sender domains this pack ' +
          "allows (example.org): use an address on one of those domains, or add example.com to the " +
          '"sender-domain" domains of the pack\'s config if the company owns it.',
      },
    ]);
  });

  test.each([
    // [replyTo, from, domains, fields reported]
    ["news@example.org", "Example News", ["example.org"], []],
    ["News@EXAMPLE.org", "Example News", ["example.org."], []],
    ["news@example.org", "news@example.com", ["example.org"], ["from"]],
    ["news@example.org", "Example News <news@mail.example.org>", ["example.org"], ["from"]],
    ["news@example.org", "Example News <news@example.org>", ["example.org", "example.net"], []],
    ["news@sub.example.org", "Example News", ["example.org"], ["replyTo"]], // exact domains only
    ["news@example.com", "x@example.com", [], []], // not configured: no check
  ])("replyTo %s, from %s, domains %j: %j", (replyTo, from, domains, fields) => {
    expect(
      addressesOutsideDomains(campaign({ replyTo, from }), domains).map((v) => v.message.split(" ")[2]),
    ).toEqual(fields);
  });

  test("transactional campaigns are checked; unknown values and other kinds are not", () => {
    expect(
      addressesOutsideDomains(campaign({ replyTo: "a@b.com" }, `${P}TransactionalCampaign`), ["example.org"])
        .length,
    ).toBe(1);
    expect(addressesOutsideDomains(campaign({ replyTo: unknownStringValue }), ["example.org"])).toEqual([]);
    expect(addressesOutsideDomains(campaign({ replyTo: "a@b.com" }, `${D}Webhook`), ["example.org"])).toEqual(
      [],
    );
  });

  test.each([
    ["a@Example.ORG", "example.org"],
    ["Name <a@x.io>", "x.io"],
    ["Example News", undefined],
    ["a@b@c", undefined],
  ])("addressDomain(%s) is %s", (text, domain) => {
    expect(addressDomain(text)).toBe(domain);
  });
});

describe("webhook-https", () => {
  const hook = (url: unknown, type = `${D}Webhook`) => ({
    type,
    name: "hook",
    urn: `urn:pulumi:dev::p::${type}::hook`,
    props: unknownCheckingProxy({ url, topic: "subscribers/new" }),
  });

  test.each([D, P])("%s: http is reported without the URL's path or query", (T) => {
    expect(webhookNotHttps(hook("http://hooks.example.com/sender/T0K3N?sig=abc", `${T}Webhook`))).toEqual({
      urn: `urn:pulumi:dev::p::${T}Webhook::hook`,
      message:
        'Webhook "hook": url http://hooks.example.com/… is not https, so Sender would deliver subscriber data in ' +
        "clear text: serve the endpoint over TLS and give its https:// URL.",
    });
  });

  test.each([
    ["https://hooks.example.com/x", false],
    ["HTTPS://hooks.example.com", false],
    ["ftp://hooks.example.com", true],
    ["hooks.example.com/x", true],
  ])("%s: violation %s", (url, violates) => {
    expect(webhookNotHttps(hook(url)) !== undefined).toBe(violates);
  });

  test("an unknown url, or another kind's, is not this rule's", () => {
    expect(webhookNotHttps(hook(unknownStringValue))).toBe(undefined);
    expect(webhookNotHttps(hook("http://x", `${D}Attachment`))).toBe(undefined);
  });

  test("shownUrl keeps the scheme and host only", () => {
    expect([
      shownUrl(new URL("http://h.example:8080")),
      shownUrl(new URL("http://u:p@h.example/a#b")),
    ]).toEqual(["http://h.example:8080", "http://h.example/…"]);
  });
});

describe("schedule-needs-proof", () => {
  const HASH = "a".repeat(64);
  const OLD = "b".repeat(64);
  /** A resource whose `campaignId` (and, given, `contentHash`) came from `campaign`. */
  const proofOf = (
    T: string,
    name: string,
    props: Record<string, unknown>,
    campaign: StackResource,
    follows = false,
  ) => ({
    ...res(`${T}CampaignProof`, name, props, campaign),
    propertyDependencies: { campaignId: [campaign], ...(follows ? { contentHash: [campaign] } : {}) },
  });
  const scheduleOf = (T: string, campaign: StackResource) =>
    res(`${T}CampaignSchedule`, "send", { campaignId: "c1", scheduleTime: "2030-01-01T09:00:00Z" }, campaign);

  test.each([D, P])("%s: a schedule with a proof of the campaign's current hash passes", (T) => {
    const campaign = res(`${T}Campaign`, "welcome", { contentHash: HASH });
    const resources = [
      campaign,
      proofOf(T, "proof", { campaignId: "c1", addresses: ["a@example.com"], proofedHash: HASH }, campaign),
      scheduleOf(T, campaign),
    ];
    expect(schedulesWithoutProof(resources)).toEqual([]);
  });

  test.each([D, P])(
    "%s: a schedule without a proof, or with a proof of an older content, is flagged",
    (T) => {
      const campaign = res(`${T}Campaign`, "welcome", { contentHash: HASH });
      const stale = proofOf(
        T,
        "proof",
        { campaignId: "c1", addresses: ["a@example.com"], proofedHash: OLD },
        campaign,
      );
      const fix =
        "so it would go out with nobody having seen it: add a CampaignProof with the same campaignId and " +
        "contentHash: <campaign>.contentHash, and read the proof before the schedule is applied.";
      expect(schedulesWithoutProof([campaign, scheduleOf(T, campaign)])).toEqual([
        {
          urn: `urn:pulumi:dev::p::${T}CampaignSchedule::send`,
          message: `CampaignSchedule "send": campaign "welcome" has no CampaignProof in this stack, ${fix}`,
        },
      ]);
      expect(schedulesWithoutProof([campaign, stale, scheduleOf(T, campaign)]).map((v) => v.message)).toEqual(
        [
          `CampaignSchedule "send": campaign "welcome" has no CampaignProof of its current subject and content (contentHash aaaaaaaaaaaa…) in this stack, ${fix}`,
        ],
      );
    },
  );

  test("in a preview of a change, a proof that follows the campaign's contentHash passes and one that does not is flagged", () => {
    const campaign = res(`${D}Campaign`, "welcome", { contentHash: unknownStringValue });
    const follows = proofOf(
      D,
      "proof",
      { campaignId: "c1", addresses: ["a@example.com"], contentHash: unknownStringValue, proofedHash: OLD },
      campaign,
      true,
    );
    const alone = proofOf(
      D,
      "proof",
      { campaignId: "c1", addresses: ["a@example.com"], proofedHash: OLD },
      campaign,
    );
    expect(schedulesWithoutProof([campaign, follows, scheduleOf(D, campaign)])).toEqual([]);
    // A preview of a create: the dynamic resources' computed outputs are absent, not unknown.
    const made = res(`${D}Campaign`, "welcome", {});
    const proofToMake = proofOf(
      D,
      "proof",
      { campaignId: unknownStringValue, addresses: ["a@example.com"], contentHash: unknownStringValue },
      made,
      true,
    );
    expect(schedulesWithoutProof([made, proofToMake, scheduleOf(D, made)])).toEqual([]);
    expect(schedulesWithoutProof([made, scheduleOf(D, made)])).toHaveLength(1);
    expect(schedulesWithoutProof([campaign, alone, scheduleOf(D, campaign)]).map((v) => v.message)).toEqual([
      'CampaignSchedule "send": campaign "welcome" has no CampaignProof that follows its coming subject and content in this stack, ' +
        "so it would go out with nobody having seen it: add a CampaignProof with the same campaignId and " +
        "contentHash: <campaign>.contentHash, and read the proof before the schedule is applied.",
    ]);
  });

  test("a schedule of a literal campaign id needs a proof of that id, and only that", () => {
    const resources = [
      res(`${D}CampaignProof`, "p", { campaignId: "c1", addresses: ["a@example.com"], proofedHash: OLD }),
      res(`${D}CampaignSchedule`, "s1", { campaignId: "c1", scheduleTime: "2030-01-01T09:00:00Z" }),
      res(`${D}CampaignSchedule`, "s2", { campaignId: "c2", scheduleTime: "2030-01-01T09:00:00Z" }),
    ];
    expect(schedulesWithoutProof(resources).map((v) => v.urn)).toEqual([
      `urn:pulumi:dev::p::${D}CampaignSchedule::s2`,
    ]);
  });
});

describe("the policies as @pulumi/policy runs them", () => {
  const byName = new Map(policies.map((p) => [p.name, p]));

  test("six rules, named exactly, each mandatory by default but schedule-needs-proof and content-checks, advisory", () => {
    expect(policies.map((p) => [p.name, p.enforcementLevel])).toEqual([
      ["schedule-needs-audience", "mandatory"],
      ["schedule-needs-proof", "advisory"],
      ["schedule-lead-time", "mandatory"],
      ["sender-domain", "mandatory"],
      ["webhook-https", "mandatory"],
      ["content-checks", "advisory"],
    ]);
  });

  /** Runs a policy on resources with a config, as the server does, and returns what it reported. */
  async function run(name: string, resources: StackResource[], config: object = {}): Promise<string[]> {
    const policy = byName.get(name) as any;
    const reported: string[] = [];
    const reportViolation = (message: string, urn?: string) => reported.push(`${urn} ${message}`);
    const common = { getConfig: () => config, stackTags: new Map(), notApplicable: () => undefined as never };
    if (policy.validateStack) {
      await policy.validateStack({ ...common, resources }, reportViolation);
    } else {
      for (const r of resources) await policy.validateResource({ ...common, ...r }, reportViolation);
    }
    return reported;
  }

  test("schedule-lead-time is a resource rule (the engine runs it on inputs before each create or update); schedule-needs-audience a stack rule", () => {
    expect(policies.map((p) => [p.name, "validateResource" in p ? "resource" : "stack"])).toEqual([
      ["schedule-needs-audience", "stack"],
      ["schedule-needs-proof", "stack"],
      ["schedule-lead-time", "resource"],
      ["sender-domain", "resource"],
      ["webhook-https", "resource"],
      ["content-checks", "resource"],
    ]);
  });

  test("schedule-lead-time reads hours from its config, default 2", async () => {
    const inOneHour = new Date(Date.now() + 3_600_000).toISOString();
    const schedule = res(`${D}CampaignSchedule`, "send", { scheduleTime: inOneHour });
    expect((await run("schedule-lead-time", [schedule])).length).toBe(1);
    expect(await run("schedule-lead-time", [schedule], { hours: 0.5 })).toEqual([]);
  });

  test("sender-domain reads domains from its config, and checks nothing without", async () => {
    const campaign = res(`${P}Campaign`, "c", { replyTo: "news@example.com" });
    expect(await run("sender-domain", [campaign])).toEqual([]);
    expect(await run("sender-domain", [campaign], { domains: ["example.org"] })).toEqual([
      `${campaign.urn} Campaign "c": replyTo "news@example.com" is on example.com, outside the sender domains ` +
        "this pack allows (example.org): use an address on one of those domains, or add example.com to the " +
        '"sender-domain" domains of the pack\'s config if the company owns it.',
    ]);
  });

  test("schedule-needs-audience reads campaignGroups from its config, default true", async () => {
    const campaign = res(`${D}Campaign`, "c", { groups: ["g1"] });
    const schedule = res(`${D}CampaignSchedule`, "s", { scheduleTime: "2030-01-01T09:00:00Z" }, campaign);
    expect(await run("schedule-needs-audience", [campaign, schedule])).toEqual([]);
    expect(
      (await run("schedule-needs-audience", [campaign, schedule], { campaignGroups: false })).length,
    ).toBe(1);
  });

  test("webhook-https reports on the webhook", async () => {
    const webhook = res(`${P}Webhook`, "h", { url: "http://x.example" });
    expect(await run("webhook-https", [webhook])).toEqual([
      `${webhook.urn} Webhook "h": url http://x.example is not https, so Sender would deliver subscriber data in ` +
        "clear text: serve the endpoint over TLS and give its https:// URL.",
    ]);
  });
});
