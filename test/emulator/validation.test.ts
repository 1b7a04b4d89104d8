import { describe, expect, test } from "vitest";
import { testEmulator, VALID_CAMPAIGN } from "./helpers";

const DRAFT = "{draft}"; // replaced by the id of a fresh DRAFT campaign
const TYPES = "doc, docx, xml, pdf, xlsx, xls, jpg, jpeg, png, svg";
const SENDER = { from: { email: "shop@example.com", name: "Shop" }, subject: "Hi" };

// Laravel names a field by its key with spaces for underscores ("tags arr.1").
// Each row: what the test checks, method, path, body, and the exact `errors` of the 422.
const rows: [string, string, string, unknown, Record<string, string[]>][] = [
  [
    "campaign: every required field missing",
    "POST",
    "/v2/campaigns",
    {},
    {
      subject: ["The subject field is required."],
      from: ["The from field is required."],
      reply_to: ["The reply to field is required."],
      content_type: ["The content type field is required."],
    },
  ],
  [
    "campaign: wrong types, enum, unverified domain, delay, group",
    "POST",
    "/v2/campaigns",
    {
      ...VALID_CAMPAIGN,
      subject: 5,
      reply_to: "news@unverified.example",
      content_type: "mjml",
      auto_followup_delay: 36,
      google_analytics: "yes",
      groups: ["grp001", "grp404"],
    },
    {
      subject: ["The subject must be a string."],
      reply_to: ["The reply to must be an address on a verified domain."],
      content_type: ["The selected content type is invalid."],
      auto_followup_delay: ["The selected auto followup delay is invalid."],
      google_analytics: ["The google analytics must be an integer."],
      "groups.1": ["The selected groups.1 is invalid."],
    },
  ],
  [
    "campaign: reply_to not an email, title too long",
    "POST",
    "/v2/campaigns",
    { ...VALID_CAMPAIGN, reply_to: "news", title: "x".repeat(256) },
    {
      reply_to: ["The reply to must be a valid email address."],
      title: ["The title may not be greater than 255 characters."],
    },
  ],
  [
    "campaign update: bad domain and last-action free fields",
    "PATCH",
    `/v2/campaigns/${DRAFT}`,
    { domain_id: "dom002", auto_followup_delay: 0, subject: "" },
    {
      domain_id: ["The selected domain id is invalid."],
      auto_followup_delay: ["The selected auto followup delay is invalid."],
      subject: ["The subject field is required."],
    },
  ],
  [
    "schedule: missing",
    "POST",
    `/v2/campaigns/${DRAFT}/schedule`,
    {},
    { schedule_time: ["The schedule time field is required."] },
  ],
  [
    "schedule: ISO instead of Y-m-d H:i:s",
    "POST",
    `/v2/campaigns/${DRAFT}/schedule`,
    { schedule_time: "2026-04-01T10:00:00Z" },
    { schedule_time: ["The schedule time does not match the format Y-m-d H:i:s."] },
  ],
  [
    "schedule: not a calendar date",
    "POST",
    `/v2/campaigns/${DRAFT}/schedule`,
    { schedule_time: "2026-02-30 10:00:00" },
    { schedule_time: ["The schedule time does not match the format Y-m-d H:i:s."] },
  ],
  [
    "schedule: in the past (the clock is 2026-03-18 13:01:30)",
    "POST",
    `/v2/campaigns/${DRAFT}/schedule`,
    { schedule_time: "2026-03-18 13:01:30" },
    { schedule_time: ["The schedule time must be a date after now."] },
  ],
  [
    "last_action: unknown step",
    "POST",
    `/v2/campaigns/${DRAFT}/last_action`,
    { last_action: "step2" },
    { last_action: ["The selected last action is invalid."] },
  ],
  [
    "send_to_all: not a boolean",
    "PATCH",
    `/v2/campaigns/${DRAFT}/send_to_all`,
    { send_to_all: "sometimes" },
    { send_to_all: ["The send to all field must be true or false."] },
  ],
  [
    "send_test_email: not an email",
    "POST",
    `/v2/campaigns/${DRAFT}/send_test_email`,
    { address: "qa@" },
    { address: ["The address must be a valid email address."] },
  ],
  [
    "follow-up: missing subject, delay outside the set",
    "POST",
    `/v2/campaigns/${DRAFT}/follow_up`,
    { time: 6 },
    { subject: ["The subject field is required."], time: ["The selected time is invalid."] },
  ],
  [
    "follow-up: delay not a number",
    "POST",
    `/v2/campaigns/${DRAFT}/follow_up`,
    { subject: "s", time: "soon" },
    { time: ["The time must be an integer."] },
  ],
  [
    "attachment: file type not accepted",
    "POST",
    `/v2/campaigns/${DRAFT}/attachments`,
    { file: "https://example.com/run.exe" },
    { file: [`The file must be a file of type: ${TYPES}.`] },
  ],
  [
    "attachment: neither URL nor base64",
    "POST",
    `/v2/campaigns/${DRAFT}/attachments`,
    { file: "C:/docs/a.pdf" },
    { file: ["The file must be an http(s) URL or base64:// data."] },
  ],
  [
    "attachment: base64 without file_name",
    "POST",
    `/v2/campaigns/${DRAFT}/attachments`,
    { file: "base64://aGVsbG8=" },
    { file_name: ["The file name field is required when file is base64 data."] },
  ],
  [
    "attachment delete: file_name missing",
    "DELETE",
    `/v2/campaigns/${DRAFT}/attachments`,
    {},
    { file_name: ["The file name field is required."] },
  ],
  [
    "attachment/delete: file_name missing",
    "POST",
    "/v2/attachment/delete",
    {},
    { file_name: ["The file name field is required."] },
  ],
  [
    "tags/set: unknown tag",
    "POST",
    `/v2/campaigns/${DRAFT}/tags/set`,
    { tags_arr: ["tag001", "tag404"] },
    { "tags_arr.1": ["The selected tags arr.1 is invalid."] },
  ],
  [
    "tags/set: not an array",
    "POST",
    `/v2/campaigns/${DRAFT}/tags/set`,
    { tags_arr: "tag001" },
    { tags_arr: ["The tags arr must be an array."] },
  ],
  [
    "filters/set: filters_arr required",
    "POST",
    `/v2/campaigns/${DRAFT}/filters/set`,
    {},
    { filters_arr: ["The filters arr field is required."] },
  ],
  [
    "filters: unknown filter",
    "POST",
    `/v2/campaigns/${DRAFT}/filters`,
    { filter_id: "flt404" },
    { filter_id: ["The selected filter id is invalid."] },
  ],
  [
    "exclude_filters: unknown filter",
    "POST",
    `/v2/campaigns/${DRAFT}/exclude_filters`,
    { filters_arr: ["flt404"] },
    { "filters_arr.0": ["The selected filters arr.0 is invalid."] },
  ],
  [
    "transactional: required fields",
    "POST",
    "/v2/transactional",
    {},
    {
      subject: ["The subject field is required."],
      from: ["The from field is required."],
      reply_to: ["The reply to field is required."],
      editor: ["The editor field is required."],
    },
  ],
  [
    "transactional: unverified reply_to, unknown editor",
    "POST",
    "/v2/transactional",
    { subject: "s", from: "f", reply_to: "a@unverified.example", editor: "mjml" },
    {
      reply_to: ["The reply to must be an address on a verified domain."],
      editor: ["The selected editor is invalid."],
    },
  ],
  [
    "message: nothing",
    "POST",
    "/v2/message/send",
    {},
    {
      "from.email": ["The from.email field is required."],
      "from.name": ["The from.name field is required."],
      "to.email": ["The to.email field is required."],
      subject: ["The subject field is required."],
    },
  ],
  [
    "message: bad addresses and attachment URL",
    "POST",
    "/v2/message/send",
    {
      from: { email: "shop", name: "Shop" },
      to: { email: "buyer" },
      subject: "Hi",
      attachments: { "invoice.pdf": "ftp://example.com/invoice.pdf" },
    },
    {
      "from.email": ["The from.email must be a valid email address."],
      "to.email": ["The to.email must be a valid email address."],
      "attachments.invoice.pdf": ["The attachments.invoice.pdf must be a valid URL."],
    },
  ],
  [
    "message: bad deprecated recipient_email",
    "POST",
    "/v2/message/send",
    { ...SENDER, recipient_email: "nobody" },
    { recipient_email: ["The recipient email must be a valid email address."] },
  ],
  [
    "webhook: required fields",
    "POST",
    "/v2/account/webhooks",
    {},
    { url: ["The url field is required."], topic: ["The topic field is required."] },
  ],
  [
    "webhook: http URL, relation_id missing for a groups topic",
    "POST",
    "/v2/account/webhooks",
    { url: "http://hooks.example.com/", topic: "groups/unsubscribed" },
    {
      url: ["The url must be a valid https URL."],
      relation_id: ["The relation id field is required when topic is groups/unsubscribed."],
    },
  ],
  [
    "webhook: unknown topic and group",
    "POST",
    "/v2/account/webhooks",
    { url: "https://hooks.example.com/", topic: "orders/new", relation_id: "grp404" },
    { topic: ["The selected topic is invalid."], relation_id: ["The selected relation id is invalid."] },
  ],
  [
    "cart: required fields",
    "POST",
    "/v2/carts",
    {},
    {
      external_id: ["The external id field is required."],
      email: ["The email field is required."],
      url: ["The url field is required."],
    },
  ],
  [
    "cart: bad values and product",
    "POST",
    "/v2/carts",
    { external_id: 1.5, email: "x", url: "cart", products: [{ qty: "two" }] },
    {
      external_id: ["The external id must be an integer."],
      email: ["The email must be a valid email address."],
      url: ["The url must be a valid URL."],
      "products.0.qty": ["The products.0.qty must be a number."],
    },
  ],
  [
    "upload: file neither URL nor base64",
    "POST",
    "/v2/upload/v2/1/fld001",
    { file: "picture" },
    { file: ["The file must be an http(s) URL or base64:// data."] },
  ],
  [
    "bulkDelete: ids required",
    "POST",
    "/v2/userImages/bulkDelete",
    {},
    { ids: ["The ids field is required."] },
  ],
  [
    "list: limit above 100",
    "GET",
    "/v2/campaigns?limit=101",
    undefined,
    { limit: ["The limit may not be greater than 100."] },
  ],
  [
    "list: page not a number",
    "GET",
    "/v2/carts?page=two",
    undefined,
    { page: ["The page must be an integer."] },
  ],
  [
    "list: limit zero",
    "GET",
    "/v2/transactional?limit=0",
    undefined,
    { limit: ["The limit must be at least 1."] },
  ],
  [
    "product data: bad URL",
    "GET",
    "/v2/EditorImports/getProductData?url=shop",
    undefined,
    { url: ["The url must be a valid URL."] },
  ],
];

describe("validation errors", () => {
  test.each(rows)("should answer 422: %s", async (_name, method, path, body, errors) => {
    const emu = testEmulator();
    const draft = await emu.createCampaign();
    const before = await emu.state();
    const answer = await emu.call(method, path.replace(DRAFT, draft.id), body);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: "The given data was invalid.", errors });
    // A rejected request changes nothing.
    expect(await emu.state()).toEqual(before);
  });

  test("should answer 400 to a body that is not JSON", async () => {
    const emu = testEmulator();
    expect(await emu.call("POST", "/v2/campaigns", "{not json")).toMatchObject({
      status: 400,
      body: { success: false, message: "The request body is not valid JSON." },
    });
  });
});
