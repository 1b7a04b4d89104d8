// A sent campaign is history: under the real engine, with the package installed from its tarball
// outside the checkout, `pulumi destroy` keeps a campaign sent from the Sender side (0 DELETE
// requests, one warning line), the next `up` makes a new one, `deleteEvenIfSent: true` deletes
// it on purpose, and a preview says which resource adopts an existing campaign.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { npm, type Packed, packFreshClone } from "../package/packed";
import { outsideCheckout, removeUserFolders, userFolder } from "../support/folders";
import {
  createStack,
  type EmulatorHandle,
  emulator,
  mutationLines,
  ROOT,
  type StackHandle,
} from "../support/stack";

const TOKEN = "tok-e2e-kept-Wq5Z8cLm";

let emu: EmulatorHandle;
let h: StackHandle;
let packed: Packed;

/** The distinct lines the engine printed since `from`, trimmed, that start with `prefix`. */
function printed(from: number, prefix: string): string[] {
  const lines = h.output.slice(from).join("").split("\n");
  return [...new Set(lines.map((line) => line.trim()).filter((line) => line.startsWith(prefix)))];
}

/** Sends a campaign as a user would from the Sender interface: the emulator's send route. */
async function send(id: string): Promise<void> {
  const sent = await emu.api("POST", `campaigns/${id}/send`);
  expect([sent.status, sent.body.success]).toEqual([200, true]);
}

async function statusOf(id: string): Promise<string | undefined> {
  return (await emu.state()).campaigns.find((c: { id: string }) => c.id === id)?.status;
}

const keptLine = (title: string, id: string, status: string) =>
  `warning: Campaign "${title}" (id ${id}) has been sent (status ${status}), so it was kept in Sender and only ` +
  "removed from the stack. To delete it, delete it in Sender; to have the provider delete a sent campaign, set " +
  "`deleteEvenIfSent: true` on it and run `pulumi up` before removing it.";

const targetingLine = (id: string, status: string) =>
  `warning: CampaignTargeting ${id} was removed from the stack, but campaign ${id} has already been sent ` +
  `(status ${status}): the service was left untouched.`;

beforeAll(async () => {
  emu = await emulator(TOKEN);
  packed = packFreshClone();
  const dir = userFolder("kept");
  const rootPkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  for (const file of ["index.ts", "Pulumi.yaml"]) {
    fs.copyFileSync(path.join(ROOT, "test/e2e/programs/kept-campaign", file), path.join(dir, file));
  }
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "kept-campaign",
      private: true,
      main: "index.ts",
      dependencies: {
        "@pulumi/pulumi": rootPkg.devDependencies["@pulumi/pulumi"],
        "pulumi-sender": `file:${packed.tarball}`,
        typescript: rootPkg.devDependencies.typescript,
      },
    }),
  );
  npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], dir);
  h = await createStack(dir, emu);
});
afterAll(async () => {
  await h?.dispose();
  await emu?.close();
  packed?.dispose();
  removeUserFolders();
});

describe("a sent campaign leaving the stack", () => {
  test("the program runs the installed package, outside the checkout", () => {
    expect(outsideCheckout(path.join(h.dir, "node_modules/pulumi-sender/package.json"))).toBe(true);
  });

  test("destroy keeps a sent campaign with 0 DELETE requests and one warning line; the next up makes a new one", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    const first = up.outputs.campaignId?.value as string;
    const title = up.outputs.title?.value as string;
    expect(title).toMatch(/^welcome-[0-9a-f]{8}$/);
    await send(first);
    // The emulator finishes a send at once (sendingMs 0): the campaign reads as SENT.
    expect(await statusOf(first)).toBe("SENT");

    await emu.clearRequests();
    const mark = h.output.length;
    const destroyed = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroyed.summary.resourceChanges).toEqual({ delete: 4 });
    expect((await emu.requests()).filter((r) => r.method === "DELETE")).toEqual([]);
    expect(await mutationLines(emu)).toEqual([]);
    expect(printed(mark, "warning: ").sort()).toEqual([
      keptLine(title, first, "SENT"),
      targetingLine(first, "SENT"),
    ]);
    expect(await statusOf(first)).toBe("SENT");

    await emu.clearRequests();
    const again = await h.stack.up({ onOutput: h.onOutput });
    expect(again.summary.resourceChanges).toEqual({ create: 4 });
    const second = again.outputs.campaignId?.value as string;
    expect(second).not.toBe(first);
    // destroy removed the stack's nonce with the rest: the new campaign's mark is the new nonce's.
    expect(again.outputs.title?.value).toMatch(/^welcome-[0-9a-f]{8}$/);
    expect(again.outputs.title?.value).not.toBe(title);
    expect(await mutationLines(emu)).toEqual(["POST /v2/campaigns", `POST /v2/campaigns/${second}/tags/set`]);
    expect(await statusOf(first)).toBe("SENT");
  });

  test("deleteEvenIfSent: true, set after the send with an up that changes nothing on the service, lets destroy delete it", async () => {
    const id = (await h.stack.outputs()).campaignId?.value as string;
    await send(id);
    await h.stack.setConfig("deleteEvenIfSent", { value: "true" });
    await emu.clearRequests();
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ same: 3, update: 1 });
    expect(await mutationLines(emu)).toEqual([]);

    await emu.clearRequests();
    const mark = h.output.length;
    await h.stack.destroy({ onOutput: h.onOutput });
    expect(await mutationLines(emu)).toEqual([`DELETE /v2/campaigns?ids=[${id}]`]);
    expect(await statusOf(id)).toBeUndefined();
    // Only the targeting's line: the campaign went as asked.
    expect(printed(mark, "warning: Campaign ")).toEqual([]);
    await h.stack.removeConfig("deleteEvenIfSent");
  });
});

describe("preview shows adoption", () => {
  test("a new resource with adoptId: one line naming the campaign it adopts, and nothing written", async () => {
    const made = await emu.api("POST", "campaigns", {
      title: "Made by hand",
      subject: "Welcome to Example News",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    await h.stack.setConfig("adoptId", { value: id });
    await emu.clearRequests();
    const mark = h.output.length;
    const preview = await h.stack.preview({ onOutput: h.onOutput, color: "never" });
    expect(preview.changeSummary).toEqual({ create: 3 });
    expect(printed(mark, "Campaign adopts")).toEqual([
      `Campaign adopts the existing campaign ${id} (adoptId) instead of creating one`,
    ]);
    expect(await mutationLines(emu)).toEqual([]);

    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.outputs.campaignId?.value).toBe(id);
    await h.stack.destroy({ onOutput: h.onOutput });
    expect(await statusOf(id)).toBeUndefined();
  });
});
