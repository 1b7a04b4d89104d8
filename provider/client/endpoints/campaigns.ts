/**
 * The endpoints of regular campaigns: create, read, list, update, delete, send, schedule, copy,
 * previews. Mirrors `emulator/routes/campaigns.ts`. Installed on `SenderClient`'s prototype;
 * `call` finds the client's transport through `this`.
 */
import { encodeBracketList, formatTimestamp } from "../query";
import type * as s from "../schemas";
import { call, type IterateOptions, type PageQuery, walk } from "./call";

/** The campaigns endpoints of `SenderClient`. */
export const campaignEndpoints = {
  /** `POST /v2/campaigns`: creates a DRAFT campaign. Not retried after an ambiguous failure. */
  createCampaign(body: s.CreateCampaignBody): Promise<s.Campaign> {
    return call(this, "POST /campaigns", { body });
  },

  /** `GET /v2/campaigns/{id}`. */
  getCampaign(id: string): Promise<s.Campaign> {
    return call(this, "GET /campaigns/{id}", { params: { id } });
  },

  /** `GET /v2/campaigns?status=&page=&limit=`: one page. */
  listCampaigns(
    query: { status?: s.CampaignStatus | undefined } & PageQuery = {},
  ): Promise<s.Page<s.Campaign>> {
    return call(this, "GET /campaigns", {
      query: { status: query.status, page: query.page, limit: query.limit },
    });
  },

  /** Walks every campaign (optionally of one status), page after page. */
  iterateCampaigns(
    options: { status?: s.CampaignStatus | undefined } & IterateOptions = {},
  ): AsyncGenerator<s.Campaign> {
    return walk((page, limit) => this.listCampaigns({ status: options.status, page, limit }), options);
  },

  /** `PATCH /v2/campaigns/{id}`: 400 once the campaign is SENDING or SENT. */
  updateCampaign(id: string, body: s.UpdateCampaignBody): Promise<s.Ack> {
    return call(this, "PATCH /campaigns/{id}", { params: { id }, body });
  },

  /**
   * `DELETE /v2/campaigns?ids=[id1,id2]`. Answers `success: false` ("No campaigns found.") when
   * none of the ids exists.
   */
  deleteCampaigns(ids: readonly string[]): Promise<s.Ack> {
    return call(this, "DELETE /campaigns", { query: { ids: encodeBracketList(ids) } });
  },

  /** `GET /v2/campaigns/prefill`: default sender and the account's domains. */
  getCampaignPrefill(): Promise<s.CampaignPrefill> {
    return call(this, "GET /campaigns/prefill");
  },

  /** `POST /v2/campaigns/{id}/send`. Not retried after an ambiguous failure. */
  sendCampaign(id: string): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/send", { params: { id } });
  },

  /** `GET /v2/campaigns/{id}/sending_status`. */
  getSendingStatus(id: string): Promise<s.SendingStatus> {
    return call(this, "GET /campaigns/{id}/sending_status", {
      params: { id },
    });
  },

  /** `POST /v2/campaigns/{id}/schedule`; a `Date` is sent as `YYYY-MM-DD HH:MM:SS` UTC. */
  scheduleCampaign(id: string, scheduleTime: string | Date): Promise<s.Ack> {
    const schedule_time = typeof scheduleTime === "string" ? scheduleTime : formatTimestamp(scheduleTime);
    return call(this, "POST /campaigns/{id}/schedule", {
      params: { id },
      body: { schedule_time },
    });
  },

  /** `DELETE /v2/campaigns/{id}/schedule`: back to DRAFT. */
  unscheduleCampaign(id: string): Promise<s.Ack> {
    return call(this, "DELETE /campaigns/{id}/schedule", { params: { id } });
  },

  /** `PATCH /v2/campaigns/{id}/send_to_all` with `{send_to_all}`. */
  setSendToAll(id: string, sendToAll = true): Promise<s.Ack> {
    return call(this, "PATCH /campaigns/{id}/send_to_all", {
      params: { id },
      body: { send_to_all: sendToAll },
    });
  },

  /**
   * `POST /v2/campaigns/{id}/copy`: the copy is a new DRAFT, whose id and status come in `data`.
   * Not retried after an ambiguous failure.
   */
  copyCampaign(id: string): Promise<s.CopyResult> {
    return call(this, "POST /campaigns/{id}/copy", { params: { id } });
  },

  /** `POST /v2/campaigns/{id}/last_action`. */
  setLastAction(id: string, lastAction: s.LastAction): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/last_action", {
      params: { id },
      body: { last_action: lastAction },
    });
  },

  /** `GET /v2/campaigns/{id}/preview`. */
  getPreview(id: string): Promise<s.HtmlPreview> {
    return call(this, "GET /campaigns/{id}/preview", { params: { id } });
  },

  /** `GET /v2/campaigns/{id}/plain_preview`. */
  getPlainPreview(id: string): Promise<s.PlainPreview> {
    return call(this, "GET /campaigns/{id}/plain_preview", {
      params: { id },
    });
  },

  /** `GET /v2/campaigns/{id}/pdf`. */
  getPdf(id: string): Promise<s.UrlResult> {
    return call(this, "GET /campaigns/{id}/pdf", { params: { id } });
  },

  /** `GET /v2/campaigns/{id}/share`. */
  getShareLink(id: string): Promise<s.UrlResult> {
    return call(this, "GET /campaigns/{id}/share", { params: { id } });
  },

  /** `POST /v2/campaigns/{id}/send_test_email` with `{address}`. */
  sendTestEmail(id: string, address: string): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/send_test_email", {
      params: { id },
      body: { address },
    });
  },

  /** `GET /v2/campaigns/{id}/errors`: why the campaign cannot be sent yet. */
  getCampaignErrors(id: string): Promise<s.CampaignErrors> {
    return call(this, "GET /campaigns/{id}/errors", { params: { id } });
  },
};

/** The campaigns methods of `SenderClient`. */
export type CampaignEndpoints = typeof campaignEndpoints;
