// The plans and the account: getPlans, getPlan, getActiveSubscribers, getImageFolders.
import { z } from "zod";
import type * as api from "../client";
import { type DataSource, type NoArgs, recordType } from "./declare";
import { dataSourceDocs, objectTypeDocs } from "./docs.generated";
import { notFound } from "./run";

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
  /** The plan's id: a positive whole number. */
  planId: number | string;
}

/** Result of {@link getActiveSubscribers}. */
export interface GetActiveSubscribersResult {
  /** How many subscribers of the account are active (what the plan's limit counts). */
  activeSubscribers: number | null;
}

/** A folder of the image library. */
export interface ImageFolderInfo {
  /** The folder's id, e.g. `fld001`. */
  id: string;
  /** The folder's name. */
  name: string | null;
  /** How many images it holds. */
  imagesCount: number | null;
}

/** Result of {@link getImageFolders}. */
export interface GetImageFoldersResult {
  /** Every folder of the image library. */
  folders: ImageFolderInfo[];
}

const plan = recordType<GetPlanResult, api.Plan>("Plan", objectTypeDocs.Plan, {
  id: { type: "integer", from: "id" },
  name: { type: "string", optional: true, from: "name" },
  price: { type: "number", optional: true, from: "price" },
  currency: { type: "string", optional: true, from: "currency" },
  period: { type: "string", optional: true, from: "period" },
  subscribersLimit: { type: "integer", optional: true, from: "subscribers_limit" },
  emailsLimit: { type: "integer", optional: true, from: "emails_limit" },
  features: { type: "stringList", optional: true, from: "features" },
});

const imageFolder = recordType<ImageFolderInfo, api.ImageFolder>("ImageFolder", objectTypeDocs.ImageFolder, {
  id: { type: "string", from: "id" },
  name: { type: "string", optional: true, from: "name" },
  imagesCount: { type: "integer", optional: true, from: "images_count" },
});

/**
 * Reads every plan of the service (`GET /v2/plans`).
 */
export const getPlans: DataSource<NoArgs, GetPlansResult> = {
  name: "getPlans",
  docs: dataSourceDocs.getPlans,
  args: {},
  result: {
    plans: { type: { objectList: plan } },
  },
  run: async (client) => ({ plans: (await client.listPlans()).map(plan.read) }),
};

/**
 * Reads one plan (`GET /v2/plans/{plan_id}`).
 *
 * @example const pro = await sender.getPlan({ planId: 3 });
 */
export const getPlan: DataSource<GetPlanArgs, GetPlanResult> = {
  name: "getPlan",
  docs: dataSourceDocs.getPlan,
  args: {
    planId: {
      type: "integer",
      check: z.union([z.number().int().min(1), z.string().regex(/^[1-9]\d*$/)]),
      rule: "must be a positive whole number",
    },
  },
  result: plan.fields,
  run: async (client, { planId }) =>
    plan.read(await notFound(client.getPlan(planId), "plan with id", planId)),
};

/**
 * Reads how many subscribers are active (`GET /v2/active_subscribers`).
 */
export const getActiveSubscribers: DataSource<NoArgs, GetActiveSubscribersResult> = {
  name: "getActiveSubscribers",
  docs: dataSourceDocs.getActiveSubscribers,
  args: {},
  result: {
    activeSubscribers: { type: "integer", optional: true },
  },
  run: async (client) => ({
    activeSubscribers: (await client.getActiveSubscribers()).active_subscribers ?? null,
  }),
};

/**
 * Reads the folders of the image library (`GET /v2/imageFolders`).
 */
export const getImageFolders: DataSource<NoArgs, GetImageFoldersResult> = {
  name: "getImageFolders",
  docs: dataSourceDocs.getImageFolders,
  args: {},
  result: {
    folders: { type: { objectList: imageFolder } },
  },
  run: async (client) => ({ folders: (await client.listImageFolders()).map(imageFolder.read) }),
};
