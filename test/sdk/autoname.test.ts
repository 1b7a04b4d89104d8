import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, test } from "vitest";
import { markedTitle, markFromUrn, titleFromUrn } from "../../sdk/autoname";
import { Campaign } from "../../sdk/campaign";
import { TransactionalCampaign } from "../../sdk/transactional-campaign";
import { installMocks, registration, resolved } from "./mocks";

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

class Folder extends pulumi.ComponentResource {
  constructor(name: string) {
    super("examples:index:Folder", name);
  }
}

describe("autonamed titles", () => {
  test("an explicit title is sent as given, not marked autonamed, with the URN's mark beside it", async () => {
    const campaign = new Campaign("explicit", { ...CAMPAIGN, title: "Welcome" });
    await resolved(campaign.id);
    const { inputs } = registration("explicit");
    const mark = markFromUrn(urnOf("pulumi-nodejs:dynamic/sender:Campaign", "explicit"));
    expect([inputs.title, inputs.autonamed, inputs.ownershipMark]).toEqual(["Welcome", undefined, mark]);
    expect(titleFromUrn("explicit", urnOf("pulumi-nodejs:dynamic/sender:Campaign", "explicit"))).toBe(
      `explicit-${mark}`,
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
    expect(inputs.title).toBe(titleFromUrn("welcome", urnOf(`examples:index:Folder$${type}`, "welcome")));
    expect(inputs.title).not.toBe(titleFromUrn("welcome", urnOf(type, "welcome")));
    expect(titleFromUrn("welcome", "urn:pulumi:staging::p::t::welcome")).not.toBe(
      titleFromUrn("welcome", "urn:pulumi:production::p::t::welcome"),
    );
  });

  test("a long resource name is cut so that the title fits 255 characters, suffix kept", () => {
    const title = titleFromUrn("n".repeat(300), "urn:pulumi:s::p::t::n");
    expect([title.length, /^n{246}-[0-9a-f]{8}$/.test(title)]).toEqual([255, true]);
  });
});
