/**
 * The endpoints of transactional campaigns and the one-off message send. Mirrors
 * `emulator/routes/transactional.ts`. Installed on `SenderClient`'s prototype; `call` finds the
 * client's transport through `this`.
 */
import type * as s from "../schemas";
import { call, type IterateOptions, type PageQuery, walk } from "./call";

/** The transactional endpoints of `SenderClient`. */
export const transactionalEndpoints = {
  /** `POST /v2/transactional` (201). Not retried after an ambiguous failure. */
  createTransactional(body: s.CreateTransactionalBody): Promise<s.Transactional> {
    return call(this, "POST /transactional", { body });
  },

  /** `GET /v2/transactional/{id}`. */
  getTransactional(id: string): Promise<s.Transactional> {
    return call(this, "GET /transactional/{id}", { params: { id } });
  },

  /**
   * `PATCH /v2/transactional/{id}`: changes the given fields in place and answers the whole
   * record (docs: transactional_campaigns/update-campaign). Content cannot be changed this way.
   */
  updateTransactional(id: string, body: s.UpdateTransactionalBody): Promise<s.Transactional> {
    return call(this, "PATCH /transactional/{id}", { params: { id }, body });
  },

  /** `GET /v2/transactional?page=&limit=`: one page; `has_more_resources` when the service sends it. */
  listTransactional(page: PageQuery = {}): Promise<s.TransactionalPage> {
    return call(this, "GET /transactional", {
      query: { page: page.page, limit: page.limit },
    });
  },

  /** Walks every transactional campaign. */
  iterateTransactional(options: IterateOptions = {}): AsyncGenerator<s.Transactional> {
    return walk((page, limit) => this.listTransactional({ page, limit }), options);
  },

  /** `POST /v2/message/send`. Never retried after an ambiguous failure: it would mail twice. */
  sendMessage(body: s.SendMessageBody): Promise<s.SendMessageResult> {
    return call(this, "POST /message/send", { body });
  },
};

/** The transactional methods of `SenderClient`. */
export type TransactionalEndpoints = typeof transactionalEndpoints;
