import * as pulumi from "@pulumi/pulumi";
import { placeOf } from "../../provider/pulumi/stack-place";

/** A token set in every place a careless resource could pick it up from; it must reach no input. */
export const TOKEN = "sdk-mocks-secret-token-93d1f0";

/** What the engine received for each registered resource, in order; see {@link clearRegistered}. */
export const registered: pulumi.runtime.MockResourceArgs[] = [];

/** The stack's hidden nonce resources registered (one per program run), apart from {@link registered}. */
export const stackNonces: pulumi.runtime.MockResourceArgs[] = [];

/** The nonce the program's hidden `StackNonce` resource was registered with. */
export function stackNonceOfMocks(): string {
  const nonce = stackNonces.at(-1)?.inputs.nonce;
  if (typeof nonce !== "string") throw new Error("no StackNonce resource was registered");
  return nonce;
}

/** The backend the mocks' program runs against: an absolute `file://` URL, taken as given. */
const BACKEND_URL = "file:///sdk-mocks/backend";

/** The place every resource of the mocks' program records (`__senderPlace`): its stack `sdk-test`/`dev` on {@link BACKEND_URL}, in no organization. */
export function placeOfMocks(): string {
  return placeOf({
    backendUrl: BACKEND_URL,
    organization: "", // the mocks name no organization
    project: "sdk-test",
    stack: "dev",
  });
}

/** Forgets the registrations so far, so that a test sees only the resources it made. */
export function clearRegistered(): void {
  registered.length = 0;
}

/**
 * Installs mocks that record every resource registration and echo its inputs as its state, with
 * the token where a program keeps it (the environment and stack config): none of it may reach a
 * resource's inputs.
 */
export async function installMocks(): Promise<void> {
  process.env.SENDER_API_TOKEN = TOKEN;
  process.env.PULUMI_BACKEND_URL = BACKEND_URL;
  pulumi.runtime.setAllConfig({ "sender:apiToken": TOKEN }, ["sender:apiToken"]);
  await pulumi.runtime.setMocks(
    {
      newResource(args) {
        (args.type.endsWith(":StackNonce") ? stackNonces : registered).push(args);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call(args) {
        return args.inputs;
      },
    },
    "sdk-test",
    "dev",
    false,
  );
}

/** The value of an output, once the mocks resolved it. */
export function resolved<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

/** The registration of the resource with this name. */
export function registration(name: string): pulumi.runtime.MockResourceArgs {
  const found = registered.find((args) => args.name === name);
  if (!found) throw new Error(`no resource named ${name} was registered`);
  return found;
}
