/**
 * The pulumi-sender policy pack: `pulumi preview --policy-pack <this package's folder>`. Loading
 * this module starts the pack's server for the engine (@pulumi/policy's PolicyPack does), whose
 * Configure refuses a config naming a rule or a property the pack does not have (config.ts).
 */
import { PolicyPack } from "@pulumi/policy";
import { serveCheckingConfig } from "./config";
import { policies } from "./policies";

/** The pack's name, as the engine's output shows it beside each violation. */
export const PACK_NAME = "pulumi-sender-policy";

serveCheckingConfig(policies, () => new PolicyPack(PACK_NAME, { policies }));
