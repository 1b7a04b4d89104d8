// What the one executable (`pulumi-resource-sender`, `terraform-provider-sender`: entry.ts) runs,
// chosen from how it was started. It imports nothing heavy: entry.ts loads the chosen part only.
import { pluginEngineAddress } from "./pulumi/engine-address";
import { isTerraformHandshake } from "./terraform/handshake";

/**
 * What the executable runs: the Terraform door (go-plugin's magic cookie), the emulator, `adopt`,
 * its version, the Pulumi plugin (the engine's address among its arguments), or, started by a
 * person with none of these, the lines that say what it is ({@link byHandText}).
 */
export type EntryRoute = "terraform" | "emulator" | "adopt" | "version" | "plugin" | "by-hand";

/** The arguments that ask for the version. */
const VERSION_FLAGS: ReadonlySet<string> = new Set(["--version", "-version", "version"]);

/**
 * The route of a start with these arguments (after the script) and this environment. Terraform and
 * OpenTofu start a provider with the magic cookie and no argument; the Pulumi engine starts a
 * plugin with its own address as the last argument, after its flags (`--logtostderr`, `-v=9`,
 * `--tracing <endpoint>`: sdk/go/common/resource/plugin's buildPluginArguments), so a start with
 * neither is a person's.
 */
export function entryRoute(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): EntryRoute {
  if (isTerraformHandshake(env)) return "terraform";
  const [first] = argv;
  if (first === "emulator") return "emulator";
  if (first === "adopt") return "adopt";
  if (first !== undefined && VERSION_FLAGS.has(first)) return "version";
  return pluginEngineAddress(argv) === undefined ? "by-hand" : "plugin";
}

/**
 * What the executable says when a person runs it (no argument, `--help`, anything it does not
 * take), on two lines: what it is and who starts it, then what it does by hand. It then exits 1,
 * as a go-plugin provider does, so that a script that ran it by mistake fails.
 */
export function byHandText(version: string): string {
  return (
    `This is the Sender provider plugin ${version} for Terraform, OpenTofu and Pulumi, which start it themselves ` +
    "(Terraform and OpenTofu from `required_providers`, Pulumi from the sender package).\n" +
    "Run by hand, it takes `adopt --format hcl --out <dir>` (import blocks of a Sender account; `adopt --help`), " +
    "`emulator` (a local Sender API) or `--version`."
  );
}
