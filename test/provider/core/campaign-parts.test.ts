import { describe, expect, test } from "vitest";
import { campaignPart, PartWrites } from "../../../provider/core/campaign-parts";
import { ProviderContext } from "../../../provider/core/context";
import type { ResourceProviderImpl } from "../../../provider/core/contract";
import { forResource } from "../../../provider/core/diagnostics";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * A fake kind whose writes take `delays` ms in turn and log their start and end, over one
 * "service" value per id: create and update set it, delete clears it.
 */
function fakeKind(delays: number[] = []) {
  const log: string[] = [];
  const service = new Map<string, unknown>();
  let call = 0;
  const hold = () => new Promise((resolve) => setTimeout(resolve, delays[call++] ?? 0));
  const provider: ResourceProviderImpl = {
    check: async (_olds, news) => ({ inputs: news }),
    diff: async () => ({ changes: false }),
    read: async (id, props) => ({ id, props }),
    async create(inputs) {
      log.push(`create ${inputs.value} start`);
      await hold();
      service.set(String(inputs.campaignId), inputs.value);
      log.push(`create ${inputs.value} end`);
      return { id: String(inputs.campaignId), outs: { ...inputs } };
    },
    async update(id, _olds, news) {
      log.push(`update ${news.value} start`);
      await hold();
      service.set(id, news.value);
      log.push(`update ${news.value} end`);
      return { outs: { ...news } };
    },
    async delete(id, props) {
      log.push(`delete ${props.value} start`);
      await hold();
      service.delete(id);
      log.push(`delete ${props.value} end`);
    },
  };
  const handedOver: unknown[] = [];
  const make = campaignPart(
    "Fake",
    (inputs) => String(inputs.campaignId),
    () => provider,
    async (_context, id, left, taker) => {
      handedOver.push({ id, left, taker });
    },
  );
  return { log, service, handedOver, make };
}

/** Runs `run`, returning the notices it wrote. */
async function notices(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  await forResource(undefined, run, (_severity, message) => {
    lines.push(message);
  });
  return lines;
}

describe("PartWrites.serialize", () => {
  test("runs the calls for one part one at a time, in the order they came, a failure not stopping the next", async () => {
    const parts = new PartWrites();
    const log: string[] = [];
    const step = (name: string, ms: number, fail = false) =>
      parts.serialize("p", async () => {
        log.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([step("a", 30, true), step("b", 1), step("c", 1)]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(log).toEqual(["a start", "a end", "b start", "b end", "c start", "c end"]);
  });

  test("runs the calls for two parts side by side", async () => {
    const parts = new PartWrites();
    const log: string[] = [];
    const step = (part: string, ms: number) =>
      parts.serialize(part, async () => {
        log.push(`${part} start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`${part} end`);
      });
    await Promise.all([step("p", 20), step("q", 1)]);
    expect(log).toEqual(["p start", "q start", "q end", "p end"]);
  });
});

describe("campaignPart", () => {
  test("two concurrent writes to one campaign's part are serialized: the later call's value stays", async () => {
    const kind = fakeKind([30, 0]);
    const provider = kind.make(new ProviderContext());
    await Promise.all([
      provider.create({ campaignId: "c1", value: "first" }),
      provider.update("c1", { campaignId: "c1", value: "first" }, { campaignId: "c1", value: "second" }),
    ]);
    expect(kind.log).toEqual([
      "create first start",
      "create first end",
      "update second start",
      "update second end",
    ]);
    expect(kind.service.get("c1")).toBe("second");
  });

  test("a delete after another resource's create leaves the part, says so, and hands over", async () => {
    const kind = fakeKind();
    const provider = kind.make(new ProviderContext());
    // The old resource's state, as an engine hands it: from an earlier run.
    const old = { campaignId: "c1", value: "old" };
    kind.service.set("c1", "old");
    await provider.create({ campaignId: "c1", value: "new" });
    const lines = await notices(() => provider.delete("c1", old));
    expect(kind.service.get("c1")).toBe("new");
    expect(kind.log).toEqual(["create new start", "create new end"]);
    expect(lines).toEqual([
      "Fake c1: left as it is: another Fake resource of this run set it after this one (a replacement, or a rename without a move), so deleting this one does not undo that",
    ]);
    expect(kind.handedOver).toEqual([{ id: "c1", left: old, taker: { campaignId: "c1", value: "new" } }]);
  });

  test("a delete and a create started together, the delete first, end with the create's value", async () => {
    const kind = fakeKind([30, 0]);
    const provider = kind.make(new ProviderContext());
    kind.service.set("c1", "old");
    await Promise.all([
      provider.delete("c1", { campaignId: "c1", value: "old" }),
      provider.create({ campaignId: "c1", value: "new" }),
    ]);
    expect(kind.log).toEqual(["delete old start", "delete old end", "create new start", "create new end"]);
    expect(kind.service.get("c1")).toBe("new");
  });

  test("a delete with no other write in this process clears the part", async () => {
    const kind = fakeKind();
    const provider = kind.make(new ProviderContext());
    kind.service.set("c1", "old");
    expect(await notices(() => provider.delete("c1", { campaignId: "c1", value: "old" }))).toEqual([]);
    expect(kind.service.has("c1")).toBe(false);
  });

  test("a delete handed the outputs of the last write (the writer itself) clears the part", async () => {
    const kind = fakeKind();
    const provider = kind.make(new ProviderContext());
    const created = await provider.create({ campaignId: "c1", value: "mine" });
    await tick();
    const updated = await provider.update("c1", created.outs, { campaignId: "c1", value: "mine too" });
    await provider.delete("c1", updated.outs);
    expect(kind.service.has("c1")).toBe(false);
    expect(kind.handedOver).toEqual([]);
  });

  test("the record is per process (the context's claims) and per campaign", async () => {
    const kind = fakeKind();
    await kind.make(new ProviderContext()).create({ campaignId: "c1", value: "new" });
    kind.service.set("c2", "other");
    const again = kind.make(new ProviderContext());
    await again.delete("c1", { campaignId: "c1", value: "old" });
    expect(kind.service.has("c1")).toBe(false);
    const shared = new ProviderContext();
    await kind.make(shared).create({ campaignId: "c3", value: "new" });
    await kind.make(shared).delete("c2", { campaignId: "c2", value: "other" });
    expect(kind.service.has("c2")).toBe(false);
    expect(kind.handedOver).toEqual([]);
  });
});
