import { z } from "zod";
import { type CreateGroupBody, type Group, type KnownKeys, type SenderClient, shorten } from "../client";
import { markedTitle, sameTitle } from "../core/autoname";
import { readFirstPages } from "../core/context";
import { journalForget, journalIds, journalKey } from "../core/create-journal";
import { createOnce, createOptionsOf } from "../core/create-once";
import { defineResource } from "../core/define";
import { warn } from "../core/diagnostics";
import { compact } from "../core/engine-values";
import { readComputed } from "../core/field-bodies";
import { autonameFields, type InputsOf, type OutputsOf, sameInput, type TableOf } from "../core/fields";
import { safeId } from "../core/ids";
import type { KindSample } from "../core/kind-sample";
import { isNotFound, readOrGone, withOperation } from "../core/operation-errors";
import { groupForRead } from "../core/paged-reads";
import type { ResourceProviderOf } from "../core/provider-types";
import { commandWord, fieldWord, kindWord, recorded, say } from "../words";

const KIND = "Group";

/** Pages of 100 searched for a group a create may have made (the list is the account's, oldest first). */
const SEARCH_PAGES = 10;

const TITLE_REASON = "must be a non-empty string of at most 255 characters";

/**
 * The field table of Group: a group (list) of subscribers, as the dashboard calls it. Its title
 * changes in place; nothing replaces it.
 */
export const groupFields = {
  /**
   * The group's title, as the dashboard shows it. Left out, it is `<resource name>-<8 hex>`, which proves
   * whose group it is. Changes in place.
   */
  title: {
    type: "string",
    api: "title",
    normalized: true,
    check: z.string({ error: TITLE_REASON }).trim().min(1, TITLE_REASON).max(255, TITLE_REASON),
  },
  ...autonameFields,
  /**
   * Id of an existing group to take over instead of creating one (`grp001`): a different title renames it in
   * place. Only read at create.
   */
  adoptId: {
    type: "string",
    createOnly: true,
    check: z
      .string({ error: "must be a group id" })
      .min(1, "must be a group id")
      .superRefine(safeId("group")),
  },
  /**
   * `true` lets the provider delete the group when it leaves the {@declared} even though a campaign not yet sent
   * or a webhook still uses it. Left out or `false`, such a group is kept in Sender and only dropped from the
   * {@recorded}, with a warning naming its users. The delete reads it from {@state}: set it and run
   * {@command up} first. Deleting a group never deletes its subscribers. Never sent to the service.
   */
  deleteEvenIfUsed: {
    type: "boolean",
    stateOnly: true,
    check: z.boolean({ error: "must be true or false" }),
  },
  /** How many subscribers the group holds, as of the last create, update or refresh. */
  recipientCount: { type: "integer", api: "recipient_count", output: true, optional: true },
  /** How many of them are active (can be sent to), as of the last create, update or refresh. */
  activeSubscribers: { type: "integer", api: "active_subscribers", output: true, optional: true },
  /** When the group was created, `YYYY-MM-DD HH:MM:SS` UTC. */
  created: { type: "string", api: "created", output: true, optional: true },
  /** Its last change, `YYYY-MM-DD HH:MM:SS` UTC. */
  modified: { type: "string", api: "modified", output: true, optional: true, movedBy: { update: "any" } },
} as const satisfies TableOf<keyof CreateGroupBody, KnownKeys<Group>>;

/** The inputs of a Group. */
export type GroupInputs = InputsOf<typeof groupFields>;

/** A group as the provider stores it. */
export type GroupOutputs = OutputsOf<typeof groupFields>;

/** What a Group is, for the package schema and the SDK. */
export const groupDescription =
  "A group (list) of subscribers of Sender.net, as the dashboard calls it: what a Campaign's `groups` and a " +
  "Webhook's `relationId` name by id. Its title changes in place. A group that a campaign not yet sent or a " +
  "webhook still uses is kept in Sender when it leaves the {@declared} (with a warning) unless `deleteEvenIfUsed` " +
  "is true; deleting a group never deletes its subscribers.";

/** The managed inputs of the program: all but the outputs. */
function managedOf(props: Partial<GroupOutputs>): GroupInputs {
  return compact({
    title: props.title,
    adoptId: typeof props.adoptId === "string" ? props.adoptId : undefined,
    autonamed: props.autonamed === true ? true : undefined,
    ownershipMark: typeof props.ownershipMark === "string" ? props.ownershipMark : undefined,
    deleteEvenIfUsed: typeof props.deleteEvenIfUsed === "boolean" ? props.deleteEvenIfUsed : undefined,
  }) as GroupInputs;
}

/** The inputs as the service holds them: its title, unless the known one means the same. */
function inputsOf(record: Group, prior: Partial<GroupOutputs>): GroupInputs {
  const known = prior.title;
  // A title that means the same (trimmed, NFC) keeps the known one: the core's one rule.
  const title =
    known !== undefined && sameInput(groupFields.title, known, record.title) ? known : record.title;
  return { ...managedOf(prior), title };
}

function outputsOf(inputs: GroupInputs, record: Group, title?: string): GroupOutputs {
  return compact({
    ...inputs,
    ...(title === undefined ? {} : { title }),
    ...readComputed(groupFields, record),
  }) as GroupOutputs;
}

/** Every group of the account, up to `pages` pages of 100. */
function listGroups(client: SenderClient, pages: number): Promise<Group[]> {
  return readFirstPages((page) => client.listGroups({ page, limit: 100 }), pages);
}

/** Takes over an existing group; a different title is renamed in place. */
async function takeOver(client: SenderClient, adoptId: string, title: string | undefined): Promise<Group> {
  let record: Group;
  try {
    record = await client.getGroup(adoptId);
  } catch (err) {
    if (isNotFound(err))
      throw new Error(say`${fieldWord("adoptId")}: no group ${shorten(adoptId)} in the account`);
    throw err;
  }
  if (title === undefined || sameTitle(record.title, title)) return record;
  return client.renameGroup(adoptId, { title });
}

/** Renames a group just made to its title; a failure leaves the marked title for the next `up`. */
async function renameMade(client: SenderClient, made: Group, title: string): Promise<Group | undefined> {
  try {
    return await client.renameGroup(made.id, { title });
  } catch (err) {
    warn(
      say`${kindWord(KIND)} ${made.id} was made, but renaming it to its title failed (${(err as Error).message}); the next ${commandWord("up")} renames it`,
    );
    return undefined;
  }
}

/**
 * What still uses group `id`: the campaigns not yet sent whose groups hold it, and the webhooks that
 * watch it (`GET /v2/campaigns`, every page, and `GET /v2/account/webhooks`). A campaign whose list
 * answer lacks its groups is read one by one; one deleted meanwhile is none.
 */
export async function usersOf(
  client: SenderClient,
  id: string,
): Promise<{ campaigns: string[]; webhooks: string[] }> {
  const campaigns: string[] = [];
  for await (const campaign of client.iterateCampaigns()) {
    if (campaign.status === "SENT") continue;
    let groups: readonly string[] | null | undefined = campaign.campaign_groups;
    if (groups == null) {
      try {
        groups = (await client.getCampaign(campaign.id)).campaign_groups;
      } catch (err) {
        // Deleted since the list answered (a destroy deletes campaigns beside the group): it uses nothing.
        if (isNotFound(err)) continue;
        throw err;
      }
    }
    if (groups?.includes(id)) campaigns.push(campaign.id);
  }
  const webhooks = (await client.listWebhooks()).filter((hook) => hook.group === id).map((hook) => hook.id);
  return { campaigns, webhooks };
}

/** How many ids of each kind of user a warning names; the rest are counted. */
const USERS_SHOWN = 5;

/** `campaign abc` or `campaigns a, b, c and 4 more`: the first ids of one kind of user. */
function usersPhrase(noun: string, ids: readonly string[]): string {
  const shown = ids.slice(0, USERS_SHOWN).join(", ");
  const rest = ids.length - USERS_SHOWN;
  return `${noun}${ids.length === 1 ? "" : "s"} ${shown}${rest > 0 ? ` and ${rest} more` : ""}`;
}

/** The one line that says a used group left the stack but stays in Sender, and how to delete it anyway. */
export function keptWarning(id: string, users: { campaigns: string[]; webhooks: string[] }): string {
  const named = [
    ...(users.campaigns.length > 0 ? [usersPhrase("campaign", users.campaigns)] : []),
    ...(users.webhooks.length > 0 ? [usersPhrase("webhook", users.webhooks)] : []),
  ].join(" and ");
  return say`${kindWord(KIND)} ${id} is still used by ${named}: kept in Sender and dropped from the ${recorded}. To delete it anyway, set ${fieldWord("deleteEvenIfUsed")} to true and run ${commandWord("up")} before removing it; its subscribers are never deleted.`;
}

/**
 * The provider of `Group`. Create goes through `createOnce` with the ownership mark (an autonamed
 * title ends with it; an explicit one is created as `<title> [<mark>]` and renamed), so a lost
 * answer or a killed `up` never makes a second group; the title changes in place; delete keeps a
 * group still in use unless `deleteEvenIfUsed`.
 */
export const groupProvider: ResourceProviderOf = defineResource(groupFields, {
  kind: KIND,
  autonamed: true,
  takesOver: "group",
  handlers: (context) => ({
    async create(props) {
      const title = props.title;
      return withOperation("create", KIND, props.adoptId ?? JSON.stringify(title ?? ""), async () => {
        const client = context.client();
        const inputs = managedOf(props);
        if (props.adoptId !== undefined) {
          const record = await takeOver(client, props.adoptId, title);
          return { id: record.id, outs: outputsOf(inputs, record, title ?? record.title) };
        }
        if (title === undefined) throw new Error(say`${fieldWord("title")} is required`);
        const mark = typeof props.ownershipMark === "string" ? props.ownershipMark : undefined;
        // An autonamed title proves ownership when it ends with this stack instance's mark; an explicit one
        // is created marked and journaled, then renamed.
        const autonamed = props.autonamed === true && mark !== undefined && title.endsWith(`-${mark}`);
        const journal = !autonamed && mark !== undefined ? journalKey(KIND, mark, client.baseUrl) : undefined;
        const createTitle = journal !== undefined && mark !== undefined ? markedTitle(title, mark) : title;
        const journaled = journal === undefined ? new Set<string>() : journalIds(journal);
        const provable = autonamed || journal !== undefined;
        const owned = (record: Group) =>
          sameTitle(record.title, createTitle) ||
          (journaled.has(record.id) && sameTitle(record.title, title));
        const matches = (record: Group) => (provable ? owned(record) : sameTitle(record.title, title));
        const made = await createOnce(
          context.claims,
          {
            kind: KIND,
            describe: `group ${JSON.stringify(shorten(createTitle))}`,
            create: () => client.createGroup({ title: createTitle }),
            known: async () =>
              (await context.claims.sharedList(client, KIND, () => listGroups(client, SEARCH_PAGES))).filter(
                matches,
              ),
            find: async () => (await listGroups(client, SEARCH_PAGES)).filter(matches),
            ...(provable ? { owns: owned } : {}),
            idOf: (record) => record.id,
            remove: async (id) => {
              await client.deleteGroup(id);
            },
            ...(journal !== undefined ? { journal } : {}),
            ...(mark !== undefined ? { recordedIn: journalKey(KIND, mark, client.baseUrl) } : {}),
          },
          createOptionsOf(client, context.retryDeadlineMs()),
        );
        if (journal === undefined || sameTitle(made.title, title))
          return { id: made.id, outs: outputsOf(inputs, made, title) };
        // Made just now, or earlier (a lost answer, a killed `up`): renamed to the explicit title.
        const renamed = await renameMade(client, made, title);
        if (renamed === undefined) return { id: made.id, outs: outputsOf(inputs, made, createTitle) };
        return { id: made.id, outs: outputsOf(inputs, renamed, title) };
      });
    },

    async read(id, prior) {
      return readOrGone(
        KIND,
        id,
        () => groupForRead(context, id),
        (record) => {
          const inputs = inputsOf(record, prior);
          return { id, props: outputsOf(inputs, record), inputs };
        },
      );
    },

    async update(id, olds, news) {
      return withOperation("update", KIND, id, async () => {
        const client = context.client();
        const inputs = managedOf(news);
        const title = news.title;
        let record: Group;
        if (title !== undefined && !sameTitle(olds.title, title)) {
          record = await client.renameGroup(id, { title });
          if (!sameTitle(record.title, title))
            throw new Error(
              `PATCH /v2/groups/${id} succeeded but did not make the change (title is ${JSON.stringify(record.title)}, not ${JSON.stringify(title)}).`,
            );
        } else {
          record = await client.getGroup(id);
        }
        return { outs: outputsOf(inputs, record, title) };
      });
    },

    async delete(id, props) {
      await withOperation("delete", KIND, id, async () => {
        const client = context.client();
        const mark = props.ownershipMark;
        const forget = () => {
          if (typeof mark === "string") journalForget(journalKey(KIND, mark, client.baseUrl), id);
        };
        if (props.deleteEvenIfUsed !== true) {
          const users = await usersOf(client, id);
          if (users.campaigns.length + users.webhooks.length > 0) {
            forget();
            warn(keptWarning(id, users));
            return;
          }
        }
        try {
          await client.deleteGroup(id);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        forget();
      });
    },
  }),
});

/** The sample values of Group: the tests keyed by kind, the Terraform example and its docs read them. */
export const groupSample: KindSample = {
  valid: { title: "Early birds" },
  declaredExtras: ["adoptId", "deleteEvenIfUsed"],
  scenario: {
    inputs: { title: "Early birds" },
    absent: ["adoptId", "autonamed", "ownershipMark", "deleteEvenIfUsed"],
  },
  importId: { what: "the group's id", example: "grp001" },
  reference: {
    notes: [
      "Outputs: the inputs, plus `recipientCount`, `activeSubscribers`, `created`, `modified`. The title changes",
      "in place (`PATCH /v2/groups/{id}`); `getGroup({ name })` finds a group the program does not manage.",
      "A group that a campaign not yet sent or a webhook uses is kept in Sender when it leaves the program",
      "(with a warning naming them) unless `deleteEvenIfUsed` is true, set and applied first; its subscribers",
      "are never deleted.",
    ].join("\n"),
    typescript: `const early = new sender.Group("early-birds", { title: "Early birds" });
new sender.Webhook("early-joins", {
  url: "https://hooks.example.com/sender",
  topic: "groups/new-subscriber",
  relationId: early.id,
});
`,
  },
  terraform: `resource "sender_group" "early_birds" {
  title = "Early birds"
}
`,
};
