// What the emulator holds, counted for the e2e tests that check a run made each object once.
import type { EmulatorHandle } from "./stack";

/** How many objects of the route's kind (`/v2/campaigns`, `/v2/transactional` or `/v2/groups`) the emulator holds. */
export async function made(emu: EmulatorHandle, route: string): Promise<number> {
  if (route === "/v2/groups") return (await accountGroups(emu)).length;
  const state = await emu.state();
  return route === "/v2/campaigns" ? state.campaigns.length : state.transactional.length;
}

/** The account's groups, as `GET /v2/groups` lists them (the admin state has none). */
export async function accountGroups(emu: EmulatorHandle): Promise<{ id: string; title: string }[]> {
  const answer = await emu.api("GET", "groups?limit=100");
  if (answer.status !== 200) throw new Error(`GET /v2/groups answered ${answer.status}`);
  return answer.body.data;
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
