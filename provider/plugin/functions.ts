import { getActiveSubscribers, getImageFolders } from "../../sdk/functions/account";
import { getPlan, getPlans } from "../../sdk/functions/plans";
import type { FunctionSchema, SchemaProp } from "./schema";

/** A function the plugin serves: its schema and the data-source code it runs. */
export interface ServedFunction extends FunctionSchema {
  /** Runs the data source of sdk/functions with the plugin's client. */
  readonly run: (args: Record<string, unknown>) => Promise<unknown>;
}

const plan: Readonly<Record<string, SchemaProp>> = {
  id: { type: "integer", doc: "The plan's numeric id, e.g. `3`.", required: true },
  name: { type: "string", doc: "Display name, e.g. `Professional`.", required: true },
  price: { type: "number", doc: "Price per period, in `currency`.", required: true },
  currency: { type: "string", doc: "Currency of `price`, e.g. `USD`.", required: true },
  period: { type: "string", doc: "Billing period, e.g. `month`.", required: true },
  subscribersLimit: { type: "integer", doc: "The most subscribers the plan allows.", required: true },
  emailsLimit: { type: "integer", doc: "The most emails per period; absent when unlimited." },
  features: { type: "stringList", doc: "Feature names included in the plan.", required: true },
};

/** Object types of the function results, by name (`sender:index:<name>`). */
export const functionTypes: Readonly<Record<string, Readonly<Record<string, SchemaProp>>>> = {
  Plan: plan,
  ImageFolder: {
    id: { type: "string", doc: "The folder's id, e.g. `fld001`.", required: true },
    name: { type: "string", doc: "The folder's name.", required: true },
    imagesCount: { type: "integer", doc: "How many images it holds.", required: true },
  },
};

/**
 * The data sources the plugin serves as `sender:index:<name>`. Each runs the very function of
 * sdk/functions (argument checks, requests, error messages), with the provider instance's client.
 */
export const servedFunctions: Readonly<Record<string, ServedFunction>> = {
  getPlans: {
    description: "Reads every plan of the service (`GET /v2/plans`).",
    inputs: {},
    outputs: {
      plans: { type: { objectList: "Plan" }, doc: "Every plan, in the service's order.", required: true },
    },
    run: () => getPlans(),
  },
  getPlan: {
    description: "Reads one plan (`GET /v2/plans/{plan_id}`).",
    inputs: { planId: { type: "integer", doc: "The plan's id: a positive whole number.", required: true } },
    outputs: plan,
    run: (args) => getPlan(args as { planId: number }),
  },
  getActiveSubscribers: {
    description: "Reads how many subscribers are active (`GET /v2/active_subscribers`).",
    inputs: {},
    outputs: {
      activeSubscribers: {
        type: "integer",
        doc: "How many subscribers of the account are active (what the plan's limit counts).",
        required: true,
      },
    },
    run: () => getActiveSubscribers(),
  },
  getImageFolders: {
    description: "Reads the folders of the image library (`GET /v2/imageFolders`).",
    inputs: {},
    outputs: {
      folders: {
        type: { objectList: "ImageFolder" },
        doc: "Every folder of the image library.",
        required: true,
      },
    },
    run: () => getImageFolders(),
  },
};
