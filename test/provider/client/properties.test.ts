import { inspect } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildQuery,
  encodeBracketList,
  encodeJsonArray,
  encodePathSegment,
  formatHttpErrorMessage,
  formatTimestamp,
  normaliseFieldErrors,
  SenderClient,
  SenderHttpError,
  UnsafePathSegmentError,
  unsafeSegmentReason,
} from "../../../provider/client";
import { type CannedServer, startCannedServer } from "./helpers/canned-server";

/** Characters allowed unencoded in a query value by RFC 3986 (plus the brackets we keep). */
const SAFE_QUERY_TEXT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%[\]]*$/;

describe("query encoders", () => {
  it("encodeBracketList decodes back to the ids, with literal brackets and commas", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1 }), (ids) => {
        const { raw } = encodeBracketList(ids);
        expect(raw.startsWith("[") && raw.endsWith("]")).toBe(true);
        expect(raw.slice(1, -1).split(",").map(decodeURIComponent)).toEqual(ids);
        expect(SAFE_QUERY_TEXT.test(raw)).toBe(true);
      }),
    );
    expect(encodeBracketList(["b6gXkQ", "c7hYlR"]).raw).toBe("[b6gXkQ,c7hYlR]");
  });

  it("encodeJsonArray decodes to the JSON array literal", () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (values) => {
        const { raw } = encodeJsonArray(values);
        expect(JSON.parse(decodeURIComponent(raw))).toEqual(values);
        // What a server reads through URLSearchParams is the same JSON text.
        expect(new URLSearchParams(`actions=${raw}`).get("actions")).toBe(JSON.stringify(values));
        expect(SAFE_QUERY_TEXT.test(raw)).toBe(true);
      }),
    );
    expect(encodeJsonArray(["opened", "clicked"]).raw).toBe("[%22opened%22,%22clicked%22]");
  });

  it("buildQuery round-trips plain values through URLSearchParams, in order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.string({ minLength: 1 }), fc.string()), { selector: ([k]) => k }),
        (pairs) => {
          const params = Object.fromEntries(pairs);
          const parsed = [...new URLSearchParams(buildQuery(params).slice(1))];
          // Object key order (integer-like keys first) is the sending order.
          expect(parsed).toEqual(Object.entries(params));
        },
      ),
    );
    expect(buildQuery({ status: "DRAFT", page: undefined, limit: 10 })).toBe("?status=DRAFT&limit=10");
    expect(buildQuery({})).toBe("");
  });

  it("encodePathSegment keeps any safe value in one segment and refuses the others", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        if (unsafeSegmentReason(value) !== undefined) {
          expect(() => encodePathSegment(value)).toThrow(UnsafePathSegmentError);
          return;
        }
        const encoded = encodePathSegment(value);
        expect(encoded.includes("/") || encoded.includes("?") || encoded.includes("#")).toBe(false);
        expect(decodeURIComponent(encoded)).toBe(value);
      }),
    );
  });

  it("formatTimestamp gives Y-m-d H:i:s in UTC", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        (date) => {
          const text = formatTimestamp(date);
          expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
          expect(Date.parse(`${text.replace(" ", "T")}Z`)).toBe(Math.floor(date.getTime() / 1000) * 1000);
        },
      ),
    );
  });
});

describe("error message formatting", () => {
  const fieldErrors = fc.dictionary(
    fc.string({ minLength: 1 }),
    fc.oneof(fc.string(), fc.array(fc.string(), { minLength: 1 })),
  );

  it("a 422 lists every field message as `field: message`, joined with `; `", () => {
    fc.assert(
      fc.property(fieldErrors, (errors) => {
        const normalised = normaliseFieldErrors(errors);
        const message = formatHttpErrorMessage({
          method: "POST",
          path: "/v2/campaigns",
          status: 422,
          fieldErrors: normalised,
        });
        const parts = Object.entries(normalised).flatMap(([field, list]) =>
          list.map((m) => `${field}: ${m}`),
        );
        expect(message).toBe(
          parts.length > 0
            ? `POST /v2/campaigns failed with 422: ${parts.join("; ")}`
            : "POST /v2/campaigns failed with 422",
        );
        for (const [field, value] of Object.entries(errors)) {
          expect(normalised[field]).toEqual(Array.isArray(value) ? value : [value]);
        }
      }),
    );
  });

  it("any other status shows the API message (401 and 429 add what to do)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 400, max: 599 }).filter((s) => s !== 422 && s !== 401 && s !== 429),
        fc.string({ minLength: 1 }),
        (status, apiMessage) => {
          expect(formatHttpErrorMessage({ method: "GET", path: "/v2/x", status, apiMessage })).toBe(
            `GET /v2/x failed with ${status}: ${apiMessage}`,
          );
        },
      ),
    );
  });
});

describe("the token never appears in an error", () => {
  let server: CannedServer;
  beforeAll(async () => {
    server = await startCannedServer();
  });
  afterAll(() => server.close());

  it("whatever the service answers, even an echo of the token", async () => {
    const token = fc.string({
      unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_"),
      minLength: 12,
      maxLength: 40,
    });
    const body = (secret: string) =>
      fc.oneof(
        fc.jsonValue(),
        fc.record({
          message: fc.constant(`invalid ${secret}`),
          errors: fc.dictionary(fc.constantFrom("a", secret), fc.constant(secret)),
        }),
        fc.constant(secret),
      );
    await fc.assert(
      fc.asyncProperty(
        token.chain((secret) =>
          fc.tuple(fc.constant(secret), body(secret), fc.constantFrom(400, 401, 404, 422, 500)),
        ),
        async ([secret, answer, status]) => {
          server.handle(() => ({ status, raw: JSON.stringify(answer) }));
          const client = new SenderClient({
            baseUrl: server.url,
            apiToken: secret,
            retry: { maxAttempts: 1 },
          });
          const error = await client.getCampaign("b6gXkQ").then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(SenderHttpError);
          for (const view of [
            String(error),
            JSON.stringify(error),
            inspect(error, { depth: 20, showHidden: true }),
            inspect(client),
          ]) {
            expect(view).not.toContain(secret);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
