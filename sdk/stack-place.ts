// Where this run's stack lives, for the nonce's record (sdk/stack-nonce.ts).
import * as pulumi from "@pulumi/pulumi";
import { currentBackendUrl, type PlaceHere, placeHere } from "../provider/core/stack-place";

/** The project's folder: where its Pulumi.yaml is, which may name the backend. */
function projectDir(): string {
  try {
    return pulumi.runtime.getRootDirectory();
  } catch {
    return process.cwd();
  }
}

/** The organization, or `""` when the engine names none (an older engine, mocks without one). */
function organization(): string {
  try {
    return pulumi.getOrganization();
  } catch {
    return "";
  }
}

/**
 * Where this run's stack lives (`provider/core/stack-place.ts`): the backend the CLI uses, the
 * organization, the project and the stack, hashed.
 */
export function here(): PlaceHere {
  return placeHere(
    {
      backendUrl: currentBackendUrl(process.env, projectDir()),
      organization: organization(),
      project: pulumi.getProject(),
      stack: pulumi.getStack(),
    },
    projectDir(),
  );
}
