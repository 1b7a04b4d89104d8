/**
 * The endpoints of the account's webhooks. Mirrors `emulator/routes/webhooks.ts`. Installed on
 * `SenderClient`'s prototype; `call` finds the client's transport through `this`.
 */
import type * as s from "../schemas";
import { call } from "./call";

/** The webhooks endpoints of `SenderClient`. */
export const webhookEndpoints = {
  /**
   * `POST /v2/account/webhooks` (201; bare webhook, or `{data}`). Not retried after an ambiguous
   * failure.
   */
  createWebhook(body: s.CreateWebhookBody): Promise<s.Webhook> {
    return call(this, "POST /account/webhooks", { body });
  },

  /** `GET /v2/account/webhooks`: every webhook of the account (a bare list or `{data: [...]}`). */
  listWebhooks(): Promise<s.Webhook[]> {
    return call(this, "GET /account/webhooks");
  },

  /** `GET /v2/account/webhooks/{id}` (bare webhook, or `{data}`). */
  getWebhook(id: string): Promise<s.Webhook> {
    return call(this, "GET /account/webhooks/{id}", { params: { id } });
  },

  /** `PATCH /v2/account/webhooks/{id}`: changes the given fields in place; answers the webhook. */
  updateWebhook(id: string, body: s.UpdateWebhookBody): Promise<s.Webhook> {
    return call(this, "PATCH /account/webhooks/{id}", { params: { id }, body });
  },

  /** `DELETE /v2/account/webhooks/{id}`; an empty 2xx answer reads as success. */
  deleteWebhook(id: string): Promise<s.Ack> {
    return call(this, "DELETE /account/webhooks/{id}", { params: { id } });
  },
};

/** The webhooks methods of `SenderClient`. */
export type WebhookEndpoints = typeof webhookEndpoints;
