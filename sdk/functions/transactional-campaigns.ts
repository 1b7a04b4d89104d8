// Transactional campaigns; declared in provider/functions/transactional-campaigns.ts.
import * as declared from "../../provider/functions";
import { optionalArgsOutputForm, optionalArgsPromiseForm, outputForm, promiseForm } from "./common";

export type {
  GetTransactionalCampaignArgs,
  GetTransactionalCampaignResult,
  GetTransactionalCampaignsArgs,
  GetTransactionalCampaignsResult,
  TransactionalContentInfo,
} from "../../provider/functions";

/**
 * Reads one transactional campaign (`GET /v2/transactional/{id}`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getTransactionalCampaign = promiseForm(declared.getTransactionalCampaign);

/** The Output form of {@link getTransactionalCampaign}. */
export const getTransactionalCampaignOutput = outputForm(declared.getTransactionalCampaign);

/**
 * Reads every transactional campaign (`GET /v2/transactional`, every page).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getTransactionalCampaigns = optionalArgsPromiseForm(declared.getTransactionalCampaigns);

/** The Output form of {@link getTransactionalCampaigns}. */
export const getTransactionalCampaignsOutput = optionalArgsOutputForm(declared.getTransactionalCampaigns);
