/**
 * CampaignProof: a test send of a regular campaign to a few listed addresses
 * (`POST /v2/campaigns/{id}/send_test_email`, one request per address). The service keeps no
 * record of it, so the stack's state is the record: `proofedHash`, the hash of the subject and
 * content proofed ({@link campaignContentHash}), and `proofedAddresses`.
 *
 * `diff` reads the campaign (a read, so a preview still writes nothing) and reports a change when
 * its subject or content is no longer the proofed one; in an `up` it runs once the campaign's own
 * change is applied, since `campaignId` waits for the campaign. A proof never goes out for a
 * campaign the service reports as sent, and `delete` sends nothing.
 *
 * `send_test_email` is not idempotent and lists nothing: a lost answer fails the operation, and the
 * next `up` sends again, so a proof can arrive twice.
 */
import { z } from "zod";
import type * as api from "../client/schemas";
import type { PropertyBag } from "../core/bag";
import { campaignContentHash } from "../core/content-hash";
import type { ProviderContext } from "../core/context";
import type { CheckFailure } from "../core/contract";
import { defineResource } from "../core/define";
import { notice, warn } from "../core/diagnostics";
import { diffBySpec, sameValue } from "../core/diff";
import { containsUnknown } from "../core/engine-values";
import { campaignIdField, derive, type InputsOf, type OutputsOf, type TableOf } from "../core/fields";
import type { KindSample } from "../core/kind-sample";
import { isNotFound, operationError, readOrGone, withOperation } from "../core/operation-errors";
import type { ResourceProviderOf } from "../core/provider-types";
import { isSent } from "../core/sent-guard";
import { apply, fieldWord, kindWord, say } from "../words";

const KIND = "CampaignProof";

/** The most addresses one proof goes to: a proof is for the team, never an audience. */
export const MAX_PROOF_ADDRESSES = 5;

/** The inputs of a CampaignProof: derived from {@link campaignProofFields}. */
export type CampaignProofInputs = InputsOf<typeof campaignProofFields>;

/** The outputs of a CampaignProof: its inputs and what it proofed. */
export type CampaignProofOutputs = OutputsOf<typeof campaignProofFields>;

const EMAIL = z.email();

/**
 * The rule of `addresses`: a list of 1 to {@link MAX_PROOF_ADDRESSES} email addresses, none
 * repeated (ignoring case); every bad one is named on one line.
 */
const addressesCheck = z
  .array(z.unknown(), { error: "must be a list of 1 to 5 email addresses" })
  .superRefine((values, ctx) => {
    const known = values.filter((value) => !containsUnknown(value));
    const bad = known.filter((value) => typeof value !== "string" || !EMAIL.safeParse(value).success);
    if (bad.length > 0) {
      const names = bad.map((value) => JSON.stringify(value)).join(", ");
      ctx.addIssue({
        code: "custom",
        message: bad.length === 1 ? `${names} is not an email address` : `${names} are not email addresses`,
      });
      return;
    }
    if (values.length < 1 || values.length > MAX_PROOF_ADDRESSES) {
      ctx.addIssue({
        code: "custom",
        message: `must hold 1 to ${MAX_PROOF_ADDRESSES} email addresses (has ${values.length}): a proof goes to the team, never to an audience`,
      });
      return;
    }
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const value of known as string[]) {
      const key = value.toLowerCase();
      if (seen.has(key)) repeated.add(value);
      seen.add(key);
    }
    if (repeated.size > 0) {
      ctx.addIssue({
        code: "custom",
        message: `must not repeat an address: ${[...repeated].map((value) => JSON.stringify(value)).join(", ")}`,
      });
    }
  });

/** The field table of CampaignProof: moving it to another campaign replaces it (a new proof). */
export const campaignProofFields = {
  /** The campaign to proof. Changing it replaces the proof, which sends the other campaign's. */
  campaignId: campaignIdField(),
  /**
   * Who receives the proof: 1 to 5 email addresses, never the campaign's audience. An address added later
   * receives the current proof at the next `{@apply}`; a removed one receives nothing more.
   */
  addresses: {
    type: "stringList",
    required: true,
    set: true,
    check: addressesCheck,
  },
  /**
   * Any values whose change sends a new proof to every address, e.g. `[2]` after `[1]` to send it again
   * unchanged. Kept in {@state}; never sent.
   */
  triggers: {
    type: "anyList",
    check: z.array(z.unknown(), { error: "must be a list" }),
  },
  /**
   * The campaign's `contentHash` (`contentHash: campaign.contentHash`): given, a {@preview} already shows the
   * proof a change of the campaign's subject or content will send. Left out, the `{@apply}` that applies such a
   * change still sends it (`diff` compares the campaign's current hash with `proofedHash`).
   */
  contentHash: {
    type: "string",
    check: z.string({
      error: () => say`must be a string (a ${kindWord("Campaign")}'s ${fieldWord("contentHash")})`,
    }),
  },
  /** The hash of the subject and content last proofed, the same function as a Campaign's `contentHash`. */
  proofedHash: { type: "string", output: true, movedBy: { update: "any" } },
  /** The addresses that received the proof of `proofedHash`. */
  proofedAddresses: {
    type: "stringList",
    output: true,
    movedBy: { update: "any" },
    // Every create or update records the addresses as given (a proof sent to each new one).
    planned: (inputs) => inputs.addresses,
  },
} as const satisfies TableOf<never>;

/** What a CampaignProof is, for the package schema and the SDK. */
export const campaignProofDescription =
  "A proof of a regular campaign: a test send to 1 to 5 listed addresses, never to the audience " +
  "(`send_test_email`, one per address). It is sent when created, and again when the campaign's subject or " +
  "content changed since (compared once the campaign's own change is applied) or `triggers` changed; an " +
  "address added receives the current proof. A {@preview} sends nothing and says who `{@apply}` will send to; " +
  "deleting it sends nothing; a campaign the service reports as sent gets no proof (refused at {@preview}). " +
  "The service's endpoint is not idempotent: a lost answer fails the `{@apply}`, the next `{@apply}` sends again, so a " +
  "proof can arrive twice.";

/** How CampaignProof inputs compare: the addresses as a set, a new campaign replaces. Built at module load. */
const { spec: CAMPAIGN_PROOF_DIFF } = derive(campaignProofFields);

/** The error that refuses a proof of a sent campaign: one line. */
export function sentProofError(campaignId: string, status: string): Error {
  return new Error(
    say`Campaign ${campaignId} has already been sent (status ${status}): refusing to send a proof of it; ` +
      say`a proof is for a campaign not yet sent: remove the ${kindWord("CampaignProof")} or its change`,
  );
}

/** The notice of a preview (and of the `up`, before it sends): how many proofs go out, to whom. */
export function proofNotice(campaignId: string | undefined, addresses: readonly string[]): string {
  const noun = addresses.length === 1 ? "proof" : "proofs";
  const of = campaignId === undefined ? "the campaign to be created" : `campaign ${campaignId}`;
  return say`${apply} will send ${addresses.length} ${noun} of ${of} to ${addresses.join(", ")}`;
}

const isKnownText = (value: unknown): value is string => typeof value === "string" && !containsUnknown(value);

/** The known addresses of a bag, or undefined while any is unknown. */
function knownAddresses(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || containsUnknown(value)) return undefined;
  return value.filter((item): item is string => typeof item === "string");
}

/**
 * Who an update sends to: every address when the content proofed changed (the campaign's current
 * hash, or the program's `contentHash` while unknown or other than the proofed one) or `triggers`
 * changed, else only the addresses not proofed before. `addresses` is undefined while unknown.
 */
export function recipientsOf(
  olds: Partial<CampaignProofOutputs>,
  news: PropertyBag,
  currentHash: string | undefined,
): { all: boolean; addresses: string[] | undefined } {
  const given = news.contentHash;
  const all =
    (currentHash !== undefined && currentHash !== olds.proofedHash) ||
    containsUnknown(news.triggers) ||
    !sameValue(olds.triggers, news.triggers) ||
    containsUnknown(given) ||
    (typeof given === "string" && !sameValue(olds.contentHash, given) && given !== olds.proofedHash);
  const addresses = knownAddresses(news.addresses);
  if (all || addresses === undefined) return { all: true, addresses };
  const before = new Set((olds.proofedAddresses ?? olds.addresses ?? []).map((a) => a.toLowerCase()));
  return { all: false, addresses: addresses.filter((address) => !before.has(address.toLowerCase())) };
}

/** The campaign as the service has it now, or undefined when it no longer has it. */
async function currentCampaign(context: ProviderContext, id: string): Promise<api.Campaign | undefined> {
  try {
    return await context.client().getCampaign(id);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/**
 * Sends the proof of `campaign` as it is now to `addresses`, one request each, refusing a sent
 * campaign when there is anything to send; answers the hash proofed.
 */
async function sendProof(context: ProviderContext, campaign: api.Campaign, addresses: readonly string[]) {
  if (addresses.length > 0 && isSent(campaign.status)) throw sentProofError(campaign.id, campaign.status);
  for (const address of addresses) await context.client().sendTestEmail(campaign.id, address);
  return campaignContentHash(campaign);
}

/** A warning when the program's `contentHash` is not the hash of what was proofed (the campaign changed elsewhere). */
function warnHashMismatch(inputs: CampaignProofInputs, proofed: string): void {
  if (inputs.contentHash === undefined || inputs.contentHash === proofed) return;
  warn(
    say`${kindWord("CampaignProof")} of campaign ${inputs.campaignId}: ${fieldWord("contentHash")} ${inputs.contentHash} is not the hash of the ` +
      `campaign's current subject and content (${proofed}); the proof sent shows the current ones`,
  );
}

/**
 * What the account tells at `check` (run by `checkInContext`, `account-checks.ts`, in every door,
 * once the table's rules passed): a new proof (a create, or a move to another campaign) of a known
 * campaign the service reports as sent is refused in one line; else the proof's recipients are
 * noticed. Only reads.
 */
export async function proofAccountFailures(
  context: ProviderContext,
  olds: PropertyBag,
  news: PropertyBag,
): Promise<CheckFailure[]> {
  const campaignId = news.campaignId;
  const isNew = olds.campaignId === undefined || olds.campaignId !== campaignId;
  if (!isNew) return [];
  const addresses = knownAddresses(news.addresses);
  if (!isKnownText(campaignId)) {
    // A campaign still to be created (its id unknown in a preview): nothing to read, who is known.
    if (addresses !== undefined) notice(proofNotice(undefined, addresses));
    return [];
  }
  let campaign: api.Campaign | undefined;
  try {
    campaign = await currentCampaign(context, campaignId);
  } catch {
    // Unreadable now: `create` reads it again and refuses there.
    return [];
  }
  if (campaign !== undefined && isSent(campaign.status)) {
    return [{ property: "campaignId", reason: sentProofError(campaignId, campaign.status).message }];
  }
  if (addresses !== undefined) notice(proofNotice(campaignId, addresses));
  return [];
}

/** The CampaignProof provider. */
export const campaignProofProvider: ResourceProviderOf = defineResource(campaignProofFields, {
  kind: KIND,
  handlers: (context) => ({
    async diff(id, olds, news) {
      const base = diffBySpec(CAMPAIGN_PROOF_DIFF, olds, news);
      // A replacement is a new proof, which `check` judged and noticed.
      if (base.replaces && base.replaces.length > 0) return base;
      const campaignId = olds.campaignId;
      // Read fresh, never the shared list: in an `up` the campaign's own change was just applied.
      const campaign = await withOperation("diff", KIND, id, () => currentCampaign(context, campaignId));
      const currentHash = campaign === undefined ? undefined : campaignContentHash(campaign);
      const changes =
        base.changes === true || (currentHash !== undefined && currentHash !== olds.proofedHash);
      if (!changes) return base;
      const { addresses } = recipientsOf(olds, news, currentHash);
      if (addresses === undefined || addresses.length > 0) {
        if (campaign !== undefined && isSent(campaign.status)) {
          throw operationError("diff", KIND, id, sentProofError(campaignId, campaign.status));
        }
        if (addresses !== undefined) notice(proofNotice(campaignId, addresses));
      }
      return { changes: true, replaces: [], deleteBeforeReplace: false };
    },

    async create(inputs) {
      return withOperation("create", KIND, inputs.campaignId, async () => {
        const campaign = await context.client().getCampaign(inputs.campaignId);
        const proofedHash = await sendProof(context, campaign, inputs.addresses);
        warnHashMismatch(inputs, proofedHash);
        return {
          id: inputs.campaignId,
          outs: { ...inputs, proofedHash, proofedAddresses: [...inputs.addresses] },
        };
      });
    },

    // The service keeps no record of a proof: the state stands while the campaign exists. An import
    // (no state yet) is named by the campaign's id and records no proof sent: `proofedHash` empty,
    // `proofedAddresses` empty, so the next `up` sends the proof to the program's addresses.
    async read(id, previous) {
      const importing = previous.campaignId === undefined && previous.proofedHash === undefined;
      const campaignId = previous.campaignId ?? id;
      return readOrGone(
        KIND,
        id,
        () => context.client().getCampaign(campaignId),
        () => {
          if (importing) {
            const none: Partial<CampaignProofOutputs> = { campaignId, proofedHash: "", proofedAddresses: [] };
            return { id, props: none as CampaignProofOutputs, inputs: { campaignId } as CampaignProofInputs };
          }
          const { proofedHash, proofedAddresses, ...inputs } = previous;
          if (proofedHash === undefined || proofedAddresses === undefined) return { id: "" };
          // `addresses` is absent only in an imported proof the program has not applied yet.
          const kept = { ...inputs, campaignId } as CampaignProofInputs;
          return { id, props: { ...kept, proofedHash, proofedAddresses }, inputs: kept };
        },
      );
    },

    async update(id, olds, news) {
      return withOperation("update", KIND, id, async () => {
        const campaign = await context.client().getCampaign(news.campaignId);
        const { addresses } = recipientsOf(olds, news, campaignContentHash(campaign));
        const proofedHash = await sendProof(context, campaign, addresses ?? news.addresses);
        warnHashMismatch(news, proofedHash);
        return { outs: { ...news, proofedHash, proofedAddresses: [...news.addresses] } };
      });
    },

    async delete() {
      // A proof sent cannot be recalled: nothing to do on the service.
    },
  }),
});

/** The sample values of CampaignProof: the tests keyed by kind, the Terraform example and its docs read them. */
export const campaignProofSample: KindSample = {
  valid: { campaignId: "abc123", addresses: ["editor@example.com"], triggers: [1], contentHash: "h" },
  declaredExtras: [],
  scenario: {
    parentCampaign: "campaignId",
    inputs: {
      addresses: ["editor@example.com"],
      triggers: [1],
      contentHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    },
    absent: [],
  },
  importId: {
    what:
      "the campaign's id. The service keeps no record of a proof, so an imported proof records none sent " +
      "(an empty proofed hash, no proofed addresses) and no addresses: add them to the generated code or " +
      "block; the first apply after the import sends the proof to them, and plans are clean after it",
    example: "cmp001",
  },
  reference: {
    notes: [
      "A proof is a test send (`POST /v2/campaigns/{id}/send_test_email`, one request per address) to the",
      "listed addresses only, never to the audience. Created, it sends to every address; `up` sends again",
      "to every address when the campaign's subject or content changed since the last proof (the proof's",
      "`diff` reads the campaign after the campaign's own change is applied) or `triggers` changed, and an",
      "added address receives the current proof. A preview sends nothing: it says `up will send 2 proofs of",
      "campaign <id> to editor@example.com, legal@example.com` (`of the campaign to be created` while the",
      "campaign's id is unknown). Pass `contentHash: campaign.contentHash` so",
      "that the preview of a change to the campaign already shows the proof it will send; left out, the",
      "`up` still sends it. Destroying a proof sends nothing; a campaign the service reports as sent gets",
      "no proof (refused at preview with one line). The service's endpoint is not idempotent: a lost answer",
      "fails the `up` and the next `up` sends again, so **a proof can arrive twice**. Imported by its",
      "campaign's id (`sender:index:CampaignProof <name> <campaign id>`), a proof records none sent",
      "(`proofedHash` and `proofedAddresses` empty) and no `addresses`, which the service does not keep: add",
      "them to the generated code; the first `up` sends the proof to them, and previews are clean after it.",
    ].join("\n"),
    typescript: `const launch = new sender.Campaign("launch", { /* ... */ });
new sender.CampaignProof("launch-proof", {
  campaignId: launch.id,
  addresses: ["editor@example.com", "legal@example.com"],
  contentHash: launch.contentHash,
});
`,
  },
  terraform: `resource "sender_campaign" "summer" {
  title        = "Summer preview"
  subject      = "A first look at our summer range"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Summer preview</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

# A proof to the team's inboxes before the send: sent at apply, and again when the campaign's
# subject or content changes (content_hash follows it, so the plan already shows the coming proof).
resource "sender_campaign_proof" "summer" {
  campaign_id  = sender_campaign.summer.id
  addresses    = ["editor@example.com", "review@example.com"]
  content_hash = sender_campaign.summer.content_hash
}
`,
};
