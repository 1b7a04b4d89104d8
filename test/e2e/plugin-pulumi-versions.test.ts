import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newestVersion, npm, type Packed, packFreshClone, ROOT } from "../package/packed";
import { VERSION } from "../support/plugin";

// The plugin serves the engine's protocol with a server of its own, on whatever @pulumi/pulumi of
// the peer range the user installed: the lowest and the newest are each installed beside the packed
// package, outside the checkout, and the plugin is started from node_modules/.bin as the engine
// would, then asked over gRPC. The plugin bundle (scripts/plugin-bundle.js) carries its own copy of
// everything, and is asked the same.
const peerRange: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))
  .peerDependencies["@pulumi/pulumi"];
const LOWEST = peerRange.replace(/^\^/, "");

let packed: Packed;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-versions-"));
const started: ChildProcess[] = [];
// The plugin watches the engine whose address it is given and exits once nothing listens there: a
// listener stands in for the engine.
let engine: net.Server;
let engineAddress: string;

beforeAll(async () => {
  engine = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => engine.listen(0, "127.0.0.1", resolve));
  engineAddress = `127.0.0.1:${(engine.address() as net.AddressInfo).port}`;
  packed = packFreshClone();
});
afterAll(() => {
  for (const child of started) child.kill("SIGKILL");
  engine?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
  packed?.dispose();
});

/** A folder outside the checkout with @pulumi/pulumi `version` and the packed package installed. */
function installWith(version: string): string {
  const dir = path.join(scratch, `pulumi-${version}`);
  fs.mkdirSync(dir);
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "user-program",
      private: true,
      dependencies: { "@pulumi/pulumi": version, "pulumi-sender": `file:${packed.tarball}` },
    }),
  );
  npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], dir);
  return dir;
}

/** What the plugin printed first on stdout, and what it answers GetPluginInfo and GetSchema. */
interface Answers {
  firstLine: string;
  pluginVersion: string;
  schema: { name: string; version: string };
}

/** Starts `command` as the engine does (the engine's address as its argument) and asks it. */
async function ask(command: string, args: string[] = []): Promise<Answers> {
  // A Node.js >= 22 first on PATH, as the launcher needs (this one runs the tests).
  const env = { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` };
  const child = spawn(command, [...args, engineAddress], { env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out);
    });
    child.once("exit", (code) => reject(new Error(`the plugin exited with ${code}: ${stderr}`)));
  });
  const Client = grpc.makeGenericClientConstructor(ResourceProviderService, "ResourceProvider");
  const client = new Client(`127.0.0.1:${firstLine.trim()}`, grpc.credentials.createInsecure());
  const unary = <T>(method: string, request: unknown) =>
    new Promise<T>((resolve, reject) =>
      (client[method] as (r: unknown, cb: (e: Error | null, v: T) => void) => void)(request, (e, v) =>
        e ? reject(e) : resolve(v),
      ),
    );
  try {
    const info = await unary<{ getVersion(): string }>("getPluginInfo", new Empty());
    const schema = await unary<provproto.GetSchemaResponse>("getSchema", new provproto.GetSchemaRequest());
    const { name, version } = JSON.parse(schema.getSchema());
    return { firstLine, pluginVersion: info.getVersion(), schema: { name, version } };
  } finally {
    client.close();
    child.kill("SIGKILL");
  }
}

const EXPECTED = { pluginVersion: VERSION, schema: { name: "sender", version: VERSION } };

describe("the plugin on the @pulumi/pulumi of the user's install", () => {
  test.each([
    [`the lowest of the peer range (${LOWEST})`, () => LOWEST],
    ["the newest the registry serves", () => newestVersion("@pulumi/pulumi", "^3")],
  ])("%s: the handshake's port line, then its version and schema over gRPC", async (_, versionOf) => {
    const version = versionOf();
    const dir = installWith(version);
    const installed = JSON.parse(
      fs.readFileSync(path.join(dir, "node_modules/@pulumi/pulumi/package.json"), "utf8"),
    );
    expect(installed.version).toBe(version);
    const answers = await ask(path.join(dir, "node_modules/.bin/pulumi-resource-sender"));
    // The engine reads the port from the first line: nothing else may come before it.
    expect(answers.firstLine).toMatch(/^[1-9]\d{0,4}\n$/);
    expect({ pluginVersion: answers.pluginVersion, schema: answers.schema }).toEqual(EXPECTED);
  });

  test("the plugin bundle answers the same", async () => {
    const out = path.join(scratch, "bundle");
    execFileSync(process.execPath, [path.join(ROOT, "scripts/plugin-bundle.js"), `--out=${out}`], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
    });
    const answers = await ask(process.execPath, [path.join(out, "plugin.js")]);
    expect(answers.firstLine).toMatch(/^[1-9]\d{0,4}\n$/);
    expect({ pluginVersion: answers.pluginVersion, schema: answers.schema }).toEqual(EXPECTED);
  });
});
