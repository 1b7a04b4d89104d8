import { describe, expect, test } from "vitest";
import { SenderHttpError, SenderNetworkError } from "../../../provider/client";
import { inProgramTerms, ProgramTermsError, wireMapOf } from "../../../provider/core/program-errors";
import { campaignFields } from "../../../provider/kinds/campaign/campaign-fields";

const refusal = (status: number, fieldErrors: Record<string, string[]>, apiMessage?: string, more = 0) =>
  new SenderHttpError({
    method: "POST",
    path: "/v2/campaigns/3CgO0C/tags/set",
    status,
    apiMessage,
    fieldErrors,
    moreFieldErrors: more,
  });

const TAGS = { tags_arr: { property: "tagIds", value: ["tag001", "tag999"], noun: "tag" } };

describe("inProgramTerms", () => {
  test.each([
    [
      "an invalid id of a list: not a tag of this account",
      refusal(422, { "tags_arr.1": ["The selected tags arr.1 is invalid."] }),
      TAGS,
      'tagIds[1] "tag999" is not a tag of this account (POST /v2/campaigns/3CgO0C/tags/set answered 422)',
    ],
    [
      "another message on a field: the field, its value, the service's words",
      refusal(422, { reply_to: ["The reply to must be an address on a verified domain."] }),
      wireMapOf(campaignFields, { subject: "Hi", replyTo: "a@unverified.example" }),
      'replyTo "a@unverified.example": The reply to must be an address on a verified domain. (POST /v2/campaigns/3CgO0C/tags/set answered 422)',
    ],
    [
      "a key the request did not carry: kept, and the fields the request carried named",
      refusal(422, { mystery: ["Something is off."] }),
      wireMapOf(campaignFields, { subject: "Hi", from: "News" }),
      "mystery: Something is off. (POST /v2/campaigns/3CgO0C/tags/set answered 422; the request carried subject, from)",
    ],
    [
      "no field named at all (a 400): the message, and the fields the request carried",
      refusal(400, {}, "Campaign cannot be edited."),
      TAGS,
      "Campaign cannot be edited. (POST /v2/campaigns/3CgO0C/tags/set answered 400; the request carried tagIds)",
    ],
    [
      "field errors beyond the kept ones: counted",
      refusal(422, { "tags_arr.0": ["The selected tags arr.0 is invalid."] }, undefined, 41),
      TAGS,
      'tagIds[0] "tag001" is not a tag of this account; … and 41 more (POST /v2/campaigns/3CgO0C/tags/set answered 422)',
    ],
  ])("%s", (_name, error, wire, expected) => {
    const said = inProgramTerms(error, wire);
    expect(said).toBeInstanceOf(ProgramTermsError);
    expect((said as Error).message).toBe(expected);
    expect((said as Error).cause).toBe(error);
  });

  test("leaves other failures as they are: a 404, a 500, a network error", () => {
    const notFound = refusal(404, {}, "Not found.");
    const server = refusal(500, {}, "Server Error");
    const network = new SenderNetworkError({
      method: "GET",
      path: "/v2/x",
      cause: new Error("x"),
      neverReachedService: true,
      detail: "x",
    });
    for (const error of [notFound, server, network]) expect(inProgramTerms(error, TAGS)).toBe(error);
  });
});
