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

/**
 * Where a route is documented: the section of docs/wire-contract.md that holds it (the section names
 * its source in the service's specification), a Sender docs page, `observed` or `assumed`.
 */
export type RouteSource = `wire contract "${string}"` | `docs https://${string}` | "observed" | "assumed";

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

/** The sections of docs/wire-contract.md the routes cite. */
const CAMPAIGNS = 'wire contract "Regular campaigns"' as const;
const ATTACHMENTS = 'wire contract "Attachments"' as const;
const FOLLOW_UP = 'wire contract "Follow-up"' as const;
const TARGETING = 'wire contract "Targeting"' as const;
const TRANSACTIONAL = 'wire contract "Transactional campaigns"' as const;
const MESSAGE_SEND = 'wire contract "Message send"' as const;
const SUBSCRIBER_EVENTS = 'wire contract "Subscriber events"' as const;
const WEBHOOKS = 'wire contract "Webhooks"' as const;
const GROUPS = 'wire contract "Groups and fields"' as const;
const CARTS = 'wire contract "Carts"' as const;
const ACCOUNT = 'wire contract "Account and misc"' as const;

const UPDATE_TRANSACTIONAL = "docs https://api.sender.net/transactional_campaigns/update-campaign" as const;

/**
 * Every route (paths below `/v2`; `{name}` marks a path parameter). A POST that sets state to a
 * given value is idempotent; one that creates or triggers something is not.
 */
export const ROUTE_TABLE = {
  "GET /campaigns": route("idempotent", s.envelope(s.Campaign), "docs https://api.sender.net/"),
  "POST /campaigns": route("non-idempotent", s.dataOf(s.Campaign), CAMPAIGNS),
  "DELETE /campaigns": route("idempotent", s.Ack, CAMPAIGNS),
  "GET /campaigns/prefill": route("idempotent", s.dataOf(s.CampaignPrefill), CAMPAIGNS),
  "GET /campaigns/{id}": route("idempotent", s.dataOf(s.Campaign), CAMPAIGNS),
  "PATCH /campaigns/{id}": route("idempotent", s.Ack, CAMPAIGNS),
  "POST /campaigns/{id}/send": route("non-idempotent", s.Ack, CAMPAIGNS),
  "GET /campaigns/{id}/sending_status": route("idempotent", s.dataOf(s.SendingStatus), CAMPAIGNS),
  "POST /campaigns/{id}/schedule": route("idempotent", s.Ack, CAMPAIGNS),
  "DELETE /campaigns/{id}/schedule": route("idempotent", s.Ack, CAMPAIGNS),
  "PATCH /campaigns/{id}/send_to_all": route("idempotent", s.Ack, CAMPAIGNS),
  "POST /campaigns/{id}/copy": route("non-idempotent", s.CopyResult, CAMPAIGNS),
  "POST /campaigns/{id}/last_action": route("idempotent", s.Ack, CAMPAIGNS),
  "GET /campaigns/{id}/preview": route("idempotent", s.dataOf(s.HtmlPreview), CAMPAIGNS),
  "GET /campaigns/{id}/plain_preview": route("idempotent", s.dataOf(s.PlainPreview), CAMPAIGNS),
  "GET /campaigns/{id}/pdf": route("idempotent", s.dataOf(s.UrlResult), CAMPAIGNS),
  "GET /campaigns/{id}/share": route("idempotent", s.dataOf(s.UrlResult), CAMPAIGNS),
  "POST /campaigns/{id}/send_test_email": route("non-idempotent", s.Ack, CAMPAIGNS),
  "GET /campaigns/{id}/errors": route("idempotent", s.CampaignErrors, CAMPAIGNS),
  "GET /campaigns/{id}/links": route("idempotent", s.dataOf(s.listOf(s.CampaignLink)), CAMPAIGNS),
  "GET /campaigns/{id}/link_clicks/{linkId}": route("idempotent", s.envelope(s.Activity), CAMPAIGNS),
  "GET /campaigns/{id}/groups": route("idempotent", s.dataOf(s.listOf(s.CampaignGroup)), CAMPAIGNS),
  "GET /campaigns/{id}/subscribers": route("idempotent", s.envelope(s.CampaignSubscriber), CAMPAIGNS),
  "GET /campaigns/{id}/{kind}": route("idempotent", s.envelope(s.Activity), CAMPAIGNS),
  "GET /campaigns/{id}/report": route("idempotent", s.dataOf(s.CampaignReport), CAMPAIGNS),
  "GET /campaigns/{id}/{kind}/export": route("idempotent", s.dataOf(s.UrlResult), CAMPAIGNS),
  "GET /campaigns/{id}/hard_bounces": route("idempotent", s.envelope(s.HardBounce), CAMPAIGNS),
  "GET /campaigns/{id}/attachments": route("idempotent", s.dataOf(s.listOf(s.Attachment)), ATTACHMENTS),
  "POST /campaigns/{id}/attachments": route(
    "non-idempotent",
    s.AddAttachmentResult.transform((answer) => answer.data),
    ATTACHMENTS,
  ),
  "DELETE /campaigns/{id}/attachments": route("idempotent", s.Ack, ATTACHMENTS),
  "POST /attachment/delete": route("idempotent", s.Ack, ATTACHMENTS),
  "POST /campaigns/{id}/follow_up": route("idempotent", s.Ack, FOLLOW_UP),
  "DELETE /campaigns/{id}/follow_up": route("idempotent", s.Ack, FOLLOW_UP),
  "POST /campaigns/{id}/cancel_followup": route("idempotent", s.Ack, FOLLOW_UP),
  "GET /tags": route("idempotent", s.listPage(s.Tag), "assumed"),
  "GET /filters": route("idempotent", s.listPage(s.Filter), "assumed"),
  "GET /campaigns/{id}/tags": route("idempotent", s.dataOf(s.listOf(s.Tag)), TARGETING),
  "POST /campaigns/{id}/tags/set": route("idempotent", s.Ack, TARGETING),
  "GET /campaigns/{id}/tags/{tagId}": route("idempotent", s.dataOf(s.Tag), TARGETING),
  "POST /campaigns/{id}/tags/{tagId}": route("idempotent", s.Ack, TARGETING),
  "DELETE /campaigns/{id}/tags/{tagId}": route("idempotent", s.Ack, TARGETING),
  "GET /campaigns/{id}/exclude_tags": route("idempotent", s.dataOf(s.listOf(s.Tag)), TARGETING),
  "POST /campaigns/{id}/exclude_tags/{tagId}": route("idempotent", s.Ack, TARGETING),
  "DELETE /campaigns/{id}/exclude_tags/{tagId}": route("idempotent", s.Ack, TARGETING),
  "GET /campaigns/{id}/filters": route("idempotent", s.dataOf(s.listOf(s.Filter)), TARGETING),
  // Adds one filter to a set: a repeat finds it there already.
  "POST /campaigns/{id}/filters": route("idempotent", s.Ack, TARGETING),
  "DELETE /campaigns/{id}/filters": route("idempotent", s.Ack, TARGETING),
  "GET /campaigns/{id}/filters/{filterId}": route("idempotent", s.dataOf(s.Filter), TARGETING),
  "POST /campaigns/{id}/filters/set": route("idempotent", s.Ack, TARGETING),
  "GET /campaigns/{id}/exclude_filters": route("idempotent", s.dataOf(s.listOf(s.Filter)), TARGETING),
  "POST /campaigns/{id}/exclude_filters": route("idempotent", s.Ack, TARGETING),
  "DELETE /campaigns/{id}/exclude_filters": route("idempotent", s.Ack, TARGETING),
  "POST /transactional": route(
    "non-idempotent",
    s.dataOf(s.Transactional),
    "docs https://api.sender.net/transactional-campaigns/create",
  ),
  "GET /transactional": route("idempotent", s.TransactionalPage, TRANSACTIONAL),
  "GET /transactional/{id}": route("idempotent", s.dataOf(s.Transactional), TRANSACTIONAL),
  // Sets the given fields: a repeat leaves the same record.
  "PATCH /transactional/{id}": route("idempotent", s.dataOf(s.Transactional), UPDATE_TRANSACTIONAL),
  "POST /message/send": route("non-idempotent", s.SendMessageResult, MESSAGE_SEND),
  "GET /subscribers/{identifier}/events": route("idempotent", s.SubscriberEvents, SUBSCRIBER_EVENTS),
  "GET /account/webhooks": route("idempotent", s.dataOrBare(s.listOf(s.Webhook)), "observed"),
  "POST /account/webhooks": route("non-idempotent", s.dataOrBare(s.Webhook), WEBHOOKS),
  "GET /account/webhooks/{id}": route("idempotent", s.dataOrBare(s.Webhook), "observed"),
  "PATCH /account/webhooks/{id}": route("idempotent", s.dataOrBare(s.Webhook), "observed"),
  "DELETE /account/webhooks/{id}": route("idempotent", s.Ack, WEBHOOKS),
  "GET /groups": route("idempotent", s.listPage(s.Group), GROUPS),
  "GET /groups/{id}": route("idempotent", s.dataOf(s.Group), GROUPS),
  "POST /groups": route("non-idempotent", s.dataOf(s.Group), GROUPS),
  // Sets the title: a repeat leaves the same group.
  "PATCH /groups/{id}": route("idempotent", s.GroupRenameAnswer, GROUPS),
  "DELETE /groups/{id}": route("idempotent", s.Ack, GROUPS),
  "GET /fields": route("idempotent", s.listPage(s.SubscriberField), GROUPS),
  "POST /carts": route("non-idempotent", s.dataOf(s.Cart), CARTS),
  "GET /carts": route("idempotent", s.envelope(s.Cart), CARTS),
  "GET /carts/{cartHash}": route("idempotent", s.dataOf(s.Cart), CARTS),
  "DELETE /carts/{externalId}": route("idempotent", s.Ack, CARTS),
  // A second convert answers 400 (already converted): a state transition, like send.
  "POST /carts/{externalId}/convert": route("non-idempotent", s.Ack, CARTS),
  "GET /plans": route("idempotent", s.dataOf(s.listOf(s.Plan)), ACCOUNT),
  "GET /plans/{planId}": route("idempotent", s.dataOf(s.Plan), ACCOUNT),
  "GET /active_subscribers": route("idempotent", s.dataOf(s.ActiveSubscribers), ACCOUNT),
  // A one-shot account action: never repeated blindly.
  "POST /delete_me": route("non-idempotent", s.Ack, ACCOUNT),
  // Replaces the stored information with the same body.
  "POST /additional_info": route("idempotent", s.Ack, ACCOUNT),
  "GET /EditorImports/getProductData": route("idempotent", s.dataOf(s.ProductData), ACCOUNT),
  "POST /upload/v2/{id}/{folderId}": route("non-idempotent", s.dataOf(s.UploadedImage), ACCOUNT),
  "POST /userImages/bulkDelete": route("idempotent", s.Ack, ACCOUNT),
  "GET /imageFolders": route("idempotent", s.dataOf(s.listOf(s.ImageFolder)), ACCOUNT),
} as const satisfies Record<`${HttpMethod} /${string}`, RouteSpec>;

/** A route of the API, e.g. `"GET /campaigns/{id}"`. */
export type Route = keyof typeof ROUTE_TABLE;

/** What a route's answer reads as. */
export type RouteOutput<R extends Route> = z.output<(typeof ROUTE_TABLE)[R]["response"]>;

/** The retry safety of every route (a view of {@link ROUTE_TABLE}). */
export const ROUTES = Object.fromEntries(
  Object.entries(ROUTE_TABLE).map(([name, spec]) => [name, spec.safety]),
) as { readonly [R in Route]: (typeof ROUTE_TABLE)[R]["safety"] };
