import "./node-version";
import type * as pulumi from "@pulumi/pulumi";
import type { SenderClient } from "./client";
import { type ConfigureInput, ContextHolder, type ProviderContext } from "./context";
import type { ResourceKind } from "./kinds";
import { accountCheckFailures } from "./resources/account-checks";
import { adoptingPart, campaignIdOf } from "./resources/adopt-part";
import {
  attachmentDescription,
  attachmentFields,
  attachmentIdOf,
  attachmentProvider,
} from "./resources/attachment";
import { campaignDescription, campaignFields, campaignProvider } from "./resources/campaign";
import {
  campaignFollowUpDescription,
  campaignFollowUpFields,
  campaignFollowUpProvider,
} from "./resources/campaign-follow-up";
import {
  campaignScheduleDescription,
  campaignScheduleFields,
  campaignScheduleProvider,
} from "./resources/campaign-schedule";
import {
  campaignTargetingDescription,
  campaignTargetingFields,
  campaignTargetingProvider,
} from "./resources/campaign-targeting";
import { type ResourceProviderImpl, type ResourceProviderOf, userInputs } from "./resources/common";
import { fieldDocs } from "./resources/field-docs.generated";
import { type DocumentedTable, withDocs } from "./resources/fields";
import { STACK_NONCE_KIND, stackNonceProvider } from "./resources/stack-nonce";
import {
  transactionalCampaignDescription,
  transactionalCampaignFields,
  transactionalCampaignProvider,
} from "./resources/transactional-campaign";
import { webhookDescription, webhookFields, webhookProvider } from "./resources/webhook";

export { type ConfigureInput, ContextHolder, ProviderContext } from "./context";
export type { ResourceKind } from "./kinds";
export type { DocumentedField, DocumentedTable, Field, FieldTable, FieldType } from "./resources/fields";

/** How every resource kind's provider is made from a context: the whole surface in one place. */
export const providerFactories: Record<ResourceKind, ResourceProviderOf> = {
  Campaign: campaignProvider,
  CampaignTargeting: adoptingPart("CampaignTargeting", campaignIdOf, campaignTargetingProvider),
  CampaignFollowUp: adoptingPart("CampaignFollowUp", campaignIdOf, campaignFollowUpProvider),
  CampaignSchedule: adoptingPart("CampaignSchedule", campaignIdOf, campaignScheduleProvider),
  Attachment: adoptingPart("Attachment", attachmentIdOf, attachmentProvider),
  TransactionalCampaign: transactionalCampaignProvider,
  Webhook: webhookProvider,
};

/**
 * The `check` of a kind as the engine calls it, in the dynamic provider and the plugin alike: the
 * kind's own rules, then, when they pass, what the account can tell (see
 * `resources/account-checks.ts`): whether the token and address work, and whether the ids exist.
 */
export async function checkInContext(
  kind: ResourceKind,
  context: ProviderContext,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<pulumi.dynamic.CheckResult> {
  const result = await providerFactories[kind](context).check(olds, news);
  if ((result.failures ?? []).length > 0) return result;
  const failures = await accountCheckFailures(
    context,
    kind,
    userInputs(olds),
    userInputs((result.inputs ?? news) as Record<string, unknown>),
  );
  return failures.length > 0 ? { ...result, failures } : result;
}

/** Every resource kind's provider, working in `context`. */
export function providersOf(context: ProviderContext): Record<ResourceKind, ResourceProviderImpl> {
  const made = {} as Record<ResourceKind, ResourceProviderImpl>;
  for (const [kind, make] of Object.entries(providerFactories) as [ResourceKind, ResourceProviderOf][]) {
    made[kind] = make(context);
  }
  return made;
}

/**
 * Every resource kind's field table: the facts of each field, keyed by camelCase property name,
 * each with its doc (the TSDoc of its key, through field-docs.generated.ts).
 */
export const fieldTables: Record<ResourceKind, DocumentedTable> = {
  Campaign: withDocs(campaignFields, fieldDocs.Campaign),
  CampaignTargeting: withDocs(campaignTargetingFields, fieldDocs.CampaignTargeting),
  CampaignFollowUp: withDocs(campaignFollowUpFields, fieldDocs.CampaignFollowUp),
  CampaignSchedule: withDocs(campaignScheduleFields, fieldDocs.CampaignSchedule),
  Attachment: withDocs(attachmentFields, fieldDocs.Attachment),
  TransactionalCampaign: withDocs(transactionalCampaignFields, fieldDocs.TransactionalCampaign),
  Webhook: withDocs(webhookFields, fieldDocs.Webhook),
};

/** Every resource kind's one-paragraph description (the package schema's and the SDK class's). */
export const resourceDescriptions: Record<ResourceKind, string> = {
  Campaign: campaignDescription,
  CampaignTargeting: campaignTargetingDescription,
  CampaignFollowUp: campaignFollowUpDescription,
  CampaignSchedule: campaignScheduleDescription,
  Attachment: attachmentDescription,
  TransactionalCampaign: transactionalCampaignDescription,
  Webhook: webhookDescription,
};

// Errors that are bugs keep their stack trace; every other failure is a message for the user.
const BUG_ERRORS = [TypeError, ReferenceError, RangeError, SyntaxError];

// The engine's dynamic-provider process prints `${error}: ${error.stack}` on stderr for a failed
// check, diff, read or delete, and the engine shows that on the Stack, a second time, besides the
// error it shows on the resource. The exact text of each expected failure is kept here so that the
// console filter below drops it, and nothing else.
const quietLines = new Set<string>();
let filter: typeof console.error | undefined;

function filterConsole(): void {
  if (filter !== undefined && console.error === filter) return;
  const original = console.error.bind(console);
  filter = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && quietLines.delete(args[0])) return;
    original(...args);
  };
  console.error = filter;
}

/**
 * An expected failure made ready for the engine: its stack trace reduced to its first line (no
 * `    at ` lines, no paths to sources that are not shipped), and its echo on stderr silenced.
 * Bugs (`TypeError`...) and non-errors are returned as they are.
 */
export function cleanError(error: unknown): unknown {
  if (!(error instanceof Error) || BUG_ERRORS.some((type) => error instanceof type)) return error;
  error.stack = `${error.name}: ${error.message}`;
  quietLines.add(`${error}: ${error.stack}`);
  // Bounded: create and update failures are never printed, so their lines are never taken out.
  if (quietLines.size > 1000) quietLines.delete(quietLines.values().next().value as string);
  return error;
}

// The one process-level context of the engine's dynamic-provider process: the engine loads a
// provider per resource kind and calls configure() on each, and all of them must share one client
// (one pacer, one rate limit per account) and one set of claims. See ContextHolder.
const processContexts = new ContextHolder();

/**
 * Takes the stack config for this process's dynamic resources, as the engine's `configure()` does.
 *
 * @throws SenderConfigError naming the setting and how to fix it.
 */
export function configureProvider(config: ConfigureInput): void {
  processContexts.configure(config);
}

/** The client of this process's dynamic resources, built on first use from their settings or the environment. */
export function getClient(): SenderClient {
  return processContexts.context.client();
}

/**
 * The provider object of one kind, as the engine's dynamic-provider process uses it: the stub
 * stored in state as `__provider` (see `sdk/provider-source.ts`) returns this from its `handler()`.
 *
 * `configure` validates the stack config, so that a missing token or an unusable base URL fails
 * preview, once, with a message that names the setting; every later operation fails the same way.
 * Every operation works in the holder's current context (by default the process's, which every
 * kind shares). Expected failures reach the engine as their message alone (see {@link cleanError}).
 */
export function providerFor(
  kind: ResourceKind | typeof STACK_NONCE_KIND,
  holder: ContextHolder = processContexts,
): pulumi.dynamic.ResourceProvider {
  // The stack's hidden nonce resource (sdk/stack-nonce.ts): no settings, no service.
  if (kind === STACK_NONCE_KIND) return stackNonceProvider;
  const make = providerFactories[kind];
  if (!make) throw new Error(`pulumi-sender has no resource kind ${JSON.stringify(kind)}`);
  filterConsole();
  // `readOnly`: check, diff and read work with a client that refuses every request but a GET, so
  // that a preview or a `refresh --preview-only` never writes (see ProviderContext.readOnly).
  const run = async <T>(
    operation: (provider: ResourceProviderImpl) => Promise<T>,
    readOnly = false,
  ): Promise<T> => {
    const context = holder.context;
    if (context.failure) throw cleanError(context.failure);
    try {
      return await operation(make(readOnly ? context.readOnly() : context));
    } catch (error) {
      throw cleanError(error);
    }
  };
  return {
    configure: async (req) => {
      holder.watchEngine(); // stop once the engine is gone (kill -9 of `pulumi up`)
      try {
        holder.configure(req.config as ConfigureInput);
      } catch (error) {
        throw cleanError(error);
      }
    },
    check: (olds, news) => run(() => checkInContext(kind, holder.context.readOnly(), olds, news)),
    diff: (id, olds, news) => run((provider) => provider.diff(id, olds, news), true),
    create: (inputs) => run((provider) => provider.create(inputs)),
    read: (id, props) => run((provider) => provider.read(id, props), true),
    update: (id, olds, news) => run((provider) => provider.update(id, olds, news)),
    delete: (id, props) => run((provider) => provider.delete(id, props)),
  };
}
