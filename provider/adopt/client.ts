/**
 * The client `pulumi-sender adopt` reads an account through: the read-only client of a
 * {@link ProviderContext} (every request but a GET is refused before it is sent), whose campaign,
 * webhook and attachment reads answer each id once.
 */
import { type SenderClient, SenderReadOnlyError } from "../client";
import type * as api from "../client/schemas";
import type { ProviderSettings } from "../core/config";
import { ProviderContext } from "../core/context";
import { PULUMI_WORDS } from "../pulumi/words";
import type { Dialect } from "../words";

/** The client `pulumi-sender adopt` reads an account through: read-only, its webhook list seeding `getWebhook`. */
export type AdoptClient = SenderClient & { seedWebhooks(webhooks: readonly api.Webhook[]): void };

/** The error of a request refused on `adopt`'s way: `adopt` sends no mutating request. */
export class MutationRefused extends Error {
  /** @param request what was refused, e.g. `DELETE /v2/campaigns`. */
  constructor(request: string, options?: ErrorOptions) {
    super(`pulumi-sender adopt sends no mutating request, and refused ${request}`, options);
    this.name = "MutationRefused";
  }
}

/**
 * `adopt`'s client for `settings`: a read-only client of its own (a {@link SenderReadOnlyError}
 * for anything but a GET, before it is sent), whose `getCampaign`, `getWebhook` and
 * `listAttachments` answer each id once, so that a campaign's parts reuse its record.
 * `seedWebhooks` fills `getWebhook` from the list, which carries every field.
 */
export function adoptClient(settings: ProviderSettings): AdoptClient {
  // A context of its own, made and dropped here: nothing else holds the client changed below.
  const client = new ProviderContext({ settings, readOnly: true }).client();
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let answer = memo.get(key) as Promise<T> | undefined;
    if (answer === undefined) {
      answer = load();
      memo.set(key, answer);
      // A failed read is not kept: the next caller tries again.
      answer.catch(() => memo.delete(key));
    }
    return answer;
  };
  const reads = {
    getCampaign: client.getCampaign.bind(client),
    getWebhook: client.getWebhook.bind(client),
    listAttachments: client.listAttachments.bind(client),
  };
  // Own members in front of the prototype's three reads; every other method is the client's.
  return Object.assign(client, {
    getCampaign: (id: string) => once(`campaign ${id}`, () => reads.getCampaign(id)),
    getWebhook: (id: string) => once(`webhook ${id}`, () => reads.getWebhook(id)),
    listAttachments: (id: string) => once(`attachments ${id}`, () => reads.listAttachments(id)),
    seedWebhooks(webhooks: readonly api.Webhook[]) {
      for (const webhook of webhooks) memo.set(`webhook ${webhook.id}`, Promise.resolve(webhook));
    },
  });
}

/**
 * `adopt`'s words: Pulumi's, but the token comes from its command line, not a stack's config, so
 * a 401 names `--token`.
 */
export const ADOPT_WORDS: Dialect = {
  ...PULUMI_WORDS,
  tokenSource: "--token or SENDER_API_TOKEN (adopt reads no stack's config)",
};

/**
 * `error` in `adopt`'s words: a {@link MutationRefused} when the read-only client refused a request
 * on its way (the error or one of its causes); else `error` itself (its words are {@link ADOPT_WORDS}').
 */
export function inAdoptTerms(error: unknown): unknown {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (SenderReadOnlyError.is(cause))
      return new MutationRefused(`${cause.method} ${cause.path}`, { cause: error });
  }
  return error;
}
