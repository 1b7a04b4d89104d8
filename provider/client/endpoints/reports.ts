/**
 * The endpoints of a campaign's results: report, links and their clicks, groups, recipients,
 * activity lists, hard bounces. Mirrors `emulator/routes/reports.ts`. Installed on
 * `SenderClient`'s prototype; `call` finds the client's transport through `this`.
 */
import type * as s from "../schemas";
import { call, type IterateOptions, type PageQuery, walk } from "./call";

/** The reports endpoints of `SenderClient`. */
export const reportEndpoints = {
  /** `GET /v2/campaigns/{id}/links`. */
  getLinks(id: string): Promise<s.CampaignLink[]> {
    return call(this, "GET /campaigns/{id}/links", {
      params: { id },
    });
  },

  /** `GET /v2/campaigns/{id}/link_clicks/{linkId}`: one page. */
  getLinkClicks(id: string, linkId: string, page: PageQuery = {}): Promise<s.Page<s.Activity>> {
    return call(this, "GET /campaigns/{id}/link_clicks/{linkId}", {
      params: { id, linkId },
      query: { page: page.page, limit: page.limit },
    });
  },

  /** `GET /v2/campaigns/{id}/groups`. */
  getCampaignGroups(id: string): Promise<s.CampaignGroup[]> {
    return call(this, "GET /campaigns/{id}/groups", {
      params: { id },
    });
  },

  /** `GET /v2/campaigns/{id}/subscribers`: one page. */
  listCampaignSubscribers(id: string, page: PageQuery = {}): Promise<s.Page<s.CampaignSubscriber>> {
    return call(this, "GET /campaigns/{id}/subscribers", {
      params: { id },
      query: { page: page.page, limit: page.limit },
    });
  },

  /** `GET /v2/campaigns/{id}/{kind}` (events, opens, clicks...): one page of activity. */
  listActivity(id: string, kind: s.ActivityKind, page: PageQuery = {}): Promise<s.Page<s.Activity>> {
    return call(this, "GET /campaigns/{id}/{kind}", {
      params: { id, kind },
      query: { page: page.page, limit: page.limit },
    });
  },

  /** Walks one activity list of a campaign, page after page. */
  iterateActivity(
    id: string,
    kind: s.ActivityKind,
    options: IterateOptions = {},
  ): AsyncGenerator<s.Activity> {
    return walk((page, limit) => this.listActivity(id, kind, { page, limit }), options);
  },

  /** `GET /v2/campaigns/{id}/report`. */
  getReport(id: string): Promise<s.CampaignReport> {
    return call(this, "GET /campaigns/{id}/report", { params: { id } });
  },

  /** `GET /v2/campaigns/{id}/{kind}/export`: a download URL. */
  exportActivity(id: string, kind: s.ActivityKind): Promise<s.UrlResult> {
    return call(this, "GET /campaigns/{id}/{kind}/export", {
      params: { id, kind },
    });
  },

  /** `GET /v2/campaigns/{id}/hard_bounces`: one page. */
  listHardBounces(id: string, page: PageQuery = {}): Promise<s.Page<s.HardBounce>> {
    return call(this, "GET /campaigns/{id}/hard_bounces", {
      params: { id },
      query: { page: page.page, limit: page.limit },
    });
  },

  /** Walks the hard bounces of a campaign. */
  iterateHardBounces(id: string, options: IterateOptions = {}): AsyncGenerator<s.HardBounce> {
    return walk((page, limit) => this.listHardBounces(id, { page, limit }), options);
  },
};

/** The reports methods of `SenderClient`. */
export type ReportEndpoints = typeof reportEndpoints;
