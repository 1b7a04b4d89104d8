// The libraries of the Terraform door's server that the npm package does not install: they are
// devDependencies, bundled into the release's terraform-provider-sender (scripts/plugin-bundle.js).
// The package's `pulumi-resource-sender` bin serves the Pulumi plugin; started by Terraform's
// handshake, it names what is missing in one line (provider/entry.ts) instead of a stack trace.
// Like handshake.ts, this module imports nothing.

/** What provider/terraform/ loads that package.json's dependencies leave out. */
export const TERRAFORM_PACKAGES = ["@msgpack/msgpack", "node-forge", "protobufjs"] as const;

/** The packages of {@link TERRAFORM_PACKAGES} that cannot be resolved from here, in that order. */
export function missingTerraformPackages(resolve: (name: string) => string = require.resolve): string[] {
  return TERRAFORM_PACKAGES.filter((name) => {
    try {
      resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** The one line for a Terraform or OpenTofu start of the npm package's bin that lacks `missing`. */
export function missingTerraformPackagesMessage(missing: readonly string[]): string {
  return `pulumi-resource-sender: the npm package serves the Pulumi plugin only and lacks ${missing.join(", ")}; Terraform and OpenTofu take terraform-provider-sender from the release (its zips or filesystem mirror, see docs/terraform/index.md)`;
}
