// Every lock file an example ships, as a team that copies the example runs it: the example's files
// (those git has) copied to a folder outside the checkout, `pulumi-sender` pointed at the packed
// tarball (the range its package.json names replaced by `file:<tarball>`, as gitops.test.ts and
// upgrade.test.ts do; the lock file left as shipped), and `npm ci`, which installs from the lock
// file alone. npm ci stops with EUSAGE when the package pins a dependency the lock file lacks; a
// lock that records the package's dependencies or bins of an older build installs all the same, so
// the lock's record of pulumi-sender is compared with the packed package.json too.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { npmResult, type Packed, packFreshClone, ROOT } from "../package/packed";

/** The folders under examples/ whose lock file git has. */
const LOCKED = execFileSync("git", ["ls-files", "-z", "--", "examples"], { cwd: ROOT, encoding: "utf8" })
  .split("\0")
  .filter((file) => path.basename(file) === "package-lock.json")
  .map((file) => path.dirname(file))
  .sort();

/** The package.json of this checkout, which the packed tarball carries. */
const OWN = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));

/** What npm's lock file records of an installed package, as its package.json says it. */
const RECORDED = [
  "version",
  "license",
  "dependencies",
  "bin",
  "engines",
  "peerDependencies",
  "peerDependenciesMeta",
];

/** The libraries of the native plugin's and the Terraform server's code (issue 55). */
const SERVER_LIBRARIES = [
  "@grpc/grpc-js",
  "@grpc/proto-loader",
  "@msgpack/msgpack",
  "google-protobuf",
  "node-forge",
];

function pick(manifest: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in manifest).map((key) => [key, manifest[key]]));
}

let packed: Packed;
let scratch: string;

beforeAll(() => {
  packed = packFreshClone();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-example-locks-"));
});
afterAll(() => {
  packed?.dispose();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

test("the examples that ship a lock file", () => {
  expect(LOCKED).toEqual(["examples/gitops"]);
});

describe.each(LOCKED)("%s, copied out of the checkout, npm ci from its lock file", (example) => {
  let dir: string;
  let shippedLock: string;
  let ci: ReturnType<typeof npmResult>;

  beforeAll(() => {
    dir = path.join(fs.realpathSync(scratch), path.basename(example));
    const files = execFileSync("git", ["ls-files", "-z", "--", "."], {
      cwd: path.join(ROOT, example),
      encoding: "utf8",
    });
    for (const file of files.split("\0").filter(Boolean)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, example, file), path.join(dir, file));
    }
    shippedLock = fs.readFileSync(path.join(dir, "package-lock.json"), "utf8");
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    expect(manifest.dependencies["pulumi-sender"]).toBe(`^${OWN.version}`);
    manifest.dependencies["pulumi-sender"] = `file:${packed.tarball}`;
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2));
    ci = npmResult(["ci", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], dir);
  });

  test("npm ci installs every package the lock file records, and leaves the lock file as shipped", () => {
    const lock = JSON.parse(shippedLock);
    const installs = Object.keys(lock.packages).filter((key) => key !== "").length;
    expect([ci.status, ci.stderr.split("\n").filter((line) => line.startsWith("npm error"))]).toEqual([
      0,
      [],
    ]);
    expect(ci.stdout).toMatch(new RegExp(`^\\nadded ${installs} packages in \\d+(\\.\\d+)?(ms|s|m)\\n$`));
    expect(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).toBe(shippedLock);
  });

  test("the lock file records the package.json beside it and pulumi-sender as packed", () => {
    const lock = JSON.parse(shippedLock);
    const beside = JSON.parse(fs.readFileSync(path.join(ROOT, example, "package.json"), "utf8"));
    expect(pick(lock.packages[""], ["name", "dependencies", "devDependencies"])).toEqual(
      pick(beside, ["name", "dependencies", "devDependencies"]),
    );
    const tarballManifest = JSON.parse(
      execFileSync("tar", ["-xzOf", packed.tarball, "package/package.json"], { encoding: "utf8" }),
    );
    expect(pick(lock.packages["node_modules/pulumi-sender"], RECORDED)).toEqual(
      pick(tarballManifest, RECORDED),
    );
    // By range from the registry, as a team installs it: no tarball of a checkout.
    expect(lock.packages["node_modules/pulumi-sender"].resolved).toBe(undefined);
  });

  test("nothing resolves into the checkout: pulumi-sender is the tarball's, unpacked in the copy", () => {
    expect(path.relative(ROOT, dir).startsWith("..")).toBe(true);
    expect(fs.lstatSync(path.join(dir, "node_modules/pulumi-sender")).isDirectory()).toBe(true);
    const resolved = spawnSync(
      process.execPath,
      ["-p", '[require.resolve("pulumi-sender"), require.resolve("pulumi-sender/provider")].join("\\n")'],
      { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_PATH: "" } },
    );
    expect([resolved.status, resolved.stdout]).toEqual([
      0,
      `${path.join(dir, "node_modules/pulumi-sender/dist/sdk/index.js")}\n${path.join(dir, "node_modules/pulumi-sender/dist/provider/index.js")}\n`,
    ]);
    const links = fs
      .readdirSync(path.join(dir, "node_modules"), { recursive: true, encoding: "utf8" })
      .map((file) => path.join(dir, "node_modules", file))
      .filter((file) => fs.lstatSync(file).isSymbolicLink());
    expect(links.filter((link) => path.relative(dir, fs.realpathSync(link)).startsWith(".."))).toEqual([]);
    // What npm installed from anything but the registry: the packed tarball, once.
    const hidden = JSON.parse(fs.readFileSync(path.join(dir, "node_modules/.package-lock.json"), "utf8"));
    const local = Object.entries(hidden.packages as Record<string, { resolved?: string; link?: boolean }>)
      .filter(([, entry]) => entry.link || entry.resolved?.startsWith("file:"))
      .map(([key, entry]) => [key, path.resolve(dir, (entry.resolved ?? "").replace(/^file:/, ""))]);
    expect(local).toEqual([["node_modules/pulumi-sender", packed.tarball]]);
    const installed = JSON.parse(
      fs.readFileSync(path.join(dir, "node_modules/pulumi-sender/package.json"), "utf8"),
    );
    expect([installed.version, installed.dependencies]).toEqual([OWN.version, OWN.dependencies]);
  });

  test("the dynamic package's install has the plugin's gRPC libraries (which @pulumi/pulumi needs too) and not the Terraform server's", () => {
    expect(
      Object.fromEntries(
        SERVER_LIBRARIES.map((name) => [
          name,
          fs.existsSync(path.join(dir, "node_modules", name, "package.json")),
        ]),
      ),
    ).toEqual({
      "@grpc/grpc-js": true,
      // A dependency of @grpc/grpc-js.
      "@grpc/proto-loader": true,
      "@msgpack/msgpack": false,
      "google-protobuf": true,
      "node-forge": false,
    });
  });
});
