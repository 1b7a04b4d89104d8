import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, test } from "vitest";
import { autonamedTitleOf, cutCodePoints, sameTitle } from "../../provider/core/autoname";
import { Campaign, TransactionalCampaign } from "../../sdk";
import { instanceMark, markedTitle, titleFromUrn } from "../../sdk/autoname";
import { installMocks, registration, resolved, stackNonceOfMocks, stackNonces } from "./mocks";

beforeAll(async () => {
  await installMocks();
});

const CAMPAIGN = {
  subject: "Hi",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
} as const;
const urnOf = (type: string, name: string) =>
  `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::${type}::${name}`;

/** True when no lone surrogate is left (String.prototype.isWellFormed, which the spec's lib predates). */
const wellFormed = (text: string): boolean =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

class Folder extends pulumi.ComponentResource {
  constructor(name: string) {
    super("examples:index:Folder", name);
  }
}

describe("autonamed titles", () => {
  test("an explicit title is sent as given, not marked autonamed, with the stack instance's mark beside it", async () => {
    const campaign = new Campaign("explicit", { ...CAMPAIGN, title: "Welcome" });
    await resolved(campaign.id);
    const { inputs } = registration("explicit");
    const mark = instanceMark(
      stackNonceOfMocks(),
      urnOf("pulumi-nodejs:dynamic/sender:Campaign", "explicit"),
    );
    expect([inputs.title, inputs.autonamed, inputs.ownershipMark]).toEqual(["Welcome", undefined, mark]);
  });

  test("one hidden StackNonce resource per program holds the nonce every mark is made of", async () => {
    const one = new Campaign("one", CAMPAIGN);
    const two = new TransactionalCampaign("two", {
      subject: "S",
      from: "F",
      replyTo: "a@example.com",
      editor: "html",
    });
    await Promise.all([resolved(one.id), resolved(two.id)]);
    expect(stackNonces.map((r) => [r.type, r.name])).toEqual([
      ["pulumi-nodejs:dynamic/sender:StackNonce", "sender-stack-nonce"],
    ]);
    expect(stackNonceOfMocks()).toMatch(/^[0-9a-f]{32}$/);
    const nonce = stackNonceOfMocks();
    expect(registration("one").inputs.title).toBe(
      autonamedTitleOf("one", instanceMark(nonce, urnOf("pulumi-nodejs:dynamic/sender:Campaign", "one"))),
    );
    // The URN alone (the same in a same-named stack on another backend) gives another title.
    expect(registration("one").inputs.title).not.toBe(
      titleFromUrn("one", urnOf("pulumi-nodejs:dynamic/sender:Campaign", "one")),
    );
    expect(registration("one").inputs.ownershipMark).toBe(
      instanceMark(nonce, urnOf("pulumi-nodejs:dynamic/sender:Campaign", "one")),
    );
  });

  test("a marked title is `<title> [<mark>]`, cut to the service's 255 characters", () => {
    expect(markedTitle("Welcome", "1a2b3c4d")).toBe("Welcome [1a2b3c4d]");
    const long = markedTitle("x".repeat(300), "1a2b3c4d");
    expect([long.length, long.endsWith(" [1a2b3c4d]")]).toEqual([255, true]);
  });

  test("an adoption keeps the adopted campaign's title: none is made up", async () => {
    const campaign = new TransactionalCampaign("adopting", {
      subject: "S",
      from: "F",
      replyTo: "a@example.com",
      editor: "html",
      adoptId: "trn001",
    });
    await resolved(campaign.id);
    const { inputs } = registration("adopting");
    expect([inputs.title, inputs.autonamed, inputs.ownershipMark]).toEqual([undefined, undefined, undefined]);
  });

  test("the suffix hashes the whole URN: a parent's type changes it, the stack's name is in it", async () => {
    const folder = new Folder("folder");
    const campaign = new Campaign("welcome", CAMPAIGN, { parent: folder });
    await resolved(campaign.id);
    const { inputs } = registration("welcome");
    const type = "pulumi-nodejs:dynamic/sender:Campaign";
    const nonce = stackNonceOfMocks();
    expect(inputs.title).toBe(
      autonamedTitleOf("welcome", instanceMark(nonce, urnOf(`examples:index:Folder$${type}`, "welcome"))),
    );
    expect(inputs.title).not.toBe(autonamedTitleOf("welcome", instanceMark(nonce, urnOf(type, "welcome"))));
    expect(instanceMark(nonce, "urn:pulumi:staging::p::t::welcome")).not.toBe(
      instanceMark(nonce, "urn:pulumi:production::p::t::welcome"),
    );
    // Same URN, another stack instance (another backend): another mark.
    expect(instanceMark(nonce, urnOf(type, "welcome"))).not.toBe(
      instanceMark("0".repeat(32), urnOf(type, "welcome")),
    );
  });

  test("a long resource name is cut so that the title fits 255 characters, suffix kept", () => {
    const title = titleFromUrn("n".repeat(300), "urn:pulumi:s::p::t::n");
    expect([title.length, /^n{246}-[0-9a-f]{8}$/.test(title)]).toEqual([255, true]);
  });

  test("titles are cut on code points, never in the middle of a surrogate pair", () => {
    // 246 code points fit before `-<8 hex>`; an emoji is 2 UTF-16 units, 1 code point.
    const name = `a${"😀".repeat(300)}`;
    const title = autonamedTitleOf(name, "1a2b3c4d");
    expect([[...title].length, wellFormed(title), title]).toEqual([
      255,
      true,
      `a${"😀".repeat(245)}-1a2b3c4d`,
    ]);
    const marked = markedTitle("😀".repeat(300), "1a2b3c4d");
    expect([[...marked].length, wellFormed(marked)]).toEqual([255, true]);
    expect(cutCodePoints("a😀b", 2)).toBe("a😀");
    expect(cutCodePoints("ab", 5)).toBe("ab");
  });

  test.each([
    ["Café", "Cafe\u0301", true], // NFD and NFC: the same title
    [" Welcome ", "Welcome", true], // the service may trim
    ["Welcome", "welcome", false], // case is the program's
    ["Welcome", "Welcome!", false],
  ])("ownership compares %j and %j after trim and NFC: same %s", (a, b, same) => {
    expect(sameTitle(a, b)).toBe(same);
  });
});
