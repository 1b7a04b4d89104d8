import { SUBSCRIBERS } from "./seed";
import type { Campaign, Subscriber, TargetingIds } from "./types";

/**
 * The active subscribers a campaign reaches (assumed rule): everyone when `send_to_all`, else
 * anyone in an included tag, filter or group; minus anyone in an excluded tag or filter.
 */
export function recipientsOf(campaign: Campaign, targeting: TargetingIds): Subscriber[] {
  return SUBSCRIBERS.filter((subscriber) => {
    if (subscriber.status !== "ACTIVE") return false;
    const included =
      campaign.send_to_all === 1 ||
      subscriber.tags.some((tag) => targeting.tags.includes(tag)) ||
      subscriber.filters.some((filter) => targeting.filters.includes(filter)) ||
      subscriber.groups.some((group) => campaign.campaign_groups.includes(group));
    const excluded =
      subscriber.tags.some((tag) => targeting.exclude_tags.includes(tag)) ||
      subscriber.filters.some((filter) => targeting.exclude_filters.includes(filter));
    return included && !excluded;
  });
}

/** A link found in a campaign's content; ids are `lnk001`... per campaign (assumed). */
export interface CampaignLink {
  id: string;
  url: string;
}

/** The distinct links of the content, in order: `href`s for html, bare URLs for plain text. */
export function linksOf(campaign: Campaign): CampaignLink[] {
  const content = campaign.html.html_content ?? "";
  const pattern = campaign.editor === "text" ? /https?:\/\/[^\s"'<>]+/g : /href="(https?:\/\/[^"]+)"/g;
  const urls: string[] = [];
  for (const match of content.matchAll(pattern)) {
    const url = match[1] ?? match[0];
    if (!urls.includes(url)) urls.push(url);
  }
  return urls.map((url, index) => ({ id: `lnk${String(index + 1).padStart(3, "0")}`, url }));
}
