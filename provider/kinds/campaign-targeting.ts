/**
 * CampaignTargeting: who a campaign goes to, by included and excluded tags and filters, or to
 * every active subscriber (`sendToAll`). One targeting per campaign, so its id is the campaign id.
 * Only `campaignId` forces replacement; every other change applies the set differences.
 */
import { z } from "zod";
import type { SenderClient } from "../client";
import type * as api from "../client/schemas";
import type { HandOver } from "../core/campaign-parts";
import { defineResource } from "../core/define";
import { type DiffSpec, sameSet } from "../core/diff";
import { compact, containsUnknown } from "../core/engine-values";
import { pickInputs, stableSet } from "../core/field-bodies";
import {
  campaignIdField,
  diffSpecOf,
  type InputsOf,
  idList,
  type OutputsOf,
  type schemaOf,
  type TableOf,
} from "../core/fields";
import type { KindSample } from "../core/kind-sample";
import { isNotFound, readOrGone, withOperation } from "../core/operation-errors";
import { campaignForRead } from "../core/paged-reads";
import { partAdoptIdField } from "../core/part-takeover";
import { inProgramTerms } from "../core/program-errors";
import type { ResourceProviderOf } from "../core/provider-types";
import { guardChange, guardedDiff, guardSentCampaign } from "../core/sent-guard";
import { assignWord, fieldWord, say } from "../words";

const KIND = "CampaignTargeting";

/** The inputs of a CampaignTargeting (camelCase): derived from {@link campaignTargetingFields}. */
export type CampaignTargetingInputs = InputsOf<typeof campaignTargetingFields>;

/** The outputs of a CampaignTargeting: its inputs, as set. */
export type CampaignTargetingOutputs = OutputsOf<typeof campaignTargetingFields>;

/** The field table of CampaignTargeting: only the campaign forces replacement; the lists are sets. */
export const campaignTargetingFields = {
  /** The campaign targeted. Changing it replaces the targeting. */
  campaignId: campaignIdField(),
  /**
   * The id of the campaign whose targeting to take over as it is (it must be `campaignId`): `create` then
   * reads the service's lists and changes only what differs from these arguments, sending nothing when they
   * match. Only read at create.
   */
  adoptId: partAdoptIdField("campaign"),
  /**
   * Tags whose subscribers receive the campaign. A set: order does not matter. Excludes `sendToAll: true`.
   */
  tagIds: {
    type: "stringList",
    set: true,
    check: idList("tag"),
  },
  /** Tags whose subscribers never receive the campaign. A set: order does not matter. */
  excludedTagIds: {
    type: "stringList",
    set: true,
    check: idList("tag"),
  },
  /**
   * Saved filters whose subscribers receive the campaign. A set: order does not matter. Excludes `sendToAll:
   * true`.
   */
  filterIds: {
    type: "stringList",
    set: true,
    check: idList("filter"),
  },
  /** Saved filters whose subscribers never receive the campaign. A set: order does not matter. */
  excludedFilterIds: {
    type: "stringList",
    set: true,
    check: idList("filter"),
  },
  /**
   * Send to every active subscriber. Cannot be combined with `tagIds` or `filterIds`; one of the three is
   * required. Exclusions still apply.
   */
  sendToAll: {
    type: "boolean",
    check: z.boolean({ error: "must be true or false" }),
  },
} as const satisfies TableOf<never>;

/** What a CampaignTargeting is, for the package schema and the SDK. */
export const campaignTargetingDescription =
  "Who a regular campaign goes to: included and excluded tags and saved filters, or every active subscriber " +
  "(`sendToAll`). One targeting per campaign, so its id is the campaign id. Only `campaignId` forces replacement; " +
  "other changes apply the set differences. Changes to a campaign that is no longer DRAFT or SCHEDULED are refused.";

/**
 * How CampaignTargeting inputs compare. A replacement deletes the old targeting first: two
 * targetings of one campaign would write the same lists of the service.
 */
export const CAMPAIGN_TARGETING_DIFF: DiffSpec = diffSpecOf(campaignTargetingFields, true);

const SET_FIELDS = ["tagIds", "excludedTagIds", "filterIds", "excludedFilterIds"] as const;

const known = (value: unknown) => !containsUnknown(value);
const hasItems = (value: unknown) => Array.isArray(value) && value.length > 0;

/** The rule across fields: `sendToAll`, or some tags or filters, never both. */
const targetsSomeone = (schema: ReturnType<typeof schemaOf>) =>
  schema.superRefine((inputs, ctx) => {
    const { sendToAll, tagIds, filterIds } = inputs;
    // Nothing can be judged while a value the rule depends on is still unknown (preview).
    if (![sendToAll, tagIds, filterIds].every(known)) return;
    if (sendToAll === true) {
      for (const field of ["tagIds", "filterIds"] as const) {
        if (hasItems(inputs[field])) {
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: say`cannot be combined with ${assignWord("sendToAll", "true")}, which already targets every active subscriber`,
          });
        }
      }
    } else if (!hasItems(tagIds) && !hasItems(filterIds)) {
      ctx.addIssue({
        code: "custom",
        path: ["sendToAll"],
        message: say`must be true when neither ${fieldWord("tagIds")} nor ${fieldWord("filterIds")} is given, so that the campaign has recipients`,
      });
    }
  });

const list = (value: string[] | undefined): string[] => value ?? [];
const minus = (a: readonly string[], b: readonly string[]) => [...new Set(a)].filter((id) => !b.includes(id));

/**
 * Makes the service go from `before` to `after`, touching only what differs: excluded tags one by
 * one, the other lists re-set only when they changed, `send_to_all` toggled.
 */
async function apply(
  client: SenderClient,
  campaignId: string,
  before: Partial<CampaignTargetingInputs>,
  after: Partial<CampaignTargetingInputs>,
): Promise<void> {
  // A refusal of a list names the program's field and id (`tagIds[0] "tag999"`), not `tags_arr.0`.
  const carrying = async (
    key: string,
    property: string,
    noun: string,
    value: string[],
    send: Promise<unknown>,
  ) => {
    try {
      await send;
    } catch (error) {
      throw inProgramTerms(error, { [key]: { property, value, noun } });
    }
  };
  const tags = list(after.tagIds);
  if (!sameSet(list(before.tagIds), tags))
    await carrying("tags_arr", "tagIds", "tag", tags, client.setTags(campaignId, tags));
  for (const tagId of minus(list(before.excludedTagIds), list(after.excludedTagIds))) {
    await client.removeExcludedTag(campaignId, tagId);
  }
  for (const tagId of minus(list(after.excludedTagIds), list(before.excludedTagIds))) {
    await client.addExcludedTag(campaignId, tagId);
  }
  const filters = list(after.filterIds);
  if (!sameSet(list(before.filterIds), filters)) {
    await carrying(
      "filters_arr",
      "filterIds",
      "saved filter",
      filters,
      filters.length > 0 ? client.setFilters(campaignId, filters) : client.clearFilters(campaignId),
    );
  }
  const excludedFilters = list(after.excludedFilterIds);
  if (!sameSet(list(before.excludedFilterIds), excludedFilters)) {
    await carrying(
      "filters_arr",
      "excludedFilterIds",
      "saved filter",
      excludedFilters,
      excludedFilters.length > 0
        ? client.setExcludedFilters(campaignId, excludedFilters)
        : client.clearExcludedFilters(campaignId),
    );
  }
  const sendToAll = after.sendToAll === true;
  if ((before.sendToAll === true) !== sendToAll) await client.setSendToAll(campaignId, sendToAll);
}

/** The targeting as the service now has it; a set the program left out stays out while empty. */
function inputsFromService(
  campaign: api.Campaign,
  lists: Record<(typeof SET_FIELDS)[number], string[]>,
  previous: Partial<CampaignTargetingOutputs>,
): CampaignTargetingInputs {
  const inputs: CampaignTargetingInputs = { campaignId: campaign.id };
  for (const field of SET_FIELDS) {
    const current = lists[field];
    if (previous[field] !== undefined || current.length > 0)
      inputs[field] = stableSet(previous[field], current);
  }
  // The docs show `send_to_all: null`: an answer without the switch leaves the known value.
  const flag = campaign.send_to_all;
  if (flag == null) {
    if (previous.sendToAll !== undefined) inputs.sendToAll = previous.sendToAll;
  } else if (previous.sendToAll !== undefined || flag === 1) inputs.sendToAll = flag === 1;
  return inputs;
}

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

/** The CampaignTargeting provider. */
export const campaignTargetingProvider: ResourceProviderOf = defineResource(campaignTargetingFields, {
  kind: KIND,
  deleteBeforeReplace: true,
  takesOver: "targeting of campaign",
  refine: targetsSomeone,
  handlers: (context) => ({
    async diff(id, olds, news) {
      return guardedDiff(context, CAMPAIGN_TARGETING_DIFF, KIND, id, olds, news);
    },

    async create(inputs) {
      return withOperation("create", KIND, inputs.campaignId, async () => {
        // A new campaign has no targeting, so only what the inputs ask for is sent.
        await apply(context.client(), inputs.campaignId, {}, inputs);
        return { id: inputs.campaignId, outs: { ...inputs } };
      });
    },

    async read(id, previous) {
      const client = context.client();
      const everything = () =>
        Promise.all([
          // Of the campaign, only its switch: the campaign list carries it (null in the docs' example).
          campaignForRead(context, id, ["send_to_all"], undefined).then((read) => read.campaign),
          client.getCampaignTags(id),
          client.getCampaignExcludedTags(id),
          client.getCampaignFilters(id),
          client.getCampaignExcludedFilters(id),
        ]);
      return readOrGone(KIND, id, everything, ([campaign, tags, excludedTags, filters, excludedFilters]) => {
        const inputs = inputsFromService(
          campaign,
          {
            tagIds: ids(tags),
            excludedTagIds: ids(excludedTags),
            filterIds: ids(filters),
            excludedFilterIds: ids(excludedFilters),
          },
          previous,
        );
        return { id, props: { ...inputs }, inputs };
      });
    },

    async update(id, olds, inputs) {
      return withOperation("update", KIND, id, async () => {
        await guardChange(context, "update", CAMPAIGN_TARGETING_DIFF, KIND, id, olds, inputs);
        await apply(context.client(), inputs.campaignId, pickInputs(campaignTargetingFields, olds), inputs);
        return { outs: { ...inputs } };
      });
    },

    async delete(id, props) {
      const set = pickInputs(campaignTargetingFields, props);
      await withOperation("delete", KIND, id, async () => {
        const client = context.client();
        try {
          // The targeting of a sent campaign is history: the service refuses to change it, and
          // nothing is left to undo.
          const { sent, campaign } = await guardSentCampaign(context, {
            operation: "delete",
            kind: KIND,
            id,
            campaignIds: [id],
          });
          if (sent || campaign === undefined) return;
          await apply(client, id, set, {});
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      });
    },
  }),
});

/**
 * The delete of a targeting another resource of the run wrote after it (`campaignPart`): removes
 * only what the deleted one set and the other did not (an excluded tag, a list the other leaves
 * empty, `sendToAll`), never adding or re-setting what the other set.
 */
export const campaignTargetingHandOver: HandOver = async (context, id, left, taker) => {
  const before = pickInputs(campaignTargetingFields, left);
  const after = pickInputs(campaignTargetingFields, taker);
  // What the other resource set is taken as already there, so that `apply` only removes.
  const kept = (field: "tagIds" | "filterIds" | "excludedFilterIds") =>
    hasItems(after[field]) ? after[field] : before[field];
  await withOperation("delete", KIND, id, async () => {
    try {
      await apply(
        context.client(),
        id,
        compact({
          tagIds: kept("tagIds"),
          excludedTagIds: [...list(before.excludedTagIds), ...list(after.excludedTagIds)],
          filterIds: kept("filterIds"),
          excludedFilterIds: kept("excludedFilterIds"),
          sendToAll: after.sendToAll === true || before.sendToAll === true,
        }),
        after,
      );
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  });
};

/** The sample values of CampaignTargeting: the tests keyed by kind, the Terraform example and its docs read them. */
export const campaignTargetingSample: KindSample = {
  valid: { campaignId: "abc123", tagIds: ["tag001"], excludedTagIds: ["tag004"] },
  declaredExtras: ["filterIds", "excludedFilterIds", "sendToAll"],
  scenario: {
    parentCampaign: "campaignId",
    inputs: {
      tagIds: ["tag001"],
      excludedTagIds: ["tag004"],
      filterIds: ["flt001"],
      excludedFilterIds: ["flt002"],
      sendToAll: false,
    },
    // Created, not adopted.
    absent: ["adoptId"],
  },
  importId: { what: "the campaign's id (a campaign has one targeting)", example: "cmp001" },
  reference: {
    notes: [
      "At least one of `sendToAll`, `tagIds` and `filterIds` is required. Updates send only the set",
      "differences (an excluded tag added or removed one by one; the tag and filter sets re-set only when",
      "they changed). Destroying it removes what it set; after the campaign was sent it changes nothing.",
      "Outputs: the inputs.",
    ].join("\n"),
    typescript: `// Tags by the names the dashboard shows (docs/data-sources.md): a name no tag has fails naming the close ones.
new sender.CampaignTargeting("welcome-audience", {
  campaignId: welcome.id,
  tagIds: [sender.getTagOutput({ name: "Customers" }).id],
  excludedTagIds: [sender.getTagOutput({ name: "Churned" }).id],
});
`,
  },
  terraform: `resource "sender_campaign" "spring" {
  title        = "Spring sale"
  subject      = "Spring sale: 20% off"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Spring sale</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

# The audience by the tags' names, as the dashboard shows them.
data "sender_tag" "customers" {
  name = "Customers"
}

data "sender_tag" "newsletter" {
  name = "Newsletter"
}

data "sender_tag" "churned" {
  name = "Churned"
}

resource "sender_campaign_targeting" "spring" {
  campaign_id      = sender_campaign.spring.id
  tag_ids          = [data.sender_tag.customers.id, data.sender_tag.newsletter.id]
  excluded_tag_ids = [data.sender_tag.churned.id]
}
`,
};
