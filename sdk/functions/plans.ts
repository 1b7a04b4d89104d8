import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Plan } from "../../provider/client";
import { defineArgs, type InputArgs, NO_ARGS, notFound, outputForm, runFunction } from "./common";

/** One subscription plan of the service. */
export interface GetPlanResult {
  /** The plan's numeric id, e.g. `3`. */
  id: number;
  /** Display name, e.g. `Professional`. */
  name: string | null;
  /** Price per period, in `currency`. */
  price: number | null;
  /** Currency of `price`, e.g. `USD`. */
  currency: string | null;
  /** Billing period, e.g. `month`. */
  period: string | null;
  /** The most subscribers the plan allows. */
  subscribersLimit: number | null;
  /** The most emails per period, or null when unlimited. */
  emailsLimit: number | null;
  /** Feature names included in the plan. */
  features: string[] | null;
}

/** Result of {@link getPlans}. */
export interface GetPlansResult {
  /** Every plan, in the service's order. */
  plans: GetPlanResult[];
}

/** Arguments of {@link getPlan}. */
export interface GetPlanArgs {
  /** The plan's id: a positive whole number, or its decimal text (as stack config gives it). */
  planId: number | string;
}

function planResult(plan: Plan): GetPlanResult {
  return {
    id: plan.id,
    name: plan.name ?? null,
    price: plan.price ?? null,
    currency: plan.currency ?? null,
    period: plan.period ?? null,
    subscribersLimit: plan.subscribers_limit ?? null,
    emailsLimit: plan.emails_limit ?? null,
    features: plan.features ? [...plan.features] : null,
  };
}

const planArgs = defineArgs(
  { planId: z.union([z.number().int().min(1), z.string().regex(/^[1-9]\d*$/)]) },
  { planId: "must be a positive whole number" },
);

/** Reads every plan of the service (`GET /v2/plans`). */
export function getPlans(opts?: pulumi.InvokeOptions): Promise<GetPlansResult> {
  return runFunction("getPlans", NO_ARGS, {}, opts, async (client) => ({
    plans: (await client.listPlans()).map(planResult),
  }));
}

/** The Output form of {@link getPlans}. */
export function getPlansOutput(opts?: pulumi.InvokeOptions): pulumi.Output<GetPlansResult> {
  return outputForm((_: unknown, o) => getPlans(o), {}, opts);
}

/**
 * Reads one plan (`GET /v2/plans/{plan_id}`).
 *
 * @example const pro = await sender.getPlan({ planId: 3 });
 */
export function getPlan(args: GetPlanArgs, opts?: pulumi.InvokeOptions): Promise<GetPlanResult> {
  return runFunction("getPlan", planArgs, args, opts, async (client, { planId }) =>
    planResult(await notFound(client.getPlan(planId), "plan with id", planId)),
  );
}

/** The Output form of {@link getPlan}. */
export function getPlanOutput(
  args: InputArgs<GetPlanArgs>,
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetPlanResult> {
  return outputForm(getPlan, args, opts);
}
