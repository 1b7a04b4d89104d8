// Vitest's globalSetup for the unit lane: a PATH on which `go`, `pulumi` and `mvn` do not run. It is
// one folder of links to every command of the caller's PATH but those, plus a stub of each that
// records who called it and fails; test/support/unit-lane-guard.ts puts it on PATH in every unit
// file and fails the file that reached a stub. A static scan of the test files would not see a
// script they run (scripts/actionlint.sh builds with Go, scripts/pulumi-cli.sh builds the CLI).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

declare module "vitest" {
  /** What this globalSetup provides to every file of the unit lane. */
  export interface ProvidedContext {
    /** The unit lane's PATH (one folder) and the file its stubs append their calls to. */
    unitLane: { path: string; calls: string };
  }
}

// The commands only the integration and e2e lanes may run.
const OUT_OF_LANE: readonly string[] = ["go", "pulumi", "mvn"];

/** Whether a command of the caller's PATH stays off the unit lane's: those above and their kin. */
const offLane = (name: string) => /^(go|gofmt|pulumi|pulumi-.*|mvn|mvnDebug|mvnw)$/.test(name);

/** A stub that appends `<test file>\t<command> <args>` to `calls`, says why on stderr and fails. */
function stub(name: string, calls: string): string {
  return [
    "#!/bin/sh",
    `printf '%s\\t%s\\n' "$PULUMI_SENDER_UNIT_FILE" "${name} $*" >>'${calls}'`,
    `echo "unit lane: ${name} is not on the unit lane's PATH: move this file to the integration lane (vitest.config.mts)" >&2`,
    "exit 127",
    "",
  ].join("\n");
}

/** Makes the unit lane's PATH, provides it as `unitLane`, and returns its removal. */
export default function setup(project: {
  provide(key: "unitLane", value: { path: string; calls: string }): void;
}): () => void {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-unit-lane-"));
  const bin = path.join(folder, "bin");
  const calls = path.join(folder, "calls.log");
  fs.mkdirSync(bin);
  fs.writeFileSync(calls, "");
  for (const name of OUT_OF_LANE) fs.writeFileSync(path.join(bin, name), stub(name, calls), { mode: 0o755 });
  // The first folder of PATH that has a name wins, as in a shell.
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (offLane(name) || fs.existsSync(path.join(bin, name))) continue;
      const target = path.join(dir, name);
      try {
        fs.accessSync(target, fs.constants.X_OK);
        if (fs.statSync(target).isDirectory()) continue;
      } catch {
        continue;
      }
      fs.symlinkSync(target, path.join(bin, name));
    }
  }
  project.provide("unitLane", { path: bin, calls });
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
