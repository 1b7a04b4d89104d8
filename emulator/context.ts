import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";
import { badRequest } from "./errors";
import type { EmulatorStore } from "./store";
import type { Campaign } from "./types";

/** Hono environment of the emulator: the node bindings exist only behind the real server. */
export type EmulatorEnv = {
  Bindings: { incoming?: IncomingMessage; outgoing?: ServerResponse };
  Variables: { fault?: string };
};

/** What every route module needs. */
export interface RouteDeps {
  store: EmulatorStore;
}

/** A successful acknowledgement (spec 2.9). */
export function ack(c: Context, message: string, success = true) {
  return c.json({ success, message }, 200);
}

/** 400 unless the campaign can still change: SENDING and SENT campaigns are frozen (observed). */
export function assertNotSent(campaign: Campaign, verb: string): void {
  if (campaign.status === "SENT")
    throw badRequest(`Campaign ${campaign.id} has already been sent; it cannot be ${verb}.`);
  if (campaign.status === "SENDING")
    throw badRequest(`Campaign ${campaign.id} is being sent; it cannot be ${verb}.`);
}
