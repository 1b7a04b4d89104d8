import type { SenderClient } from "../client";
import type { AdoptClient } from "./walks";

/** The client's members that read: every other method is refused before it sends anything. */
const READS = /^(get|list|iterate)[A-Z]/;

/** The error of a refused method: `adopt` sends no mutating request. */
export class MutationRefused extends Error {
  constructor(method: string) {
    super(`pulumi-sender adopt sends no mutating request, and refused ${method}`);
    this.name = "MutationRefused";
  }
}

/**
 * `client` as `adopt` uses it: only its `get*`, `list*` and `iterate*` methods work (any other
 * throws {@link MutationRefused} without sending), and `getCampaign`, `getWebhook` and
 * `listAttachments` answer each id once, so that a campaign's parts reuse its record.
 * `seedWebhooks` fills `getWebhook` from the list, which carries every field.
 */
export function readOnlyClient(client: SenderClient): AdoptClient {
  const memo = new Map<string, Promise<unknown>>();
  const once = (key: string, load: () => Promise<unknown>) => {
    let answer = memo.get(key);
    if (answer === undefined) {
      answer = load();
      memo.set(key, answer);
      // A failed read is not kept: the next caller tries again.
      answer.catch(() => memo.delete(key));
    }
    return answer;
  };
  const memoized: Record<string, (id: string) => Promise<unknown>> = {
    getCampaign: (id) => once(`campaign ${id}`, () => client.getCampaign(id)),
    getWebhook: (id) => once(`webhook ${id}`, () => client.getWebhook(id)),
    listAttachments: (id) => once(`attachments ${id}`, () => client.listAttachments(id)),
  };
  const seedWebhooks = (webhooks: readonly { id: string }[]) => {
    for (const webhook of webhooks) memo.set(`webhook ${webhook.id}`, Promise.resolve(webhook));
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "seedWebhooks") return seedWebhooks;
      if (typeof property === "string" && property in memoized) return memoized[property];
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      if (typeof property === "string" && READS.test(property)) return value.bind(target);
      return () => {
        throw new MutationRefused(String(property));
      };
    },
  }) as AdoptClient;
}
