// Campaign reports; declared in provider/functions/campaign-reports.ts.
import * as declared from "../../provider/functions";
import { outputForm, promiseForm } from "./common";

export type {
  CampaignActivityItem,
  CampaignActivityKind,
  CampaignHardBounce,
  CampaignLinkInfo,
  GetCampaignActivityArgs,
  GetCampaignActivityResult,
  GetCampaignHardBouncesArgs,
  GetCampaignHardBouncesResult,
  GetCampaignLinksArgs,
  GetCampaignLinksResult,
  GetCampaignReportResult,
} from "../../provider/functions";

/**
 * Reads the report of a campaign (`GET /v2/campaigns/{id}/report`); every figure is 0 before the send.
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getCampaignReport = promiseForm(declared.getCampaignReport);

/** The Output form of {@link getCampaignReport}. */
export const getCampaignReportOutput = outputForm(declared.getCampaignReport);

/**
 * Reads one activity list of a campaign, every page (`GET /v2/campaigns/{id}/{kind}`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getCampaignActivity = promiseForm(declared.getCampaignActivity);

/** The Output form of {@link getCampaignActivity}. */
export const getCampaignActivityOutput = outputForm(declared.getCampaignActivity);

/**
 * Reads the hard bounces of a campaign, every page (`GET /v2/campaigns/{id}/hard_bounces`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getCampaignHardBounces = promiseForm(declared.getCampaignHardBounces);

/** The Output form of {@link getCampaignHardBounces}. */
export const getCampaignHardBouncesOutput = outputForm(declared.getCampaignHardBounces);

/**
 * Reads the tracked links of a campaign (`GET /v2/campaigns/{id}/links`) and, for each, every page
 * of its clicks (`GET /v2/campaigns/{id}/link_clicks/{linkId}`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getCampaignLinks = promiseForm(declared.getCampaignLinks);

/** The Output form of {@link getCampaignLinks}. */
export const getCampaignLinksOutput = outputForm(declared.getCampaignLinks);
