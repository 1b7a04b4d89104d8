// Regular campaigns; declared in provider/functions/campaigns.ts.
import * as declared from "../../provider/functions";
import { optionalArgsOutputForm, optionalArgsPromiseForm, outputForm, promiseForm } from "./common";

export type {
  CampaignContentInfo,
  CampaignReportPercentages,
  CampaignState,
  GetCampaignArgs,
  GetCampaignPreviewResult,
  GetCampaignResult,
  GetCampaignSendingStatusResult,
  GetCampaignsArgs,
  GetCampaignsResult,
} from "../../provider/functions";

/**
 * Reads every regular campaign, optionally of one status (`GET /v2/campaigns`, every page).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getCampaigns = optionalArgsPromiseForm(declared.getCampaigns);

/** The Output form of {@link getCampaigns}. */
export const getCampaignsOutput = optionalArgsOutputForm(declared.getCampaigns);

/**
 * Reads one regular campaign (`GET /v2/campaigns/{id}`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getCampaign = promiseForm(declared.getCampaign);

/** The Output form of {@link getCampaign}. */
export const getCampaignOutput = outputForm(declared.getCampaign);

/**
 * Reads how far the send of a campaign got (`GET /v2/campaigns/{id}/sending_status`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getCampaignSendingStatus = promiseForm(declared.getCampaignSendingStatus);

/** The Output form of {@link getCampaignSendingStatus}. */
export const getCampaignSendingStatusOutput = outputForm(declared.getCampaignSendingStatus);

/**
 * Renders a campaign both ways: html (`GET /v2/campaigns/{id}/preview`) and plain text
 * (`/plain_preview`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getCampaignPreview = promiseForm(declared.getCampaignPreview);

/** The Output form of {@link getCampaignPreview}. */
export const getCampaignPreviewOutput = outputForm(declared.getCampaignPreview);
