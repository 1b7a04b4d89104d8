/**
 * How the pack recognizes pulumi-sender's resources in both type families, and reads their
 * properties without tripping over values a preview does not know yet.
 */
import { UnknownValueError } from "@pulumi/policy";

/** The resource kinds of pulumi-sender (provider/kinds.ts), the same in both type families. */
export type SenderKind =
  | "Campaign"
  | "CampaignTargeting"
  | "CampaignFollowUp"
  | "CampaignSchedule"
  | "Attachment"
  | "TransactionalCampaign"
  | "Webhook";

/** Every kind, in the order the provider's README documents them. */
export const SENDER_KINDS: readonly SenderKind[] = [
  "Campaign",
  "CampaignTargeting",
  "CampaignFollowUp",
  "CampaignSchedule",
  "Attachment",
  "TransactionalCampaign",
  "Webhook",
];

/** The type token prefix of the `pulumi-sender` npm package's dynamic resources. */
export const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/sender:";

/** The type token prefix of the native plugin's resources (`sender:index:Campaign`...). */
export const PLUGIN_PREFIX = "sender:index:";

/** The type token of a dynamic resource registered without a module and type of its own. */
export const GENERIC_DYNAMIC_TYPE = "pulumi-nodejs:dynamic:Resource";

// The `__provider` text every pulumi-sender dynamic resource stores (sdk/provider-source.ts) ends
// with `providerFor('<Kind>')`: the kind is recorded there whatever the type token says.
const PROVIDER_KIND = /providerFor\('([A-Za-z]+)'\)/;

const KIND_SET: ReadonlySet<string> = new Set(SENDER_KINDS);

const isKind = (name: string | undefined): name is SenderKind => name !== undefined && KIND_SET.has(name);

/** Stands for a value the engine does not know yet (during a preview). */
export const UNKNOWN: unique symbol = Symbol("unknown");

/**
 * A property of a resource as plain data: {@link UNKNOWN} when the value (or any element of it) is
 * unknown in this preview. @pulumi/policy's properties throw `UnknownValueError` on such a read,
 * which would skip the whole rule for the whole stack; reading through this keeps the rule going.
 */
export function read(props: object, key: string): unknown {
  try {
    return plain((props as Record<string, unknown>)[key]);
  } catch (error) {
    if (error instanceof UnknownValueError) return UNKNOWN;
    throw error;
  }
}

function plain(value: unknown): unknown {
  if (Array.isArray(value)) {
    // Index by index: each element read through the proxy may throw on its own.
    const copy: unknown[] = [];
    for (let i = 0; i < value.length; i++) copy.push(plain(value[i]));
    return copy;
  }
  if (value !== null && typeof value === "object") {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) copy[key] = plain((value as Record<string, unknown>)[key]);
    return copy;
  }
  return value;
}

/** The kind of a resource of either type family, or undefined when it is not pulumi-sender's. */
export function kindOf(type: string, props: object): SenderKind | undefined {
  if (type.startsWith(DYNAMIC_PREFIX)) {
    const name = type.slice(DYNAMIC_PREFIX.length);
    return isKind(name) ? name : undefined;
  }
  if (type.startsWith(PLUGIN_PREFIX)) {
    const name = type.slice(PLUGIN_PREFIX.length);
    return isKind(name) ? name : undefined;
  }
  if (type === GENERIC_DYNAMIC_TYPE) {
    const provider = read(props, "__provider");
    const name = typeof provider === "string" ? PROVIDER_KIND.exec(provider)?.[1] : undefined;
    return isKind(name) ? name : undefined;
  }
  return undefined;
}

/** How a violation names a resource: its kind and its name in the program, e.g. `CampaignSchedule "send"`. */
export function label(kind: SenderKind, name: string): string {
  return `${kind} ${JSON.stringify(name)}`;
}
