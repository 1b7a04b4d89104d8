import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { contentChecks, policies } from "../../policy/src/policies";
import { DYNAMIC_PREFIX, PLUGIN_PREFIX } from "../../policy/src/resources";
import { contentViolations, type StackResource } from "../../policy/src/rules";
import { ROOT } from "../support/root";

// The pack's `content-checks`: the core's content checks, in the pack's generated copy, on each
// campaign; the copy is what `npm run policy:content` bundles from provider/core/.
const policyRequire = createRequire(path.join(ROOT, "policy/package.json"));
const { unknownCheckingProxy } = policyRequire("@pulumi/policy") as {
  unknownCheckingProxy: <T extends object>(props: T) => T;
};
const { unknownStringValue } = policyRequire("@pulumi/policy/proxy") as { unknownStringValue: unknown };
const generator = require(path.join(ROOT, "scripts/policy-content.js")) as {
  generate(): string;
  FILE: string;
};

function res(type: string, name: string, props: Record<string, unknown>): StackResource {
  return {
    type,
    name,
    urn: `urn:pulumi:dev::p::${type}::${name}`,
    props: unknownCheckingProxy(props),
    propertyDependencies: {},
  };
}

const CAMPAIGN = {
  subject: "Spring is here",
  contentType: "html",
  content: '<p>Hi {{ frstname }}</p><img src="http://cdn.example.com/a.png" alt="">',
};
const ALL = { advisoryFindings: true };

describe("content-checks", () => {
  test("one violation per finding, naming the resource, in both type families", () => {
    for (const prefix of [DYNAMIC_PREFIX, PLUGIN_PREFIX]) {
      expect(contentViolations(res(`${prefix}Campaign`, "news", CAMPAIGN), ALL)).toEqual([
        {
          urn: `urn:pulumi:dev::p::${prefix}Campaign::news`,
          message:
            'Campaign "news": content has no unsubscribe link, which every marketing email must carry; add a link whose address or text says unsubscribe (content check unsubscribe-link)',
        },
        {
          urn: `urn:pulumi:dev::p::${prefix}Campaign::news`,
          message:
            'Campaign "news": content has 1 personalization tag Sender would not fill ({{ frstname }}, did you mean {{ firstname }}?); write tags as {{ firstname }} (content check personalization-tag)',
        },
        {
          urn: `urn:pulumi:dev::p::${prefix}Campaign::news`,
          message:
            'Campaign "news": content has 1 link or image over plain http (<img src="http://cdn.example.com/a.png">); use https:// (content check insecure-url)',
        },
      ]);
    }
  });

  test("advisoryFindings: false leaves out the advisory rules' findings", () => {
    const found = contentViolations(res(`${DYNAMIC_PREFIX}Campaign`, "news", CAMPAIGN), {
      advisoryFindings: false,
    });
    expect(found.map((v) => v.message.split("(content check ")[1])).toEqual([
      "unsubscribe-link)",
      "personalization-tag)",
    ]);
  });

  test("a transactional campaign needs no unsubscribe link; its editor plain reads the body as text", () => {
    const reset = res(`${PLUGIN_PREFIX}TransactionalCampaign`, "reset", {
      subject: "Reset your password",
      editor: "plain",
      content: "Reset it at www.example.com/reset",
    });
    expect(contentViolations(reset, ALL).map((v) => v.message)).toEqual([
      'TransactionalCampaign "reset": content is plain text (editor) but has 1 link written as markup or without a scheme (www.example.com/reset); write each as a full https:// address (content check plain-text-link)',
    ]);
  });

  test("a value the preview does not know is not judged, and another kind is not this rule's", () => {
    const unknown = res(`${DYNAMIC_PREFIX}Campaign`, "news", {
      ...CAMPAIGN,
      contentType: unknownStringValue,
    });
    expect(contentViolations(unknown, ALL)).toEqual([]);
    expect(contentViolations(res(`${DYNAMIC_PREFIX}Webhook`, "hook", CAMPAIGN), ALL)).toEqual([]);
  });

  test("is advisory by default, last of the pack, with advisoryFindings in its config", () => {
    expect([contentChecks.enforcementLevel, policies.at(-1)?.name]).toEqual(["advisory", "content-checks"]);
    expect(Object.keys(contentChecks.configSchema?.properties ?? {})).toEqual(["advisoryFindings"]);
  });

  test("policy/src/content-checks.generated.ts is what the generator bundles from the core", () => {
    expect(fs.readFileSync(generator.FILE, "utf8")).toBe(generator.generate());
  });
});
