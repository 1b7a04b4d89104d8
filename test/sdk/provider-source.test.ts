import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../../emulator/server";
import { RESOURCE_KINDS, type ResourceKind } from "../../provider/kinds/registry";
import { providerSource } from "../../sdk/provider-source";

// The engine's dynamic-provider process loads `__provider` with require-from-string and calls
// `handler()`; this does exactly that, from the repository root as the program directory, so the
// stub resolves `pulumi-sender/provider` to the built package (`dist/`), as it does for a program.
const requireFromString: (code: string, filename?: string) => any = require("require-from-string");
const ROOT = path.resolve(__dirname, "../..");
const TOKEN = "serialization-token-Ke3Pq9";

let emulator: Awaited<ReturnType<typeof startEmulator>>;
const admin = async (route: string) =>
  (await fetch(`${emulator.url}/__emulator/${route}`)).json() as Promise<any>;

// The engine passes no file name, so modules resolve from its working directory, the program's;
// a file name in the repository root resolves the same way without changing directory.
function loadProvider(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  return requireFromString(providerSource(kind), path.join(ROOT, "__provider__.js")).handler();
}

async function emulatorRequestsCleared() {
  await fetch(`${emulator.url}/__emulator/requests`, { method: "DELETE" });
}

async function configured(kind: ResourceKind) {
  const provider = loadProvider(kind);
  const values: Record<string, string> = { "sender:apiToken": TOKEN, "sender:baseUrl": emulator.url };
  await provider.configure!({ config: { get: (k) => values[k], require: (k) => values[k]! } });
  return provider;
}

beforeAll(async () => {
  expect(fs.existsSync(path.join(ROOT, "node_modules/pulumi-sender/dist/provider/index.js"))).toBe(true);
  emulator = await startEmulator({ port: 0, token: TOKEN });
});
afterAll(async () => {
  await emulator?.close();
});

describe("the __provider text", () => {
  test.each(RESOURCE_KINDS)("%s: one line that names only the package and the kind", (kind) => {
    const text = providerSource(kind);
    console.log(`__provider for ${kind}: ${Buffer.byteLength(text)} bytes`);
    expect(text).toBe(
      "exports.handler=()=>{try{var p=require.resolve('pulumi-sender/provider')}catch{throw Error(" +
        "'pulumi-sender must be a direct dependency of '+process.cwd())}" +
        `return require(p).providerFor('${kind}')}`,
    );
  });

  test("says pulumi-sender must be a direct dependency, in one line, when the package cannot be found", () => {
    // A folder with no node_modules above it: as after `npm uninstall`, or under pnpm when the
    // package is only a transitive dependency of the program.
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-no-package-"));
    const stub = requireFromString(providerSource("Campaign"), path.join(outside, "__provider__.js"));
    expect(() => stub.handler()).toThrow(
      new Error(`pulumi-sender must be a direct dependency of ${process.cwd()}`),
    );
    fs.rmSync(outside, { recursive: true, force: true });
  });

  test("loads back into a provider with every method the engine calls", () => {
    const provider = loadProvider("Campaign");
    expect(Object.keys(provider)).toEqual([
      "configure",
      "check",
      "diff",
      "create",
      "read",
      "update",
      "delete",
    ]);
  });
});

describe("loaded back as the engine does, configured, and run against the emulator", () => {
  test("Campaign: create, read, diff, update, delete", async () => {
    const provider = await configured("Campaign");
    const inputs = {
      title: "Serialized",
      subject: "Round trip",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      content: "<p>x</p>",
    };
    expect(await provider.check!({}, inputs)).toEqual({ inputs });
    const created = await provider.create(inputs);
    const id = created.id;
    const read = await provider.read!(id, created.outs);
    expect(read.id).toBe(id);
    expect(read.props.subject).toBe("Round trip");
    const changed = { ...inputs, subject: "Round trip, changed" };
    expect(await provider.diff!(id, created.outs, changed)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    await provider.update!(id, created.outs, changed);
    const state = await admin("state");
    expect(state.campaigns.find((c: any) => c.id === id).subject).toBe("Round trip, changed");
    await provider.delete!(id, created.outs);
    expect((await admin("state")).campaigns.map((c: any) => c.id)).toEqual(["snt001"]);
    expect((await provider.read!(id, created.outs)).id).toBe("");
  });

  test("Webhook: create, read, a new url in place, a new topic a replacement, delete", async () => {
    const provider = await configured("Webhook");
    const inputs = { url: "https://hooks.example.com/round-trip", topic: "campaigns/new" };
    const created = await provider.create(inputs);
    expect((await admin("state")).webhooks.map((w: any) => w.url)).toEqual([inputs.url]);
    expect((await provider.read!(created.id, created.outs)).inputs).toEqual(inputs);
    const moved = { ...inputs, url: "https://hooks.example.com/other" };
    expect(await provider.diff!(created.id, created.outs, moved)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    const updated = await provider.update!(created.id, created.outs, moved);
    expect(updated.outs?.url).toBe(moved.url);
    expect((await admin("state")).webhooks.map((w: any) => [w.id, w.url])).toEqual([[created.id, moved.url]]);
    expect(await provider.diff!(created.id, updated.outs, { ...moved, topic: "bounces/new" })).toEqual({
      changes: true,
      replaces: ["topic"],
      deleteBeforeReplace: true,
    });
    await provider.delete!(created.id, updated.outs);
    expect((await admin("state")).webhooks).toEqual([]);
    expect((await provider.read!(created.id, updated.outs)).id).toBe("");
  });

  test("a missing token fails configure, and every later operation, with the config key named", async () => {
    const provider = loadProvider("TransactionalCampaign");
    const saved = process.env.SENDER_API_TOKEN;
    delete process.env.SENDER_API_TOKEN;
    await emulatorRequestsCleared();
    try {
      const message =
        "No Sender API token: set it with `pulumi config set --secret sender:apiToken <token>` or the SENDER_API_TOKEN environment variable";
      await expect(
        provider.configure!({ config: { get: () => undefined, require: () => "" } }),
      ).rejects.toMatchObject({
        name: "SenderConfigError",
        message,
      });
      const failure = await provider
        .create({ subject: "s", from: "f", replyTo: "news@example.com", editor: "html" })
        .catch((error: Error) => error);
      expect((failure as Error).message).toBe(message);
      // The trace is the message alone: the engine shows it as one line.
      expect((failure as Error).stack).toBe(`SenderConfigError: ${message}`);
      expect((await admin("requests")).requests).toEqual([]);
    } finally {
      if (saved !== undefined) process.env.SENDER_API_TOKEN = saved;
      await configured("TransactionalCampaign");
    }
  });
});
