/**
 * One table of every route the client calls: method and path (below `/v2`), retry safety, the
 * schema its answer is read with, and where the route is documented. Adding an endpoint is one
 * row here, one client method and its test.
 */
import type { z } from "zod";
import * as s from "./schemas";

/**
 * `idempotent`: repeating the request leaves the service as one request would, so any
 * transient failure is retried. `non-idempotent`: a repeat could create, send or convert twice,
 * so it is retried only when the service surely never received the first try.
 */
export type RetrySafety = "idempotent" | "non-idempotent";

/** HTTP methods the service uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Where a route is documented: the seed's section, a Sender docs page, or `observed`. */
export type RouteSource = `seed §${string}` | `docs https://${string}` | "observed" | "assumed";

/** One row of {@link ROUTE_TABLE}. */
export interface RouteSpec {
  /**
   * `idempotent`: a repeat leaves the service as one request would, so any transient failure is
   * retried; `non-idempotent`: retried only when the service surely never received the first try.
   */
  readonly safety: RetrySafety;
  /** The schema the 2xx answer is read with. */
  readonly response: z.ZodType;
  /** Where the route is documented. */
  readonly source: RouteSource;
}

const route = <S extends z.ZodType>(safety: RetrySafety, response: S, source: RouteSource) => ({
  safety,
  response,
  source,
});

const UPDATE_TRANSACTIONAL = "docs https://api.sender.net/transactional_campaigns/update-campaign" as const;

/**
 * Every route (paths below `/v2`; `{name}` marks a path parameter). A POST that sets state to a
 * given value is idempotent; one that creates or triggers something is not.
 */
export const ROUTE_TABLE = {
  "GET /campaigns": route("idempotent", s.envelope(s.Campaign), "docs https://api.sender.net/"),
  "POST /campaigns": route("non-idempotent", s.dataOf(s.Campaign), "seed §4.6"),
  "DELETE /campaigns": route("idempotent", s.Ack, "seed §4.6"),
  "GET /campaigns/prefill": route("idempotent", s.dataOf(s.CampaignPrefill), "seed §4.6"),
  "GET /campaigns/{id}": route("idempotent", s.dataOf(s.Campaign), "seed §4.6"),
  "PATCH /campaigns/{id}": route("idempotent", s.Ack, "seed §4.6"),
  "POST /campaigns/{id}/send": route("non-idempotent", s.Ack, "seed §4.6"),
  "GET /campaigns/{id}/sending_status": route("idempotent", s.dataOf(s.SendingStatus), "seed §4.6"),
  "POST /campaigns/{id}/schedule": route("idempotent", s.Ack, "seed §4.6"),
  "DELETE /campaigns/{id}/schedule": route("idempotent", s.Ack, "seed §4.6"),
  "PATCH /campaigns/{id}/send_to_all": route("idempotent", s.Ack, "seed §4.6"),
  "POST /campaigns/{id}/copy": route("non-idempotent", s.CopyResult, "seed §4.6"),
  "POST /campaigns/{id}/last_action": route("idempotent", s.Ack, "seed §4.6"),
  "GET /campaigns/{id}/preview": route("idempotent", s.dataOf(s.HtmlPreview), "seed §4.6"),
  "GET /campaigns/{id}/plain_preview": route("idempotent", s.dataOf(s.PlainPreview), "seed §4.6"),
  "GET /campaigns/{id}/pdf": route("idempotent", s.dataOf(s.UrlResult), "seed §4.6"),
  "GET /campaigns/{id}/share": route("idempotent", s.dataOf(s.UrlResult), "seed §4.6"),
  "POST /campaigns/{id}/send_test_email": route("non-idempotent", s.Ack, "seed §4.6"),
  "GET /campaigns/{id}/errors": route("idempotent", s.CampaignErrors, "seed §4.6"),
  "GET /campaigns/{id}/links": route("idempotent", s.dataOf(s.listOf(s.CampaignLink)), "seed §4.6"),
  "GET /campaigns/{id}/link_clicks/{linkId}": route("idempotent", s.envelope(s.Activity), "seed §4.6"),
  "GET /campaigns/{id}/groups": route("idempotent", s.dataOf(s.listOf(s.CampaignGroup)), "seed §4.6"),
  "GET /campaigns/{id}/subscribers": route("idempotent", s.envelope(s.CampaignSubscriber), "seed §4.6"),
  "GET /campaigns/{id}/{kind}": route("idempotent", s.envelope(s.Activity), "seed §4.6"),
  "GET /campaigns/{id}/report": route("idempotent", s.dataOf(s.CampaignReport), "seed §4.6"),
  "GET /campaigns/{id}/{kind}/export": route("idempotent", s.dataOf(s.UrlResult), "seed §4.6"),
  "GET /campaigns/{id}/hard_bounces": route("idempotent", s.envelope(s.HardBounce), "seed §4.5"),
  "GET /campaigns/{id}/attachments": route("idempotent", s.dataOf(s.listOf(s.Attachment)), "seed §4.6"),
  "POST /campaigns/{id}/attachments": route(
    "non-idempotent",
    s.AddAttachmentResult.transform((answer) => answer.data),
    "seed §4.6",
  ),
  "DELETE /campaigns/{id}/attachments": route("idempotent", s.Ack, "seed §4.6"),
  "POST /attachment/delete": route("idempotent", s.Ack, "seed §4.6"),
  "POST /campaigns/{id}/follow_up": route("idempotent", s.Ack, "seed §4.6"),
  "DELETE /campaigns/{id}/follow_up": route("idempotent", s.Ack, "seed §4.6"),
  "POST /campaigns/{id}/cancel_followup": route("idempotent", s.Ack, "seed §4.6"),
  "GET /tags": route("idempotent", s.listPage(s.Tag), "assumed"),
  "GET /filters": route("idempotent", s.listPage(s.Filter), "assumed"),
  "GET /campaigns/{id}/tags": route("idempotent", s.dataOf(s.listOf(s.Tag)), "seed §4.6"),
  "POST /campaigns/{id}/tags/set": route("idempotent", s.Ack, "seed §4.6"),
  "GET /campaigns/{id}/tags/{tagId}": route("idempotent", s.dataOf(s.Tag), "seed §4.6"),
  "POST /campaigns/{id}/tags/{tagId}": route("idempotent", s.Ack, "seed §4.6"),
  "DELETE /campaigns/{id}/tags/{tagId}": route("idempotent", s.Ack, "seed §4.6"),
  "GET /campaigns/{id}/exclude_tags": route("idempotent", s.dataOf(s.listOf(s.Tag)), "seed §4.6"),
  "POST /campaigns/{id}/exclude_tags/{tagId}": route("idempotent", s.Ack, "seed §4.6"),
  "DELETE /campaigns/{id}/exclude_tags/{tagId}": route("idempotent", s.Ack, "seed §4.6"),
  "GET /campaigns/{id}/filters": route("idempotent", s.dataOf(s.listOf(s.Filter)), "seed §4.6"),
  // Adds one filter to a set: a repeat finds it there already.
  "POST /campaigns/{id}/filters": route("idempotent", s.Ack, "seed §4.6"),
  "DELETE /campaigns/{id}/filters": route("idempotent", s.Ack, "seed §4.6"),
  "GET /campaigns/{id}/filters/{filterId}": route("idempotent", s.dataOf(s.Filter), "seed §4.6"),
  "POST /campaigns/{id}/filters/set": route("idempotent", s.Ack, "seed §4.6"),
  "GET /campaigns/{id}/exclude_filters": route("idempotent", s.dataOf(s.listOf(s.Filter)), "seed §4.6"),
  "POST /campaigns/{id}/exclude_filters": route("idempotent", s.Ack, "seed §4.6"),
  "DELETE /campaigns/{id}/exclude_filters": route("idempotent", s.Ack, "seed §4.6"),
  "POST /transactional": route(
    "non-idempotent",
    s.dataOf(s.Transactional),
    "docs https://api.sender.net/transactional-campaigns/create",
  ),
  "GET /transactional": route("idempotent", s.TransactionalPage, "seed §4.1"),
  "GET /transactional/{id}": route("idempotent", s.dataOf(s.Transactional), "seed §4.1"),
  // Sets the given fields: a repeat leaves the same record.
  "PATCH /transactional/{id}": route("idempotent", s.dataOf(s.Transactional), UPDATE_TRANSACTIONAL),
  "POST /message/send": route("non-idempotent", s.SendMessageResult, "seed §4.2"),
  "GET /subscribers/{identifier}/events": route("idempotent", s.SubscriberEvents, "seed §4.3"),
  "GET /account/webhooks": route("idempotent", s.dataOrBare(s.listOf(s.Webhook)), "observed"),
  "POST /account/webhooks": route("non-idempotent", s.dataOrBare(s.Webhook), "seed §4.4"),
  "GET /account/webhooks/{id}": route("idempotent", s.dataOrBare(s.Webhook), "observed"),
  "PATCH /account/webhooks/{id}": route("idempotent", s.dataOrBare(s.Webhook), "observed"),
  "DELETE /account/webhooks/{id}": route("idempotent", s.Ack, "seed §4.4"),
  "POST /carts": route("non-idempotent", s.dataOf(s.Cart), "seed §4.7"),
  "GET /carts": route("idempotent", s.envelope(s.Cart), "seed §4.7"),
  "GET /carts/{cartHash}": route("idempotent", s.dataOf(s.Cart), "seed §4.7"),
  "DELETE /carts/{externalId}": route("idempotent", s.Ack, "seed §4.7"),
  // A second convert answers 400 (already converted): a state transition, like send.
  "POST /carts/{externalId}/convert": route("non-idempotent", s.Ack, "seed §4.7"),
  "GET /plans": route("idempotent", s.dataOf(s.listOf(s.Plan)), "seed §4.8"),
  "GET /plans/{planId}": route("idempotent", s.dataOf(s.Plan), "seed §4.8"),
  "GET /active_subscribers": route("idempotent", s.dataOf(s.ActiveSubscribers), "seed §4.8"),
  // A one-shot account action: never repeated blindly.
  "POST /delete_me": route("non-idempotent", s.Ack, "seed §4.8"),
  // Replaces the stored information with the same body.
  "POST /additional_info": route("idempotent", s.Ack, "seed §4.8"),
  "GET /EditorImports/getProductData": route("idempotent", s.dataOf(s.ProductData), "seed §4.8"),
  "POST /upload/v2/{id}/{folderId}": route("non-idempotent", s.dataOf(s.UploadedImage), "seed §4.8"),
  "POST /userImages/bulkDelete": route("idempotent", s.Ack, "seed §4.8"),
  "GET /imageFolders": route("idempotent", s.dataOf(s.listOf(s.ImageFolder)), "seed §4.8"),
} as const satisfies Record<`${HttpMethod} /${string}`, RouteSpec>;

/** A route of the API, e.g. `"GET /campaigns/{id}"`. */
export type Route = keyof typeof ROUTE_TABLE;

/** What a route's answer reads as. */
export type RouteOutput<R extends Route> = z.output<(typeof ROUTE_TABLE)[R]["response"]>;

/** The retry safety of every route (a view of {@link ROUTE_TABLE}). */
export const ROUTES = Object.fromEntries(
  Object.entries(ROUTE_TABLE).map(([name, spec]) => [name, spec.safety]),
) as { readonly [R in Route]: (typeof ROUTE_TABLE)[R]["safety"] };
