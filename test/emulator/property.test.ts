import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { testEmulator } from "./helpers";

const DRAFT = "{draft}";

// Routes whose body has a required field that random input practically never satisfies.
const REQUIRED_BODY_ROUTES: [string, string][] = [
  ["POST", "/v2/campaigns"],
  ["POST", `/v2/campaigns/${DRAFT}/schedule`],
  ["POST", `/v2/campaigns/${DRAFT}/last_action`],
  ["POST", `/v2/campaigns/${DRAFT}/send_test_email`],
  ["POST", `/v2/campaigns/${DRAFT}/attachments`],
  ["DELETE", `/v2/campaigns/${DRAFT}/attachments`],
  ["POST", `/v2/campaigns/${DRAFT}/follow_up`],
  ["POST", `/v2/campaigns/${DRAFT}/filters`],
  ["POST", `/v2/campaigns/${DRAFT}/filters/set`],
  ["POST", `/v2/campaigns/${DRAFT}/exclude_filters`],
  ["POST", "/v2/attachment/delete"],
  ["POST", "/v2/transactional"],
  ["POST", "/v2/message/send"],
  ["POST", "/v2/account/webhooks"],
  ["POST", "/v2/carts"],
  ["POST", "/v2/upload/v2/1/fld001"],
  ["POST", "/v2/userImages/bulkDelete"],
];

// Every other mutating route: optional bodies, so random input may be accepted.
const OTHER_MUTATING_ROUTES: [string, string][] = [
  ["PATCH", `/v2/campaigns/${DRAFT}`],
  ["PATCH", `/v2/campaigns/${DRAFT}/send_to_all`],
  ["POST", `/v2/campaigns/${DRAFT}/tags/set`],
  ["POST", `/v2/campaigns/${DRAFT}/send`],
  ["DELETE", `/v2/campaigns/${DRAFT}/schedule`],
  ["PATCH", "/v2/campaigns/snt001"],
  ["POST", "/v2/campaigns/snt001/attachments"],
  ["POST", "/v2/carts/1/convert"],
  ["DELETE", "/v2/account/webhooks/nope00"],
];

async function postRandom(method: string, path: string, body: string) {
  const emu = testEmulator();
  const draft = await emu.createCampaign();
  const before = await emu.state();
  const answer = await emu.call(method, path.replace(DRAFT, draft.id), body);
  return { answer, before, after: await emu.state() };
}

// A random JSON object, sometimes using the real field names so that values get exercised too.
const fieldName = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "subject",
    "from",
    "reply_to",
    "content_type",
    "file",
    "file_name",
    "time",
    "url",
    "topic",
    "email",
  ),
);
const randomObject = fc.dictionary(fieldName, fc.jsonValue(), { maxKeys: 6 });

describe("random bodies", () => {
  test.each(REQUIRED_BODY_ROUTES)(
    "should answer %s %s with a 4xx JSON answer and change nothing",
    async (method, path) => {
      await fc.assert(
        fc.asyncProperty(randomObject, async (body) => {
          const { answer, before, after } = await postRandom(method, path, JSON.stringify(body));
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
          expect(typeof answer.body).toBe("object");
          expect(after).toEqual(before);
        }),
        { numRuns: 25, seed: 20260318 },
      );
    },
  );

  test.each([...REQUIRED_BODY_ROUTES, ...OTHER_MUTATING_ROUTES])(
    "should never answer %s %s with a 5xx, and a rejection changes nothing",
    async (method, path) => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.jsonValue().map((value) => JSON.stringify(value)),
            fc.string(),
          ),
          async (body) => {
            const { answer, before, after } = await postRandom(method, path, body);
            expect(answer.status).toBeLessThan(500);
            expect(typeof answer.body).toBe("object");
            if (answer.status >= 400) expect(after).toEqual(before);
          },
        ),
        { numRuns: 15, seed: 20260318 },
      );
    },
  );
});
