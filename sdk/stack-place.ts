// Where this run's stack lives, for the nonce's record (sdk/stack-nonce.ts) and every resource's (sdk/resource.ts).
import * as pulumi from "@pulumi/pulumi";
import { currentBackendUrl, type PlaceHere, placeHere } from "../provider/pulumi/stack-place";

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
 * Where this run's stack lives (`provider/pulumi/stack-place.ts`): the backend the CLI uses, the
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

// This run's place, by engine monitor: read once, as the files it reads do not change in a run.
const places = new WeakMap<object, string>();

/**
 * This run's place (`provider/pulumi/stack-place.ts`), which every resource of the package records
 * as its hidden input `PLACE_RECORD_KEY`, so that its delete can tell a copy of the state from the
 * original when no program runs (`pulumi destroy`).
 */
export function stackPlace(): string {
  const key = (pulumi.runtime.getMonitor() as object | undefined) ?? places;
  let place = places.get(key);
  if (place === undefined) {
    place = here().here;
    places.set(key, place);
  }
  return place;
}
