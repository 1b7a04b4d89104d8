/**
 * The parts of a campaign (its targeting, schedule, follow-up, each attachment) as one provider
 * process writes them. Two resources may hold one part in one run: the new and the old object of
 * a create-first replacement (Terraform's `create_before_destroy`, `-replace`, Pulumi's default
 * and `--replace`), or the new and the old block of a rename without `moved`. The engine runs
 * their create and delete in parallel, or the create first, and both write the same lists of the
 * service. So, written once here for every door:
 *
 * - writes to one part go one at a time, in the order they arrive (`PartWrites.serialize`);
 * - a delete leaves the part as it is when, in this process, another resource's create or update
 *   wrote it after the deleted one did: the part is that resource's now, and clearing it would
 *   leave the state saying one thing and the service another.
 *
 * A write's identity is the outputs object its create or update returned. An engine never writes
 * and deletes one resource in one run, and hands a delete the state it stored (a new object), so
 * for an engine every write this process made is another resource's; a caller that hands the
 * delete the very outputs the write returned (a test, a program in the same process) is known as
 * the writer itself.
 */
import { shorten } from "../client";
import { kindWord, say } from "../words";
import type { PropertyBag } from "./bag";
import type { ProviderContext } from "./context";
import { notice } from "./diagnostics";
import { userInputs } from "./engine-values";
import type { ResourceProviderOf } from "./provider-types";

export { PartWrites } from "./part-writes";

/**
 * What a superseded delete may still remove: what the deleted resource (`left`, its state) set and
 * the one that wrote the part after it (`taker`, its outputs) did not set.
 */
export type HandOver = (
  context: ProviderContext,
  id: string,
  left: PropertyBag,
  taker: PropertyBag,
) => Promise<void>;

/**
 * The provider of a campaign part, its writes serialized and its delete never undoing another
 * resource's later write (see the module's TSDoc). `idOf` gives the part's id from a create's
 * inputs (the id the create will answer: the campaign id, or `<campaignId>/<fileName>` for an
 * attachment); `handOver` removes, on a superseded delete, what only the deleted resource set.
 */
export function campaignPart(
  kind: string,
  idOf: (inputs: PropertyBag) => string,
  make: ResourceProviderOf,
  handOver?: HandOver,
): ResourceProviderOf {
  return (context) => {
    const provider = make(context);
    const parts = context.claims.parts;
    const partOf = (id: string) => `${kind} ${id}`;
    return {
      ...provider,
      async create(inputs) {
        const part = partOf(idOf(inputs));
        return parts.serialize(part, async () => {
          const created = await provider.create(inputs);
          parts.wrote(part, created.outs);
          return created;
        });
      },
      async update(id, olds, news) {
        const part = partOf(id);
        return parts.serialize(part, async () => {
          const updated = await provider.update(id, olds, news);
          parts.wrote(part, updated.outs ?? {});
          return updated;
        });
      },
      async delete(id, props) {
        const part = partOf(id);
        return parts.serialize(part, async () => {
          const taker = parts.supersededBy(part, props);
          if (taker === undefined) {
            await provider.delete(id, props);
            parts.cleared(part);
            return;
          }
          notice(
            say`${kindWord(kind)} ${shorten(id)}: left as it is: another ${kindWord(kind)} resource of this run set it after this one (a replacement, or a rename without a move), so deleting this one does not undo that`,
          );
          await handOver?.(context, id, userInputs(props as PropertyBag), taker as PropertyBag);
        });
      },
    };
  };
}
