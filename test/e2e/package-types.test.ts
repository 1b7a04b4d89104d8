import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newestVersion, npm, type Packed, packFreshClone, ROOT, typescriptCompiler } from "../package/packed";

// The shipped declarations as a user's CI checks them: the packed tarball installed into a folder
// outside the checkout, a program using every resource class and the data sources' two forms, and
// `tsc -p .` under a default strict tsconfig without skipLibCheck, with the lowest TypeScript the
// package supports (5.5, zod 4's minimum) and the newest 6.x. Compilers are cached per version.
const LOWEST_TYPESCRIPT = "5.5.4";
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));

/** `tsc --init`'s strict settings, less skipLibCheck: the libraries' declarations are checked too. */
const STRICT_TSCONFIG = {
  compilerOptions: {
    target: "es2022",
    module: "node16",
    moduleResolution: "node16",
    strict: true,
    noEmit: true,
    forceConsistentCasingInFileNames: true,
  },
  files: ["index.ts"],
};

let packed: Packed;
let dir: string;

beforeAll(() => {
  packed = packFreshClone();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-types-"));
  fs.copyFileSync(path.join(ROOT, "test/e2e/programs/typed/index.ts"), path.join(dir, "index.ts"));
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(STRICT_TSCONFIG, null, 2));
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "typed-program",
      private: true,
      main: "index.ts",
      dependencies: {
        "@pulumi/pulumi": pkg.devDependencies["@pulumi/pulumi"],
        "pulumi-sender": `file:${packed.tarball}`,
      },
      devDependencies: { "@types/node": pkg.devDependencies["@types/node"] },
    }),
  );
  npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], dir);
});
afterAll(() => {
  packed?.dispose();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ["the lowest supported TypeScript", () => LOWEST_TYPESCRIPT],
  ["the newest TypeScript 6.x", () => newestVersion("typescript", "^6")],
])("the installed declarations under %s", (_label, version) => {
  test("tsc -p . with a strict tsconfig and no skipLibCheck: 0 errors", () => {
    const tsc = typescriptCompiler(version());
    const run = spawnSync("node", [tsc, "-p", ".", "--pretty", "false"], { cwd: dir, encoding: "utf8" });
    expect([run.status, run.stdout.split("\n").filter(Boolean)]).toEqual([0, []]);
    // The declarations checked are the installed tarball's, not this checkout's.
    const listed = spawnSync("node", [tsc, "-p", ".", "--listFiles"], { cwd: dir, encoding: "utf8" }).stdout;
    expect(listed).toContain(`${fs.realpathSync(dir)}/node_modules/pulumi-sender/dist/sdk/index.d.ts`);
    expect(listed).toContain("/node_modules/pulumi-sender/dist/provider/client/schemas/core.d.ts");
  });
});
