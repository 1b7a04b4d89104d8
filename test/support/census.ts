// What the emulator holds, counted for the e2e tests that check a run made each object once.
import type { EmulatorHandle } from "./stack";

/** How many objects of the route's kind (`/v2/campaigns` or `/v2/transactional`) the emulator holds. */
export async function made(emu: EmulatorHandle, route: string): Promise<number> {
  const state = await emu.state();
  return route === "/v2/campaigns" ? state.campaigns.length : state.transactional.length;
}

/** The ids of the objects the emulator holds, per kind. */
export interface Held {
  readonly campaigns: ReadonlySet<string>;
  readonly transactional: ReadonlySet<string>;
}

/** The ids of the campaigns and transactional campaigns the emulator holds now. */
export async function heldIds(emu: EmulatorHandle): Promise<Held> {
  const state = await emu.state();
  return {
    campaigns: new Set(state.campaigns.map((c: any) => c.id)),
    transactional: new Set(state.transactional.map((t: any) => t.id)),
  };
}
