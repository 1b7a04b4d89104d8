import * as pulumi from "@pulumi/pulumi";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { RESOURCE_KINDS } from "../../provider/kinds/registry";
import * as sender from "../../sdk";
import { clearRegistered, installMocks, registered, resolved } from "./mocks";

// The conventions of Pulumi's generated classes, on every resource class: static get(name, id,
// opts), static isInstance(obj) and __pulumiType.
// Each kind's class, by its name in the package root (the compiler refuses a kind without one).
const CLASSES = Object.fromEntries(
  RESOURCE_KINDS.map((kind) => [
    kind,
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test looks each kind's class up by name; nothing is bundled
    sender[kind],
  ]),
) as {
  [K in (typeof RESOURCE_KINDS)[number]]: (typeof sender)[K];
};

beforeAll(async () => {
  await installMocks();
});
beforeEach(() => {
  clearRegistered();
});

describe("generated-class conventions", () => {
  test("every kind has a class in the package root", () => {
    expect(RESOURCE_KINDS.filter((kind) => typeof CLASSES[kind] !== "function")).toEqual([]);
  });

  test.each(RESOURCE_KINDS)("%s.__pulumiType is its type token", (kind) => {
    expect(CLASSES[kind].__pulumiType).toBe(`pulumi-nodejs:dynamic/sender:${kind}`);
  });

  test.each(RESOURCE_KINDS)(
    "%s.get reads the object by id, with the kind's provider and no inputs",
    async (kind) => {
      const parent = new pulumi.ComponentResource("test:index:Parent", "parent");
      // One class at a time: the union of the classes has no single `this` type.
      const resourceClass = CLASSES[kind] as unknown as typeof sender.Campaign;
      const got = resourceClass.get(`got-${kind}`, `id-${kind}`, { parent });
      expect(await resolved(got.id)).toBe(`id-${kind}`);
      const registration = registered.find((args) => args.name === `got-${kind}`)!;
      expect(registration.type).toBe(`pulumi-nodejs:dynamic/sender:${kind}`);
      expect(registration.id).toBe(`id-${kind}`);
      // Only the provider text is set; every other input is left out.
      expect(Object.keys(registration.inputs)).toEqual(["__provider"]);
      expect(registration.inputs.__provider).toContain(`providerFor('${kind}')`);
      expect(resourceClass.isInstance(got)).toBe(true);
    },
  );

  test("isInstance tells the classes apart, and SenderResource.isInstance accepts any of them", () => {
    const campaign = sender.Campaign.get("c", "cmp001");
    const hook = sender.Webhook.get("w", "wh001");
    expect(sender.Campaign.isInstance(campaign)).toBe(true);
    expect(sender.Campaign.isInstance(hook)).toBe(false);
    expect(sender.Webhook.isInstance(hook)).toBe(true);
    expect(sender.SenderResource.isInstance(campaign)).toBe(true);
    expect(sender.SenderResource.isInstance(hook)).toBe(true);
    const other = new pulumi.ComponentResource("test:index:Other", "other");
    for (const value of [other, undefined, null, "Campaign", { __pulumiType: 1 }]) {
      expect(sender.SenderResource.isInstance(value)).toBe(false);
      expect(sender.Campaign.isInstance(value)).toBe(false);
    }
    // A copy of the package elsewhere in the process makes objects with the same type token.
    expect(sender.Campaign.isInstance({ __pulumiType: "pulumi-nodejs:dynamic/sender:Campaign" })).toBe(true);
  });

  test("get returns an instance of the class it is called on, typed as such", async () => {
    const campaign: sender.Campaign = sender.Campaign.get("typed", "cmp002");
    expect(campaign).toBeInstanceOf(sender.Campaign);
    expect(await resolved(campaign.id)).toBe("cmp002");
  });

  test("every class's instances are SenderResources and CustomResources, and the classes inherit SenderResource's statics", () => {
    const hook = new sender.Webhook("inherits", {
      url: "https://hooks.example.com/x",
      topic: "subscribers/new",
    });
    expect([
      hook instanceof sender.Webhook,
      hook instanceof sender.SenderResource,
      hook instanceof pulumi.CustomResource,
      hook instanceof sender.Campaign,
    ]).toEqual([true, true, true, false]);
    expect(Object.getPrototypeOf(sender.Webhook.prototype)).toBe(sender.SenderResource.prototype);
    expect([sender.Webhook.get, sender.Webhook.isInstance]).toEqual([
      sender.SenderResource.get,
      sender.SenderResource.isInstance,
    ]);
  });
});
