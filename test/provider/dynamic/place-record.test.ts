// The dynamic door's place record (provider/pulumi/stack-place.ts, PLACE_RECORD_KEY): each resource
// carries the stack's place and the backend it was made on, and a change or a delete on another
// backend is refused before it reaches the service, as the engine hands a delete the resource's
// outputs alone (a `pulumi destroy` of a copy runs no program and no nonce check).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { ContextHolder } from "../../../provider/core/context";
import { providerFor } from "../../../provider/index";
import {
  BOTH_CONFIRMATIONS,
  backendOf,
  PLACE_BACKEND_KEY,
  PLACE_RECORD_KEY,
  placeOf,
} from "../../../provider/pulumi/stack-place";
import { type Harness, startHarness } from "../kinds/harness";

const ONE = "file:///place-record/one";
const TWO = "file:///place-record/two";
const PLACE = placeOf({ backendUrl: ONE, organization: "acme", project: "newsletter", stack: "dev" });
const HOOK = "https://hooks.example.com/sender";
const INPUTS = { url: HOOK, topic: "subscribers/new" };
const saved = { ...process.env };

let harness: Harness;
let provider: ReturnType<typeof providerFor>;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.reset();
  process.env.PULUMI_BACKEND_URL = ONE;
  delete process.env.SENDER_STACK_MOVED_FROM;
  delete process.env.SENDER_STACK_COPY_OF;
  provider = providerFor("Webhook", new ContextHolder(harness.context));
});
afterEach(() => {
  for (const key of ["PULUMI_BACKEND_URL", "SENDER_STACK_MOVED_FROM", "SENDER_STACK_COPY_OF"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

/** A webhook made on backend ONE: its id and outputs. */
async function made(): Promise<{ id: string; outs: Record<string, any> }> {
  const { id, outs } = await provider.create!({ ...INPUTS, [PLACE_RECORD_KEY]: PLACE });
  await harness.clearRequests();
  return { id, outs };
}

const anotherPlace =
  `this stack's state was last used in another place (another backend, organization, project or stack: ${PLACE} there, another backend here), ` +
  "and a copy must not take over the objects of the stack it was copied from. " +
  `If the stack moved here, run again with SENDER_STACK_MOVED_FROM=${PLACE}; if it is a copy, with SENDER_STACK_COPY_OF=${PLACE}, ` +
  "which gives it a nonce of its own (docs/reliability.md)";

describe("the dynamic door's place record", () => {
  test("check keeps the program's place; create records it with this backend", async () => {
    const checked = await provider.check!({}, { ...INPUTS, [PLACE_RECORD_KEY]: PLACE });
    expect(checked.failures ?? []).toEqual([]);
    expect(checked.inputs?.[PLACE_RECORD_KEY]).toBe(PLACE);
    const { outs } = await made();
    // The input comes back as it was given, so inputs and outputs do not differ on it.
    expect([outs[PLACE_RECORD_KEY], outs[PLACE_BACKEND_KEY]]).toEqual([PLACE, backendOf(ONE)]);
    expect(outs.url).toBe(HOOK);
  });

  test("read keeps the record; a diff on the same backend shows no change", async () => {
    const { id, outs } = await made();
    const read = await provider.read!(id, outs);
    expect([read.props?.[PLACE_RECORD_KEY], read.props?.[PLACE_BACKEND_KEY]]).toEqual([
      PLACE,
      backendOf(ONE),
    ]);
    const diff = await provider.diff!(id, outs, { ...INPUTS, [PLACE_RECORD_KEY]: PLACE });
    expect(diff.changes).toBe(false);
  });

  test("a delete on another backend is refused with the place line and sends nothing", async () => {
    const { id, outs } = await made();
    process.env.PULUMI_BACKEND_URL = TWO;
    const error = (await provider.delete!(id, outs).catch((caught: Error) => caught)) as Error;
    expect(error.message).toBe(anotherPlace);
    expect(await harness.lines()).toEqual([]);
    expect((await harness.state()).webhooks.map((w: any) => w.id)).toContain(id);
  });

  test("a delete in a declared copy is refused; both confirmations are refused in one line", async () => {
    const { id, outs } = await made();
    process.env.PULUMI_BACKEND_URL = TWO;
    process.env.SENDER_STACK_COPY_OF = PLACE;
    const copy = (await provider.delete!(id, outs).catch((caught: Error) => caught)) as Error;
    expect(copy.message).toBe(
      `this run declares a copy (SENDER_STACK_COPY_OF=${PLACE}), which takes a nonce of its own, but the stack's nonce record is not in it (--target, --exclude or a delete): ` +
        "run once without --target and --exclude, then go on (docs/reliability.md)",
    );
    process.env.SENDER_STACK_MOVED_FROM = PLACE;
    const both = (await provider.delete!(id, outs).catch((caught: Error) => caught)) as Error;
    expect(both.message).toBe(BOTH_CONFIRMATIONS);
    expect(await harness.lines()).toEqual([]);
  });

  test("a delete of a confirmed move deletes; so do one on its own backend and one of a state made before records", async () => {
    const moved = await made();
    process.env.PULUMI_BACKEND_URL = TWO;
    process.env.SENDER_STACK_MOVED_FROM = PLACE;
    await provider.delete!(moved.id, moved.outs);
    delete process.env.SENDER_STACK_MOVED_FROM;
    const unrecorded = await made();
    const { [PLACE_RECORD_KEY]: _place, [PLACE_BACKEND_KEY]: _backend, ...before } = unrecorded.outs;
    await provider.delete!(unrecorded.id, before);
    process.env.PULUMI_BACKEND_URL = ONE;
    const own = await made();
    await provider.delete!(own.id, own.outs);
    const held = (await harness.state()).webhooks.map((w: any) => w.id);
    expect([moved.id, unrecorded.id, own.id].filter((id) => held.includes(id))).toEqual([]);
  });

  test("after a confirmed move, diff asks for an update that only makes the record again, with no request", async () => {
    const { id, outs } = await made();
    process.env.PULUMI_BACKEND_URL = TWO;
    process.env.SENDER_STACK_MOVED_FROM = PLACE;
    const here = placeOf({ backendUrl: TWO, organization: "acme", project: "newsletter", stack: "dev" });
    const news = { ...INPUTS, [PLACE_RECORD_KEY]: here };
    const diff = await provider.diff!(id, outs, news);
    expect(diff).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    await harness.clearRequests();
    const updated = await provider.update!(id, outs, news);
    expect(await harness.mutations()).toEqual([]);
    const { [PLACE_RECORD_KEY]: place, [PLACE_BACKEND_KEY]: backend, ...fields } = updated.outs;
    const { [PLACE_RECORD_KEY]: _place, [PLACE_BACKEND_KEY]: _backend, ...oldFields } = outs;
    expect([place, backend]).toEqual([here, backendOf(TWO)]);
    expect(fields).toEqual(oldFields);
  });

  test("an update on another backend, unconfirmed, is refused before any request", async () => {
    const { id, outs } = await made();
    process.env.PULUMI_BACKEND_URL = TWO;
    const news = { ...INPUTS, url: `${HOOK}/2`, [PLACE_RECORD_KEY]: PLACE };
    const error = (await provider.update!(id, outs, news).catch((caught: Error) => caught)) as Error;
    expect(error.message).toBe(anotherPlace);
    expect(await harness.lines()).toEqual([]);
  });
});
