/**
 * The endpoints of a campaign's included and excluded tags and filters. Mirrors
 * `emulator/routes/targeting.ts`. Installed on `SenderClient`'s prototype; `call` finds the
 * client's transport through `this`.
 */
import type * as s from "../schemas";
import { call, type PageQuery } from "./call";

/** The targeting endpoints of `SenderClient`. */
export const targetingEndpoints = {
  /**
   * `GET /v2/tags?page=&limit=` (assumed route): one page of the account's tags, which a targeting
   * may name; an answer without `meta` is every tag ({@link s.listPage}).
   */
  listAccountTags(query: PageQuery = {}): Promise<s.ListPage<s.Tag>> {
    return call(this, "GET /tags", { query: { page: query.page, limit: query.limit } });
  },

  /** `GET /v2/filters?page=&limit=` (assumed route): one page of the account's saved filters, as {@link listAccountTags}. */
  listAccountFilters(query: PageQuery = {}): Promise<s.ListPage<s.Filter>> {
    return call(this, "GET /filters", { query: { page: query.page, limit: query.limit } });
  },

  /** `GET /v2/campaigns/{id}/tags`: included tags. */
  getCampaignTags(id: string): Promise<s.Tag[]> {
    return call(this, "GET /campaigns/{id}/tags", { params: { id } });
  },

  /** `POST /v2/campaigns/{id}/tags/set` with `{tags_arr}`: replaces the included tags. */
  setTags(id: string, tagIds: readonly string[]): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/tags/set", {
      params: { id },
      body: { tags_arr: tagIds },
    });
  },

  /** `GET /v2/campaigns/{id}/tags/{tagId}`: 404 when the tag is not on the campaign. */
  getCampaignTag(id: string, tagId: string): Promise<s.Tag> {
    return call(this, "GET /campaigns/{id}/tags/{tagId}", { params: { id, tagId } });
  },

  /** `POST /v2/campaigns/{id}/tags/{tagId}`: includes one tag. */
  addTag(id: string, tagId: string): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/tags/{tagId}", { params: { id, tagId } });
  },

  /** `DELETE /v2/campaigns/{id}/tags/{tagId}`. */
  removeTag(id: string, tagId: string): Promise<s.Ack> {
    return call(this, "DELETE /campaigns/{id}/tags/{tagId}", { params: { id, tagId } });
  },

  /** `GET /v2/campaigns/{id}/exclude_tags`. */
  getCampaignExcludedTags(id: string): Promise<s.Tag[]> {
    return call(this, "GET /campaigns/{id}/exclude_tags", {
      params: { id },
    });
  },

  /** `POST /v2/campaigns/{id}/exclude_tags/{tagId}`. */
  addExcludedTag(id: string, tagId: string): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/exclude_tags/{tagId}", { params: { id, tagId } });
  },

  /** `DELETE /v2/campaigns/{id}/exclude_tags/{tagId}`. */
  removeExcludedTag(id: string, tagId: string): Promise<s.Ack> {
    return call(this, "DELETE /campaigns/{id}/exclude_tags/{tagId}", {
      params: { id, tagId },
    });
  },

  /** `GET /v2/campaigns/{id}/filters`: included filters. */
  getCampaignFilters(id: string): Promise<s.Filter[]> {
    return call(this, "GET /campaigns/{id}/filters", { params: { id } });
  },

  /** `GET /v2/campaigns/{id}/filters/{filterId}`. */
  getCampaignFilter(id: string, filterId: string): Promise<s.Filter> {
    return call(this, "GET /campaigns/{id}/filters/{filterId}", {
      params: { id, filterId },
    });
  },

  /** `POST /v2/campaigns/{id}/filters` with `{filter_id}`: includes one filter. */
  addFilter(id: string, filterId: string): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/filters", {
      params: { id },
      body: { filter_id: filterId },
    });
  },

  /** `DELETE /v2/campaigns/{id}/filters`: removes every included filter. */
  clearFilters(id: string): Promise<s.Ack> {
    return call(this, "DELETE /campaigns/{id}/filters", { params: { id } });
  },

  /** `POST /v2/campaigns/{id}/filters/set` with `{filters_arr}`: replaces the included filters. */
  setFilters(id: string, filterIds: readonly string[]): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/filters/set", {
      params: { id },
      body: { filters_arr: filterIds },
    });
  },

  /** `GET /v2/campaigns/{id}/exclude_filters`. */
  getCampaignExcludedFilters(id: string): Promise<s.Filter[]> {
    return call(this, "GET /campaigns/{id}/exclude_filters", {
      params: { id },
    });
  },

  /** `POST /v2/campaigns/{id}/exclude_filters` with `{filters_arr}`: replaces the excluded filters. */
  setExcludedFilters(id: string, filterIds: readonly string[]): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/exclude_filters", {
      params: { id },
      body: { filters_arr: filterIds },
    });
  },

  /** `DELETE /v2/campaigns/{id}/exclude_filters`. */
  clearExcludedFilters(id: string): Promise<s.Ack> {
    return call(this, "DELETE /campaigns/{id}/exclude_filters", { params: { id } });
  },
};

/** The targeting methods of `SenderClient`. */
export type TargetingEndpoints = typeof targetingEndpoints;
