"use strict";
// The plugin's loader, dist/plugin.js (scripts/plugin-bundle.js copies it there): runs the bundle,
// dist/plugin-bundle.js, from a V8 code cache made after a run. Node's own compile cache
// (module.enableCompileCache) holds only what V8 compiles before a module runs, its top level; the
// functions a start-up calls are compiled again on every start. A cache made once the process has
// run holds them too, which takes the Terraform door's start-up from about 140 ms to 80 ms
// (BENCHMARKS.md, issue 56).
// The cache file is named by the bundle's SHA-1 and the runtime's version and architecture: V8 checks
// only the source's length and its own version and flags, so a bundle of another build must never
// meet this one's cache. It lives beside the plugin (its folder in the plugin cache), else under
// $XDG_CACHE_HOME. Unpacked as the Terraform provider (terraform-provider-sender_v<v> beside dist/),
// never beside it: Terraform and OpenTofu check the package folder's hash against the lock file
// before each command, and a file written into it fails every command after the first. A cache it
// cannot read or write only costs the speed-up; NODE_DISABLE_COMPILE_CACHE turns it off, as it
// does Node's own.
const fs = require("node:fs");
const path = require("node:path");
const os = require("node:os");
const vm = require("node:vm");
const crypto = require("node:crypto");
const Module = require("node:module");

const file = path.join(__dirname, "plugin-bundle.js");
const enabled = !process.env.NODE_DISABLE_COMPILE_CACHE;
const user = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"),
  "pulumi-sender",
  "compile-cache",
);
let terraform = false;
try {
  terraform = fs.readdirSync(path.dirname(__dirname)).some((f) => f.startsWith("terraform-provider-"));
} catch {}
const dirs = terraform ? [user] : [path.join(__dirname, ".compile-cache"), user];

/** The bundle compiled, from its cache when there is one V8 takes; the file's bytes stay in here. */
function compile() {
  const bytes = fs.readFileSync(file);
  const name = `plugin-bundle-${crypto.createHash("sha1").update(bytes).digest("hex").slice(0, 20)}-${process.version}-${process.arch}.v8`;
  let cached;
  if (enabled)
    for (const dir of dirs) {
      try {
        cached = fs.readFileSync(path.join(dir, name));
        break;
      } catch {}
    }
  // The wrapper stands on its own line above the bundle (lineOffset -1) and the shebang's line stays
  // empty, so that stack traces give the bundle's own lines and columns.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {\n${bytes.toString("utf8").replace(/^#!.*/, "")}\n})`,
    { filename: file, lineOffset: -1, cachedData: cached },
  );
  return { script, name, fresh: cached === undefined || script.cachedDataRejected };
}

const { script, name, fresh } = compile();
if (enabled && fresh) {
  // Made when the process has done its work (its exit, or two seconds in for a server that outlives
  // that), so that it holds the functions the run compiled; once per bundle and runtime.
  let saved = false;
  const save = () => {
    if (saved) return;
    saved = true;
    const data = script.createCachedData();
    for (const dir of dirs) {
      // Whole or not at all: another start may read it while this one writes.
      const partial = path.join(dir, `${name}.${process.pid}.partial`);
      try {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(partial, data);
        fs.renameSync(partial, path.join(dir, name));
        return;
      } catch {
        try {
          fs.rmSync(partial, { force: true });
        } catch {}
      }
    }
  };
  setTimeout(save, 2000).unref();
  process.once("exit", save);
}

const bundle = new Module(file, module);
bundle.filename = file;
script
  .runInThisContext()
  .call(bundle.exports, bundle.exports, Module.createRequire(file), bundle, file, __dirname);
