import { describe, expect, test } from "vitest";
import { stackNonceProvider } from "../../../provider/dynamic/stack-nonce";
import { BOTH_CONFIRMATIONS, COPY_OF_ENV, MOVED_FROM_ENV } from "../../../provider/pulumi/stack-place";

const NONCE = "0123456789abcdef0123456789abcdef";
const CANDIDATE = "fedcba9876543210fedcba9876543210";
const A = "aaaaaaaaaaaaaaaa";
const B = "bbbbbbbbbbbbbbbb";
const PROVIDER = "exports.handler=function(){}";
const OLDS = { nonce: NONCE, place: A, __provider: PROVIDER };

describe("StackNonce: the nonce and the place it was last used in", () => {
  test.each([
    {
      name: "a new stack takes the candidate and records its place",
      olds: {},
      news: { nonce: CANDIDATE, place: B },
      inputs: { nonce: CANDIDATE, place: B },
    },
    {
      name: "the same place keeps the nonce",
      olds: OLDS,
      news: { nonce: CANDIDATE, place: A },
      inputs: { nonce: NONCE, place: A },
    },
    {
      name: "a state from before places records the place and keeps the nonce",
      olds: { nonce: NONCE },
      news: { nonce: CANDIDATE, place: B },
      inputs: { nonce: NONCE, place: B },
    },
    {
      name: "a program of an older SDK (no place) keeps both",
      olds: OLDS,
      news: { nonce: CANDIDATE },
      inputs: { nonce: NONCE, place: A },
    },
    {
      name: "a confirmed move keeps the nonce, at the new place",
      olds: OLDS,
      news: { nonce: CANDIDATE, place: B, movedFrom: A },
      inputs: { nonce: NONCE, place: B },
    },
    {
      name: "a declared copy takes the candidate, at the new place",
      olds: OLDS,
      news: { nonce: CANDIDATE, place: B, copyOf: A },
      inputs: { nonce: CANDIDATE, place: B },
    },
    {
      name: "a record of this place hashed the old way keeps the nonce and records the new way",
      olds: { ...OLDS, place: "cccccccccccccccc" },
      news: { nonce: CANDIDATE, place: B, oldWayPlace: "cccccccccccccccc" },
      inputs: { nonce: NONCE, place: B },
    },
  ])("$name", async ({ olds, news, inputs }) => {
    const result = await stackNonceProvider.check!(olds, { ...news, __provider: PROVIDER });
    expect(result).toStrictEqual({ inputs: { ...inputs, __provider: PROVIDER } });
  });

  test.each([
    { name: "nothing said", extra: {} },
    { name: "a move from a place it never was", extra: { movedFrom: B } },
    { name: "a copy of a place it never was", extra: { copyOf: B } },
  ])("another place with $name fails with one line, and keeps the inputs as given", async ({ extra }) => {
    const news = { nonce: CANDIDATE, place: B, ...extra, __provider: PROVIDER };
    const result = await stackNonceProvider.check!(OLDS, news);
    expect(result).toStrictEqual({
      inputs: news,
      failures: [
        {
          property: "",
          reason:
            `this stack's state was last used in another place (another backend, organization, project or stack: ${A} there, ${B} here), ` +
            "and a copy must not take over the objects of the stack it was copied from. " +
            `If the stack moved here, run again with ${MOVED_FROM_ENV}=${A}; if it is a copy, with ${COPY_OF_ENV}=${A}, ` +
            "which gives it a nonce of its own (docs/reliability.md)",
        },
      ],
    });
  });

  test.each([
    { name: "a new stack", olds: {} },
    { name: "the same place", olds: OLDS },
  ])("both confirmations at once fail with one line naming both, for $name", async ({ olds }) => {
    const news = { nonce: CANDIDATE, place: A, movedFrom: A, copyOf: A, __provider: PROVIDER };
    const result = await stackNonceProvider.check!(olds, news);
    expect(result.failures).toStrictEqual([{ property: "", reason: BOTH_CONFIRMATIONS }]);
  });

  test("diff shows a new place or a new nonce as an update, which records them without calling the service", async () => {
    const same = await stackNonceProvider.diff!(
      NONCE,
      { nonce: NONCE, place: A },
      { nonce: NONCE, place: A },
    );
    const moved = await stackNonceProvider.diff!(
      NONCE,
      { nonce: NONCE, place: A },
      { nonce: NONCE, place: B },
    );
    const copied = await stackNonceProvider.diff!(NONCE, { nonce: NONCE }, { nonce: CANDIDATE, place: B });
    expect([same.changes, moved.changes, copied.changes]).toEqual([false, true, true]);
    const updated = await stackNonceProvider.update!(
      NONCE,
      { nonce: NONCE, place: A },
      { nonce: CANDIDATE, place: B },
    );
    expect(updated).toStrictEqual({ outs: { nonce: CANDIDATE, place: B } });
  });
});
