// go-plugin's magic cookie for Terraform's and OpenTofu's providers: the entry point reads it to
// choose the Terraform door, so this module imports nothing.

/** The environment variable go-plugin's client sets for a Terraform or OpenTofu provider. */
export const TF_MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";

/** Its value. */
export const TF_MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/** True when go-plugin started this process as a Terraform or OpenTofu provider. */
export function isTerraformHandshake(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[TF_MAGIC_COOKIE_KEY] === TF_MAGIC_COOKIE_VALUE;
}
