// The type assertions here are checked by `tsc -p tsconfig.spec.json`, part of the test run: an
// unused `@ts-expect-error` (a misspelt API name that compiles) fails the type-check.
import { describe, expect, expectTypeOf, it } from "vitest";
import type * as api from "../../../provider/client/schemas";
import {
  ATTACHMENT_FIELDS,
  type CAMPAIGN_FIELDS,
  type CART_FIELDS,
  type PLAN_FIELDS,
  type SENDING_STATUS_FIELDS,
  TRANSACTIONAL_FIELDS,
  type WEBHOOK_FIELDS,
} from "../../../provider/client/schemas";
import type { TableOf } from "../../../provider/core/fields";
import { attachmentFields } from "../../../provider/kinds/attachment";
import { createBodyOf } from "../../../provider/kinds/campaign/campaign";
import { transactionalCampaignFields } from "../../../provider/kinds/transactional-campaign/transactional-campaign";

/** What `provider/kinds/campaign/campaign-fields.ts` lets its table's `api:` name: a body key on an input, a record key on an output. */
type CampaignTable = TableOf<keyof api.CreateCampaignBody, api.KnownKeys<api.Campaign>>;

const apiNames = (table: TableOf): string[] =>
  Object.values(table).flatMap((field) => (field.api === undefined ? [] : [field.api]));

// Compile-time proofs: `tsc -p tsconfig.spec.json` checks them; at run time they do nothing.

// A loose record's keyof is any string; KnownKeys is exactly its table's fields.
expectTypeOf<keyof api.Campaign>().toEqualTypeOf<string>();
expectTypeOf<api.KnownKeys<api.Campaign>>().toEqualTypeOf<keyof typeof CAMPAIGN_FIELDS>();
expectTypeOf<api.KnownKeys<api.SendingStatus>>().toEqualTypeOf<keyof typeof SENDING_STATUS_FIELDS>();
expectTypeOf<api.KnownKeys<api.Attachment>>().toEqualTypeOf<keyof typeof ATTACHMENT_FIELDS>();
expectTypeOf<api.KnownKeys<api.Transactional>>().toEqualTypeOf<keyof typeof TRANSACTIONAL_FIELDS>();
expectTypeOf<api.KnownKeys<api.Webhook>>().toEqualTypeOf<keyof typeof WEBHOOK_FIELDS>();
expectTypeOf<api.KnownKeys<api.Cart>>().toEqualTypeOf<keyof typeof CART_FIELDS>();
expectTypeOf<api.KnownKeys<api.Plan>>().toEqualTypeOf<keyof typeof PLAN_FIELDS>();

// A misspelt API name fails to compile; the right one compiles.
const _misspelt = {
  subject: {
    type: "string",
    // @ts-expect-error: "subjct" is neither a field of a campaign nor of its create body.
    api: "subjct",
  },
} as const satisfies CampaignTable;
const _right = {
  subject: { type: "string", api: "subject" },
} as const satisfies CampaignTable;
// @ts-expect-error: a Transactional has no `unsubscribe_count` (its field is `unsubscribeCount`).
const _wrongCounter: api.KnownKeys<api.Transactional> = "unsubscribe_count";

// An input's api: is a key of the request body, an output's a key of the record: a record key on an input fails to compile.
const _recordKeyOnInput = {
  // @ts-expect-error: `campaign_groups` is the record's name; the create body sends `groups`.
  groups: {
    type: "stringList",
    api: "campaign_groups",
  },
} as const satisfies CampaignTable;
const _bodyKeyOnOutput = {
  // @ts-expect-error: `content_type` is a body key; an output is read from the record, which has no such key.
  lastAction: {
    type: "string",
    output: true,
    api: "content_type",
  },
} as const satisfies CampaignTable;
const _rightKeys = {
  groups: { type: "stringList", api: "groups" },
  recipientCount: { type: "integer", api: "recipient_count", output: true },
} as const satisfies CampaignTable;
const _webhookRecordKeyOnInput = {
  // @ts-expect-error: a webhook record names the group `group`; the create body sends `relation_id`.
  relationId: {
    type: "string",
    api: "group",
  },
} as const satisfies TableOf<keyof api.CreateWebhookBody, api.KnownKeys<api.Webhook>>;

describe("API names of the field tables", () => {
  it("the Campaign table makes the create body under the body's names", () => {
    const body: api.CreateCampaignBody = createBodyOf({
      subject: "Hi",
      from: "News",
      replyTo: "a@example.com",
      contentType: "html",
      groups: ["g1"],
      googleAnalytics: true,
      adoptId: "not sent",
    });
    expect(body).toEqual({
      subject: "Hi",
      from: "News",
      reply_to: "a@example.com",
      content_type: "html",
      google_analytics: 1,
      groups: ["g1"],
    });
  });

  it("every API name of the TransactionalCampaign and Attachment tables is a field the record declares", () => {
    const transactional = new Set(Object.keys(TRANSACTIONAL_FIELDS));
    expect(apiNames(transactionalCampaignFields).filter((name) => !transactional.has(name))).toEqual([]);
    const attachment = new Set([...Object.keys(ATTACHMENT_FIELDS), "file"]);
    expect(apiNames(attachmentFields).filter((name) => !attachment.has(name))).toEqual([]);
    expect(apiNames(attachmentFields).length).toBeGreaterThan(0);
  });
});
