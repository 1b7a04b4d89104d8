/**
 * The takeover of one existing part of a campaign (targeting, follow-up, schedule, attachment)
 * through `adoptId`; not the `pulumi-sender adopt` command, which writes a program for a whole
 * account. A create that names the part's id reads what the service has and changes only what
 * differs from the inputs, through the kind's own `read`, `diff` and `update`. A part that already
 * matches costs its reads and no mutating request; a sent campaign's part that differs is refused
 * by the kind's own guard.
 */
import { z } from "zod";
import { shorten } from "../client";
import { declared, fieldList, fieldWord, kindWord, say } from "../words";
import type { PropertyBag } from "./bag";
import { idProblem, safeId } from "./ids";
import { withOperation } from "./operation-errors";
import type { ResourceProviderOf } from "./provider-types";

/**
 * The `adoptId` field of a part of a campaign; `what` is the id it takes, for its messages.
 * The TSDoc of the key in each table says what the id is.
 */
export function partAdoptIdField(what: string) {
  return {
    type: "string",
    createOnly: true,
    check: z
      .string({ error: `must be a ${what} id` })
      .min(1, "must not be empty when given")
      .superRefine(safeId(what)),
  } as const;
}

const ATTACHMENT_ID_REASON = "must be an attachment id, <campaignId>/<fileName>";

/** The `adoptId` field of an Attachment: `<campaignId>/<fileName>`, each part a safe id. */
export function attachmentAdoptIdField() {
  return {
    type: "string",
    createOnly: true,
    check: z.string({ error: ATTACHMENT_ID_REASON }).superRefine((value, ctx) => {
      const slash = value.indexOf("/");
      const parts = slash < 0 ? [] : [value.slice(0, slash), value.slice(slash + 1)];
      const problem =
        parts.length === 2
          ? parts.map((part) => (part ? idProblem(part) : "is empty")).find(Boolean)
          : "has no /";
      if (problem !== undefined)
        ctx.addIssue({
          code: "custom",
          message: `${ATTACHMENT_ID_REASON}: ${JSON.stringify(shorten(value, 60))} ${problem}`,
        });
    }),
  } as const;
}

/** The id of a part keyed by its campaign (targeting, follow-up, schedule): the campaign id. */
export function campaignIdOf(inputs: PropertyBag): string {
  return String(inputs.campaignId);
}

/**
 * The provider of a part of a campaign, taking over at create the part `adoptId` names. `idOf`
 * gives the id the inputs make (the campaign id, or `<campaignId>/<fileName>` for an attachment):
 * `adoptId` must be it, since a part is keyed by its campaign. No two resources of one provider
 * context take over the same part.
 */
export function partWithTakeover(
  kind: string,
  idOf: (inputs: PropertyBag) => string,
  make: ResourceProviderOf,
): ResourceProviderOf {
  return (context) => {
    const provider = make(context);
    return {
      ...provider,
      // The read keeps `adoptId` in state, so that a refresh after an adoption shows no change.
      async read(id, props) {
        const result = await provider.read(id, props);
        const adoptId = props?.adoptId;
        if (typeof adoptId !== "string" || !result.id) return result;
        return {
          ...result,
          ...(result.props ? { props: { ...result.props, adoptId } } : {}),
          ...(result.inputs ? { inputs: { ...result.inputs, adoptId } } : {}),
        };
      },
      async create(inputs) {
        const adoptId = inputs.adoptId;
        if (typeof adoptId !== "string") return provider.create(inputs);
        return withOperation("create", kind, adoptId, async () => {
          const own = idOf(inputs);
          if (own !== adoptId) {
            throw new Error(
              say`${fieldWord("adoptId")} ${shorten(adoptId)} is not this ${kindWord(kind)}'s id ${shorten(own)}, which its inputs give; set ${fieldWord("adoptId")} to it or leave ${fieldWord("adoptId")} out`,
            );
          }
          const mine = context.claims.of(kind);
          if (mine.has(adoptId))
            throw new Error(
              say`${fieldWord("adoptId")} ${shorten(adoptId)}: another ${kindWord(kind)} resource of this ${declared} has already taken it`,
            );
          const current = await provider.read(adoptId, {});
          if (!current.id || current.props === undefined)
            throw new Error(
              say`${fieldWord("adoptId")} ${shorten(adoptId)}: the service has no ${kindWord(kind)} of this id to adopt`,
            );
          const diff = await provider.diff(adoptId, current.props, inputs);
          if (diff.replaces !== undefined && diff.replaces.length > 0) {
            throw new Error(
              say`${fieldWord("adoptId")} ${shorten(adoptId)}: the ${kindWord(kind)} differs from the inputs in ${fieldList(diff.replaces)}, which cannot change in place; set them to the service's values`,
            );
          }
          mine.add(adoptId);
          if (diff.changes !== true) return { id: adoptId, outs: { ...current.props, adoptId } };
          const updated = await provider.update(adoptId, current.props, inputs);
          return { id: adoptId, outs: { ...(updated.outs ?? {}), adoptId } };
        });
      },
    };
  };
}
