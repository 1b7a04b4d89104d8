// What the SDK's registration of a resource tells the engine beyond its inputs, which the engine
// records in the state: what it depends on (`dependencies`, `propertyDependencies`), the stack's
// StackNonce once, as an explicit dependency, and under no property, so that the state does not
// repeat its URN for `title` and `ownershipMark`; and where the program made it (`sourcePosition`,
// `stackTrace`), the program's line, with no frame of the SDK (issue 56, state weight).
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, test } from "vitest";
import { Campaign, Webhook } from "../../sdk";
import { installMocks, resolved } from "./mocks";

/** The dependencies of one registration, as the engine receives them. */
interface Sent {
  readonly dependencies: string[];
  readonly propertyDependencies: Record<string, string[]>;
  /** The source position's file and line. */
  readonly position: string;
  /** The files of the stack trace's frames, as far as they are known. */
  readonly frames: string[];
}

// The registrations the mocks' monitor received, by resource name.
const sent = new Map<string, Sent>();

beforeAll(async () => {
  await installMocks();
  const monitor = pulumi.runtime.getMonitor() as any;
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req: any, callback: any) => {
    const propertyDependencies: Record<string, string[]> = {};
    req.getPropertydependenciesMap().forEach((deps: any, key: string) => {
      propertyDependencies[key] = deps.getUrnsList();
    });
    const at = (position: any) => (position ? `${position.getUri()}#${position.getLine()}` : "");
    sent.set(req.getName(), {
      dependencies: req.getDependenciesList(),
      propertyDependencies,
      position: at(req.getSourceposition()),
      frames: req
        .getStacktrace()
        .getFramesList()
        .map((frame: any) => frame.getPc()?.getUri() ?? ""),
    });
    return register(req, callback);
  };
});

const NONCE_URN = "urn:pulumi:dev::sdk-test::pulumi-nodejs:dynamic/sender:StackNonce::sender-stack-nonce";
const HOOK_URN = "urn:pulumi:dev::sdk-test::pulumi-nodejs:dynamic/sender:Webhook::first";

describe("the dependencies a resource's registration records", () => {
  test("an autonamed Campaign depends on the StackNonce once, under no property", async () => {
    const campaign = new Campaign("autonamed", {
      subject: "Hi",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "text",
    });
    await resolved(campaign.id);
    const { dependencies, propertyDependencies } = sent.get("autonamed")!;
    expect(dependencies).toEqual([NONCE_URN]);
    expect(propertyDependencies).toEqual({
      __provider: [],
      __senderPlace: [],
      autonamed: [],
      contentType: [],
      from: [],
      ownershipMark: [],
      replyTo: [],
      subject: [],
      title: [],
    });
  });

  test("the program's own dependsOn and input dependencies are kept beside it", async () => {
    const first = new Webhook("first", { url: "https://hooks.example.com/a", topic: "subscribers/new" });
    const second = new Webhook(
      "second",
      { url: pulumi.interpolate`https://hooks.example.com/${first.id}`, topic: "subscribers/new" },
      { dependsOn: [first] },
    );
    await resolved(second.id);
    const { dependencies, propertyDependencies } = sent.get("second")!;
    expect([...dependencies].sort()).toEqual([NONCE_URN, HOOK_URN].sort());
    expect(propertyDependencies.url).toEqual([HOOK_URN]);
    expect(propertyDependencies.ownershipMark).toEqual([]);
  });

  test("a titled Campaign that adopts an object has no mark, and so no StackNonce dependency", async () => {
    const adopted = new Campaign("adopted", {
      title: "Kept",
      subject: "Hi",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "text",
      adoptId: "b6gXkQ",
    });
    await resolved(adopted.id);
    expect(sent.get("adopted")!.dependencies).toEqual([]);
  });
});

// A named function: the Node SDK reads a frame's position only from `at <name> (<file>:<line>:<column>)`.
function placedWebhook(): [Webhook, number] {
  const line = Number(/:(\d+):\d+\)$/.exec(new Error().stack!.split("\n")[1]!)![1]);
  return [new Webhook("placed", { url: "https://hooks.example.com/p", topic: "subscribers/new" }), line + 1];
}

describe("where a resource was made, as the registration records it", () => {
  test("the source position is the program's line, and no frame is the SDK's", async () => {
    const [hook, line] = placedWebhook();
    await resolved(hook.id);
    const { position, frames } = sent.get("placed")!;
    expect(position).toBe(`${pathToFileURL(__filename)}#${line}`);
    const sdk = `${pathToFileURL(path.resolve(__dirname, "../../sdk"))}/`;
    expect(frames.filter((file) => file.startsWith(sdk))).toEqual([]);
  });
});
