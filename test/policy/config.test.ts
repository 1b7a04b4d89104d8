import { describe, expect, test } from "vitest";
import { configProblems } from "../../policy/src/config";
import { policies } from "../../policy/src/policies";

const RULES =
  '"schedule-needs-audience", "schedule-needs-proof", "schedule-lead-time", "sender-domain", "webhook-https", "content-checks"';

describe("the pack's check of its config", () => {
  test("a config of known rules and properties, levels and `all` included, has no problem", () => {
    expect(
      configProblems(policies, {
        all: {},
        "schedule-lead-time": { enforcementLevel: "advisory", hours: 4 },
        "schedule-needs-audience": { campaignGroups: false },
        "sender-domain": { domains: ["example.org"] },
        "webhook-https": {},
      }),
    ).toEqual([]);
  });

  test("a property a rule does not have is named, with the rule's properties", () => {
    expect(configProblems(policies, { "schedule-lead-time": { hour: 48 } })).toEqual([
      'rule "schedule-lead-time" has no config property "hour": its properties are "hours" (and enforcementLevel)',
    ]);
    expect(configProblems(policies, { "webhook-https": { schemes: ["https"] } })).toEqual([
      'rule "webhook-https" has no config property "schemes": it has none (and enforcementLevel)',
    ]);
  });

  test("a rule the pack does not have is named, with the pack's rules", () => {
    expect(
      configProblems(policies, { "schedule-lead-tme": { hours: 4 }, "sender-domain": { domain: [] } }),
    ).toEqual([
      `unknown rule "schedule-lead-tme" in the config of the pulumi-sender-policy pack: its rules are ${RULES}`,
      'rule "sender-domain" has no config property "domain": its properties are "domains" (and enforcementLevel)',
    ]);
  });
});
