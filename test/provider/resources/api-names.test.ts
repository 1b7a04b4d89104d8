// The type assertions here are checked by `tsc -p tsconfig.spec.json`, part of the test run: an
// unused `@ts-expect-error` (a misspelt API name that compiles) fails the type-check.
import { describe, expect, expectTypeOf, it } from "vitest";
import type * as api from "../../../provider/client/schemas";
import {
  ATTACHMENT_FIELDS,
  CAMPAIGN_FIELDS,
  type CART_FIELDS,
  type PLAN_FIELDS,
  type SENDING_STATUS_FIELDS,
  TRANSACTIONAL_FIELDS,
  type WEBHOOK_FIELDS,
} from "../../../provider/client/schemas";
import { attachmentFields } from "../../../provider/resources/attachment";
import type { TableOf } from "../../../provider/resources/fields";
import { transactionalCampaignFields } from "../../../provider/resources/transactional-campaign";

/** What `provider/resources/campaign-fields.ts` lets its table's `api:` name. */
type CampaignApiName = keyof api.CreateCampaignBody | api.KnownKeys<api.Campaign>;

const apiNames = (table: TableOf): string[] =>
  Object.values(table).flatMap((field) => (field.api === undefined ? [] : [field.api]));

describe("API names of the field tables", () => {
  it("a loose record's keyof is any string; KnownKeys is exactly its table's fields", () => {
    expectTypeOf<keyof api.Campaign>().toEqualTypeOf<string>();
    expectTypeOf<api.KnownKeys<api.Campaign>>().toEqualTypeOf<keyof typeof CAMPAIGN_FIELDS>();
    expectTypeOf<api.KnownKeys<api.SendingStatus>>().toEqualTypeOf<keyof typeof SENDING_STATUS_FIELDS>();
    expectTypeOf<api.KnownKeys<api.Attachment>>().toEqualTypeOf<keyof typeof ATTACHMENT_FIELDS>();
    expectTypeOf<api.KnownKeys<api.Transactional>>().toEqualTypeOf<keyof typeof TRANSACTIONAL_FIELDS>();
    expectTypeOf<api.KnownKeys<api.Webhook>>().toEqualTypeOf<keyof typeof WEBHOOK_FIELDS>();
    expectTypeOf<api.KnownKeys<api.Cart>>().toEqualTypeOf<keyof typeof CART_FIELDS>();
    expectTypeOf<api.KnownKeys<api.Plan>>().toEqualTypeOf<keyof typeof PLAN_FIELDS>();
    expect(Object.keys(CAMPAIGN_FIELDS)).toContain("subject");
  });

  it("a misspelt API name fails to compile; the right one compiles", () => {
    const misspelt = {
      subject: {
        type: "string",
        // @ts-expect-error: "subjct" is neither a field of a campaign nor of its create body.
        api: "subjct",
      },
    } as const satisfies TableOf<CampaignApiName>;
    const right = {
      subject: { type: "string", api: "subject" },
    } as const satisfies TableOf<CampaignApiName>;
    // @ts-expect-error: a Transactional has no `unsubscribe_count` (its field is `unsubscribeCount`).
    const wrongCounter: api.KnownKeys<api.Transactional> = "unsubscribe_count";
    expect([misspelt.subject.api, right.subject.api, wrongCounter]).toEqual([
      "subjct",
      "subject",
      "unsubscribe_count",
    ]);
  });

  it("every API name of the TransactionalCampaign and Attachment tables is a field the record declares", () => {
    const transactional = new Set(Object.keys(TRANSACTIONAL_FIELDS));
    expect(apiNames(transactionalCampaignFields).filter((name) => !transactional.has(name))).toEqual([]);
    const attachment = new Set([...Object.keys(ATTACHMENT_FIELDS), "file"]);
    expect(apiNames(attachmentFields).filter((name) => !attachment.has(name))).toEqual([]);
    expect(apiNames(attachmentFields).length).toBeGreaterThan(0);
  });
});
