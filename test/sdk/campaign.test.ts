import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, test } from "vitest";
import { Campaign } from "../../sdk";
import { instanceMark } from "../../sdk/autoname";
import { installMocks, placeOfMocks, registration, resolved, stackNonceOfMocks, TOKEN } from "./mocks";

beforeAll(async () => {
  await installMocks();
});

describe("Campaign under mocks", () => {
  test("should register the dynamic type with the camelCase inputs and a dispatching __provider", async () => {
    const campaign = new Campaign("welcome", {
      title: "Welcome",
      subject: "Welcome aboard",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      content: "<p>Hello</p>",
      googleAnalytics: true,
      groups: pulumi.output(["grp002", "grp001"]),
      segments: [],
      adoptId: "b6gXkQ",
    });
    expect(await resolved(campaign.id)).toBe("welcome-id");
    const args = registration("welcome");
    expect(args.type).toBe("pulumi-nodejs:dynamic/sender:Campaign");
    expect(args.custom).toBe(true);
    // Pure outputs (status, created...) are passed as undefined and never reach the engine.
    expect(args.inputs).toEqual({
      title: "Welcome",
      subject: "Welcome aboard",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      content: "<p>Hello</p>",
      googleAnalytics: true,
      groups: ["grp002", "grp001"],
      segments: [],
      adoptId: "b6gXkQ",
      __provider: expect.stringContaining("providerFor('Campaign'"),
      __senderPlace: placeOfMocks(),
    });
    expect(JSON.stringify(args)).not.toContain(TOKEN);
  });

  test("should leave out the optional inputs that are not given and expose the outputs", async () => {
    const campaign = new Campaign("minimal", {
      subject: "Hi",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "text",
    });
    expect(await resolved(campaign.subject)).toBe("Hi");
    expect(await resolved(campaign.contentType)).toBe("text");
    const args = registration("minimal");
    expect(Object.keys(args.inputs).sort()).toEqual([
      "__provider",
      "__senderPlace",
      "autonamed",
      "contentType",
      "from",
      "ownershipMark",
      "replyTo",
      "subject",
      "title",
    ]);
    // No title: autonamed from the stack instance's nonce and the URN, the same in every run of this stack.
    const mark = instanceMark(
      stackNonceOfMocks(),
      `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::pulumi-nodejs:dynamic/sender:Campaign::minimal`,
    );
    expect([args.inputs.title, args.inputs.autonamed, args.inputs.ownershipMark]).toEqual([
      `minimal-${mark}`,
      true,
      mark,
    ]);
    expect(args.inputs.title).toMatch(/^minimal-[0-9a-f]{8}$/);
    expect(JSON.stringify(args)).not.toContain(TOKEN);
  });
});
