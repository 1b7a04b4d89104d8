import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, test } from "vitest";
import * as fns from "../../../sdk/functions";
import { TOKEN, useEmulator } from "./helpers";

// Credentials come from the stack config the mocks carry, not from the environment.
const emulator = useEmulator({ viaEnv: false });

/** A stand-in resource (CustomResource is abstract). */
class Thing extends pulumi.CustomResource {
  constructor(name: string) {
    super("test:index:Thing", name, {});
  }
}

/** The value of an Output once known. */
function resolved<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

/** Each function: its Promise form and its Output form, called with the same args. */
const FORMS: [string, () => Promise<unknown>, () => pulumi.Output<unknown>][] = [
  ["getPlans", () => fns.getPlans(), () => fns.getPlansOutput()],
  ["getPlan", () => fns.getPlan({ planId: 3 }), () => fns.getPlanOutput({ planId: pulumi.output(3) })],
  [
    "getCampaigns",
    () => fns.getCampaigns({ status: "SENT" }),
    () => fns.getCampaignsOutput({ status: pulumi.output("SENT" as const) }),
  ],
  [
    "getCampaign",
    () => fns.getCampaign({ id: "snt001" }),
    () => fns.getCampaignOutput({ id: pulumi.output("snt001") }),
  ],
  [
    "getCampaignReport",
    () => fns.getCampaignReport({ id: "snt001" }),
    () => fns.getCampaignReportOutput({ id: "snt001" }),
  ],
  [
    "getCampaignActivity",
    () => fns.getCampaignActivity({ id: "snt001", kind: "opens", limit: 10 }),
    () =>
      fns.getCampaignActivityOutput({
        id: pulumi.output("snt001"),
        kind: pulumi.output("opens" as const),
        limit: 10,
      }),
  ],
  [
    "getCampaignHardBounces",
    () => fns.getCampaignHardBounces({ id: "snt001" }),
    () => fns.getCampaignHardBouncesOutput({ id: pulumi.output("snt001") }),
  ],
  [
    "getCampaignSendingStatus",
    () => fns.getCampaignSendingStatus({ id: "snt001" }),
    () => fns.getCampaignSendingStatusOutput({ id: pulumi.output("snt001") }),
  ],
  [
    "getCampaignPreview",
    () => fns.getCampaignPreview({ id: "snt001" }),
    () => fns.getCampaignPreviewOutput({ id: pulumi.output("snt001") }),
  ],
  [
    "getCampaignLinks",
    () => fns.getCampaignLinks({ id: "snt001" }),
    () => fns.getCampaignLinksOutput({ id: pulumi.output("snt001") }),
  ],
  [
    "getSubscriberEvents",
    () => fns.getSubscriberEvents({ identifier: "sub001", actions: ["opened", "got"] }),
    // A list of Inputs, as a program would build it from other outputs.
    () =>
      fns.getSubscriberEventsOutput({
        identifier: pulumi.output("sub001"),
        actions: [pulumi.output("opened" as const), "got"],
      }),
  ],
  [
    "getTransactionalCampaign",
    () => fns.getTransactionalCampaign({ id: "trn001" }),
    () => fns.getTransactionalCampaignOutput({ id: pulumi.output("trn001") }),
  ],
  [
    "getTransactionalCampaigns",
    () => fns.getTransactionalCampaigns({ limit: 1 }),
    () => fns.getTransactionalCampaignsOutput({ limit: pulumi.output(1) }),
  ],
  ["getCarts", () => fns.getCarts(), () => fns.getCartsOutput()],
  ["getActiveSubscribers", () => fns.getActiveSubscribers(), () => fns.getActiveSubscribersOutput()],
  ["getImageFolders", () => fns.getImageFolders(), () => fns.getImageFoldersOutput()],
];

async function setMocks(preview: boolean) {
  await pulumi.runtime.setMocks(
    {
      // A stand-in resource whose id is the seeded campaign's, to feed a function from a resource.
      newResource: (args) => ({
        id: args.name === "launch" ? "snt001" : `${args.name}-id`,
        state: args.inputs,
      }),
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    preview,
  );
  pulumi.runtime.setAllConfig({ "sender:apiToken": TOKEN, "sender:baseUrl": emulator.url });
}

describe.each([
  ["up", false],
  ["preview", true],
])("under setMocks (%s)", (_mode, preview) => {
  beforeAll(() => setMocks(preview));

  test.each(FORMS)(
    "%s: the Output form should resolve to the Promise form's value",
    async (_name, promiseForm, outputForm) => {
      const promised = await promiseForm();
      const output = outputForm();
      expect(await resolved(output)).toEqual(promised);
      // Nothing the service returns is secret, so neither form marks its result secret.
      expect(await pulumi.isSecret(output)).toBe(false);
    },
  );

  test("a secret argument should make the result secret", async () => {
    const output = fns.getCampaignOutput({ id: pulumi.secret("snt001") });
    expect(await pulumi.isSecret(output)).toBe(true);
    expect((await resolved(output)).title).toBe("Launch announcement");
  });

  test("a resource's output should feed the Output form", async () => {
    const launch = new Thing("launch");
    const report = fns.getCampaignReportOutput({ id: launch.id });
    expect(await resolved(report)).toEqual(await fns.getCampaignReport({ id: "snt001" }));
  });

  test("a bad argument should fail the Output form with the same error", async () => {
    const output = fns.getSubscriberEventsOutput({ identifier: "sub001", actions: [] });
    // A failed apply rejects every internal promise of the Output (value, known, secret,
    // resources); in a program that fails the run, here each rejection is collected.
    const internals = output as unknown as {
      promise(): Promise<unknown>;
      isKnown: Promise<boolean>;
      isSecret: Promise<boolean>;
      allResources?: () => Promise<unknown>;
    };
    const rejections = [
      internals.promise(),
      internals.isKnown,
      internals.isSecret,
      internals.allResources?.(),
    ]
      .filter((p): p is Promise<unknown> => p !== undefined)
      .map((p) =>
        p.then(
          () => undefined,
          (caught: unknown) => caught,
        ),
      );
    const [error] = await Promise.all(rejections);
    expect(String(error)).toContain(
      "getSubscriberEvents: actions must be a non-empty list of opened, bounced, clicked, unsubscribed, got",
    );
  });
});
