import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import type { attachmentFields } from "../../provider/kinds/attachment";
import type { campaignFields } from "../../provider/kinds/campaign/campaign";
import type { campaignFollowUpFields } from "../../provider/kinds/campaign-follow-up";
import type { campaignScheduleFields } from "../../provider/kinds/campaign-schedule";
import type { campaignTargetingFields } from "../../provider/kinds/campaign-targeting";
import { RESOURCE_KINDS, type ResourceKind } from "../../provider/kinds/registry";
import type { transactionalCampaignFields } from "../../provider/kinds/transactional-campaign/transactional-campaign";
import type { webhookFields } from "../../provider/kinds/webhook";
import type * as sdk from "../../sdk";
import type { ArgsOf, ResourceOutputsOf } from "./table-types";

// The SDK's resource classes are generated from the field tables and sdk/classes.ts by
// `npm run sdk:classes` (scripts/sdk-classes.js). These tests fail when the files are stale, and
// (at compile time, `tsc -p tsconfig.spec.json`) when a generated type stops being the one the
// table implies. The generator builds a TypeScript program, slow on a loaded machine.

const ROOT = path.resolve(__dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/sdk-classes.js");
const script = require(SCRIPT) as {
  fileNameOf(kind: string): string;
  wrap(text: string, indent: string): string[];
};

/** `true` exactly when A and B are the same type (the usual exact-equality idiom). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/**
 * `true` when each of A and B is assignable to the other. Beside {@link Same}, which holds
 * `?: T` and `?: T | undefined` the same: under `exactOptionalPropertyTypes` they are not.
 */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Both {@link Same} and {@link Mutual}. */
type Equal<A, B> = Same<A, B> extends true ? Mutual<A, B> : false;
/** An intersection of object types as one object type. */
type Flat<T> = { [K in keyof T]: T[K] };
/** A class's outputs: its members named by its table's fields. */
type Outputs<C, T> = Pick<C, keyof T & keyof C>;

// Each kind's `<Kind>Args` is, member for member (name, optionality, type), what the mapped type
// the SDK used before computes from the table; and so are the class's outputs.
const argsAsTable: Record<ResourceKind, true> = {
  Campaign: true satisfies Equal<sdk.CampaignArgs, Flat<ArgsOf<typeof campaignFields>>>,
  CampaignTargeting: true satisfies Equal<
    sdk.CampaignTargetingArgs,
    Flat<ArgsOf<typeof campaignTargetingFields>>
  >,
  CampaignFollowUp: true satisfies Equal<
    sdk.CampaignFollowUpArgs,
    Flat<ArgsOf<typeof campaignFollowUpFields>>
  >,
  CampaignSchedule: true satisfies Equal<
    sdk.CampaignScheduleArgs,
    Flat<ArgsOf<typeof campaignScheduleFields>>
  >,
  Attachment: true satisfies Equal<sdk.AttachmentArgs, Flat<ArgsOf<typeof attachmentFields>>>,
  TransactionalCampaign: true satisfies Equal<
    sdk.TransactionalCampaignArgs,
    Flat<ArgsOf<typeof transactionalCampaignFields>>
  >,
  Webhook: true satisfies Equal<sdk.WebhookArgs, Flat<ArgsOf<typeof webhookFields>>>,
};

const outputsAsTable: Record<ResourceKind, true> = {
  Campaign: true satisfies Equal<
    Outputs<sdk.Campaign, typeof campaignFields>,
    ResourceOutputsOf<typeof campaignFields>
  >,
  CampaignTargeting: true satisfies Equal<
    Outputs<sdk.CampaignTargeting, typeof campaignTargetingFields>,
    ResourceOutputsOf<typeof campaignTargetingFields>
  >,
  CampaignFollowUp: true satisfies Equal<
    Outputs<sdk.CampaignFollowUp, typeof campaignFollowUpFields>,
    ResourceOutputsOf<typeof campaignFollowUpFields>
  >,
  CampaignSchedule: true satisfies Equal<
    Outputs<sdk.CampaignSchedule, typeof campaignScheduleFields>,
    ResourceOutputsOf<typeof campaignScheduleFields>
  >,
  Attachment: true satisfies Equal<
    Outputs<sdk.Attachment, typeof attachmentFields>,
    ResourceOutputsOf<typeof attachmentFields>
  >,
  TransactionalCampaign: true satisfies Equal<
    Outputs<sdk.TransactionalCampaign, typeof transactionalCampaignFields>,
    ResourceOutputsOf<typeof transactionalCampaignFields>
  >,
  Webhook: true satisfies Equal<
    Outputs<sdk.Webhook, typeof webhookFields>,
    ResourceOutputsOf<typeof webhookFields>
  >,
};

// The comparison tells types apart: a required member made optional, a union widened, `undefined`
// added to an optional member, a member made readonly.
const idiom = {
  optional: false satisfies Equal<{ a: string }, { a?: string }>,
  widened: false satisfies Equal<{ a: "x" | "y" }, { a: string }>,
  undefinedAdded: false satisfies Equal<{ a?: string }, { a?: string | undefined }>,
  readonly: false satisfies Equal<{ a: string }, { readonly a: string }>,
};

describe("the SDK's resource classes, generated from the field tables", () => {
  test("sdk/*.generated.ts are what `npm run sdk:classes` writes, and no other", () => {
    const printed: Record<string, string> = JSON.parse(
      execFileSync(process.execPath, [SCRIPT, "--print"], { encoding: "utf8" }),
    );
    const onDisk = fs
      .readdirSync(path.join(ROOT, "sdk"))
      .filter((name) => name.endsWith(".generated.ts"))
      .map((name) => `sdk/${name}`);
    expect(onDisk.sort()).toStrictEqual(Object.keys(printed).sort());
    expect(Object.keys(printed).sort()).toStrictEqual(
      [
        ...RESOURCE_KINDS.map((kind) => `sdk/${script.fileNameOf(kind)}.generated.ts`),
        "sdk/resources.generated.ts",
      ].sort(),
    );
    for (const [file, text] of Object.entries(printed)) {
      expect(fs.readFileSync(path.join(ROOT, file), "utf8"), file).toBe(text);
      expect(text.split("\n")[0], file).toMatch(/^\/\/ Generated by `npm run sdk:classes`/);
    }
  }, 120_000);

  test("every kind's Args and outputs are compared with its table", () => {
    expect(Object.keys(argsAsTable).sort()).toStrictEqual([...RESOURCE_KINDS].sort());
    expect(Object.keys(outputsAsTable).sort()).toStrictEqual([...RESOURCE_KINDS].sort());
    expect(Object.values(idiom)).toStrictEqual([false, false, false, false]);
  });

  test.each([
    ["Campaign", "campaign"],
    ["CampaignFollowUp", "campaign-follow-up"],
    ["TransactionalCampaign", "transactional-campaign"],
  ])("%s's class is in sdk/%s.generated.ts", (kind, file) => {
    expect(script.fileNameOf(kind)).toBe(file);
  });

  test("a doc is wrapped between words, never before one that would start a list, a quote or a tag", () => {
    const words = `${"word ".repeat(18)}- @see 1. done`;
    expect(script.wrap(words, "  ")).toStrictEqual([`${"word ".repeat(17)}word - @see 1.`, "done"]);
    expect(() => script.wrap("a */ b", "")).toThrow('a doc cannot hold "*/": a */ b');
  });
});
