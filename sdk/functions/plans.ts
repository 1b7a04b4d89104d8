// Plans; declared in provider/functions/plans.ts.
import * as declared from "../../provider/functions";
import { noArgsOutputForm, noArgsPromiseForm, outputForm, promiseForm } from "./common";

export type {
  GetPlanArgs,
  GetPlanResult,
  GetPlansResult,
} from "../../provider/functions";

/**
 * Reads every plan of the service (`GET /v2/plans`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getPlans = noArgsPromiseForm(declared.getPlans);

/** The Output form of {@link getPlans}. */
export const getPlansOutput = noArgsOutputForm(declared.getPlans);

/**
 * Reads one plan (`GET /v2/plans/{plan_id}`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 *
 * @example const pro = await sender.getPlan({ planId: 3 });
 */
export const getPlan = promiseForm(declared.getPlan);

/** The Output form of {@link getPlan}. */
export const getPlanOutput = outputForm(declared.getPlan);
