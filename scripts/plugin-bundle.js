#!/usr/bin/env node
// `npm run plugin:bundle`: the native provider plugin as one file, for the plugin tarball.
//
// Writes dist/plugin-bundle.js (provider/entry.ts and everything it loads: the provider of
// main.ts, with undici, zod, @grpc/grpc-js and the protocol's messages from @pulumi/pulumi/proto, and
// the emulator of `pulumi-resource-sender emulator`, with hono and @hono/node-server, each loaded only
// when chosen) and dist/plugin.js, a loader (scripts/plugin-loader.js) that runs the bundle from a V8
// code cache made after a run. One file spares the start-up the resolution and reading of hundreds
// of modules; the cache spares it the compilation after the first start.
//
// Options: `--out=<dir>` (default dist/), `--no-minify` (for reading a profile), `--stub-sdk`
// (measurement only: the bare
// `@pulumi/pulumi` imported from our sources becomes an empty stub, to show what the plugin costs
// once it no longer imports the SDK's program side; the data-source functions then fail).
// Prints the bundle's size and the heaviest packages in it to stderr.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const esbuild = require("esbuild");

const root = path.resolve(__dirname, "..");
const arg = (name) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
  (process.argv.includes(`--${name}`) ? "" : undefined);
const out = path.resolve(arg("out") || path.join(root, "dist"));
const stubSdk = arg("stub-sdk") !== undefined;

const sdkStub = {
  name: "sdk-stub",
  setup(build) {
    build.onResolve({ filter: /^@pulumi\/pulumi$/ }, (a) =>
      a.importer.includes(`${path.sep}node_modules${path.sep}`)
        ? undefined
        : { path: "sdk", namespace: "stub" },
    );
    build.onLoad({ filter: /.*/, namespace: "stub" }, () => ({
      contents:
        "class RunError extends Error{};module.exports={RunError,ResourceError:RunError,runtime:{},log:{}};",
      loader: "js",
    }));
  },
};

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const bundle = path.join(out, "plugin-bundle.js");
  const result = await esbuild.build({
    entryPoints: [path.join(root, "provider/entry.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node22",
    minify: arg("no-minify") === undefined,
    // Error and class names stay readable in messages and stacks.
    keepNames: true,
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
    // The version, for a bundle with no package.json above it (a compiled single-file executable).
    define: {
      PULUMI_SENDER_BUNDLED_VERSION: JSON.stringify(
        JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version,
      ),
    },
    plugins: stubSdk ? [sdkStub] : [],
  });
  // The loader (scripts/plugin-loader.js): runs the bundle from a V8 code cache made after a run.
  fs.copyFileSync(path.join(__dirname, "plugin-loader.js"), path.join(out, "plugin.js"));
  // The SDK's program side (automation, closure serialization) has no use in the plugin: name
  // the sources that pull it in, so that the bundle stays the protocol's part only.
  const sdkImporters = Object.entries(result.metafile.inputs)
    .filter(
      ([file, input]) =>
        !file.includes("node_modules/") &&
        input.imports.some((i) => /node_modules\/@pulumi\/pulumi\/index\.js$/.test(i.path)),
    )
    .map(([file]) => file);
  if (sdkImporters.length > 0)
    console.error(
      `plugin-bundle: warning: all of @pulumi/pulumi is bundled, imported by ${sdkImporters.join(", ")}; the plugin needs only @pulumi/pulumi/proto`,
    );
  const byPackage = new Map();
  for (const [file, input] of Object.entries(
    result.metafile.outputs[path.relative(process.cwd(), bundle)]?.inputs ?? {},
  )) {
    const name = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? "(ours)";
    byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
  }
  const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.error(
    `plugin-bundle: ${path.relative(root, bundle)} ${(fs.statSync(bundle).size / 1e6).toFixed(2)} MB` +
      `${stubSdk ? " (SDK stubbed)" : ""}; ${top.map(([n, b]) => `${n} ${(b / 1e3).toFixed(0)} kB`).join(", ")}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
