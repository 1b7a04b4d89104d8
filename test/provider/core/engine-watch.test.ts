import * as net from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { EngineWatch, engineAlive } from "../../../provider/core/engine-watch";

// What a process keeps; nothing is in flight in these tests.
let watch = new EngineWatch(() => 0);
afterEach(() => {
  watch.stop();
  watch = new EngineWatch(() => 0);
});

async function listener(): Promise<{ server: net.Server; address: string }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, address: `127.0.0.1:${(server.address() as net.AddressInfo).port}` };
}

describe("engine watch", () => {
  test("tells a listening engine from a gone one", async () => {
    const { server, address } = await listener();
    expect(await engineAlive(address)).toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await engineAlive(address)).toBe(false);
  });

  test("calls onGone once the engine stops listening, and never before", async () => {
    const { server, address } = await listener();
    const gone: number[] = [];
    watch.watch({ address, intervalMs: 50, onGone: () => gone.push(Date.now()) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(gone).toEqual([]);
    const closedAt = Date.now();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (let waited = 0; gone.length === 0 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gone.length).toBe(1);
    expect((gone[0] as number) >= closedAt).toBe(true);
  });

  test("calls onGone once the parent pid changes (the parent is gone), and never before", async () => {
    let parent = 4242;
    const gone: number[] = [];
    watch.watchParent({ parentPid: () => parent, intervalMs: 20, onGone: () => gone.push(parent) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gone).toEqual([]);
    parent = 1;
    for (let waited = 0; gone.length === 0 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    parent = 4243;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gone).toEqual([1]);
  });

  test("watches once per process: a second watch while the first runs is ignored", async () => {
    const { server, address } = await listener();
    const first: string[] = [];
    const second: string[] = [];
    watch.watch({ address, intervalMs: 50, onGone: () => first.push("gone") });
    watch.watch({ address, intervalMs: 50, onGone: () => second.push("gone") });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (let waited = 0; first.length === 0 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect({ first, second }).toEqual({ first: ["gone"], second: [] });
  });
});
