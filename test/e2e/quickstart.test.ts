import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ours, SEEDED_CAMPAIGNS, SEEDED_TRANSACTIONAL } from "../support/seeded";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  type StackHandle,
} from "../support/stack";

// A distinctive token, so that a leak anywhere is found by a plain search.
const TOKEN = "tok-e2e-quickstart-Zx9Q7wLm";
const ORIGINAL_HOOK = "https://hooks.example.com/sender/new-subscriber";
const MOVED_HOOK = "https://hooks.example.com/sender/moved";
const STRAY_HOOK = "https://hooks.example.com/sender/changed-in-the-interface";

let emu: EmulatorHandle;
let h: StackHandle;

const mutating = async () => (await emu.requests()).filter((r) => r.method !== "GET");

describe("quickstart under the real engine", () => {
  beforeAll(async () => {
    emu = await emulator(TOKEN);
    // The content checks at their default (the harness turns them off for test programs): the
    // quick start is what a newcomer copies, and it passes them.
    h = await createStack(
      copyProgram("examples/quickstart", "quickstart"),
      emu,
      {},
      { SENDER_CONTENT_CHECKS: "" },
    );
  });
  afterAll(async () => {
    await h?.dispose();
    await emu?.close();
  });

  test("preview shows nine creates (the stack's nonce among them), no content check line, and makes no mutating API call", async () => {
    const preview = await h.stack.preview({ onOutput: h.onOutput, color: "never" });
    expect(preview.changeSummary).toEqual({ create: 9 });
    expect(
      h.output
        .join("")
        .split("\n")
        .filter((line) => line.includes("(content check ")),
    ).toEqual([]);
    expect(await mutating()).toEqual([]);
  });

  test("up creates exactly the stack's objects", async () => {
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 9 });
    const state = await emu.state();
    const campaigns = ours(state.campaigns, SEEDED_CAMPAIGNS);
    expect(campaigns.map((c: any) => [c.title, c.subject, c.status])).toEqual([
      ["Welcome series", "Welcome to Example News", "SCHEDULED"],
    ]);
    const campaign = campaigns[0];
    expect(up.outputs.campaignId?.value).toBe(campaign.id);
    expect(campaign.schedule_time).toBe("2030-01-15 08:00:00");
    expect([
      campaign.auto_followup_active,
      campaign.auto_followup_subject,
      campaign.auto_followup_delay,
    ]).toEqual([1, "Did you miss our welcome?", 48]);
    const targeting = state.targeting[campaign.id];
    expect(targeting.tags.map((t: any) => t.id).sort()).toEqual(["tag001", "tag002"]);
    expect(targeting.exclude_tags.map((t: any) => t.id)).toEqual(["tag004"]);
    expect(state.attachments[campaign.id].map((a: any) => a.file_name)).toEqual(["welcome-guide.pdf"]);
    expect(ours(state.transactional, SEEDED_TRANSACTIONAL).map((t: any) => t.subject)).toEqual([
      "Reset your password",
    ]);
    expect(state.webhooks.map((w: any) => [w.url, w.topic, w.group, w.status])).toEqual([
      [ORIGINAL_HOOK, "groups/new-subscriber", "grp001", "ACTIVE"],
    ]);
    expect(up.outputs.scheduledFor?.value).toBe("2030-01-15 08:00:00");
    expect(up.outputs.attachmentFile?.value).toBe("welcome-guide.pdf");
    expect(up.outputs.planNames?.value).toEqual(["Free", "Standard", "Professional"]);
    expect(up.outputs.webhookStatus?.value).toBe("ACTIVE");
  });

  test("a second up changes nothing and makes no mutating API call", async () => {
    await emu.clearRequests();
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ same: 9 });
    expect(await mutating()).toEqual([]);
  });

  test("refresh --expect-no-changes passes", async () => {
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
  });

  test("a field changed behind the stack's back is found by refresh, and up puts it back", async () => {
    const id = (await h.stack.outputs()).campaignId!.value as string;
    const patched = await emu.api("PATCH", `campaigns/${id}`, { subject: "Changed behind the stack's back" });
    expect(patched.status).toBe(200);
    const refreshError = await failure(() =>
      h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput }),
    );
    expect(refreshError).toContain("no changes were expected for refresh but changes were proposed");
    await h.stack.refresh({ onOutput: h.onOutput });
    const preview = await h.stack.preview({ onOutput: h.onOutput });
    expect(preview.changeSummary).toEqual({ same: 8, update: 1 });
    await h.stack.up({ onOutput: h.onOutput });
    const campaign = (await emu.api("GET", `campaigns/${id}`)).body.data;
    expect(campaign.subject).toBe("Welcome to Example News");
  });

  test("a campaign deleted behind the stack's back is dropped by refresh and made again by up", async () => {
    const oldId = (await h.stack.outputs()).campaignId!.value as string;
    const deleted = await emu.api("DELETE", `campaigns?ids=[${oldId}]`);
    expect(deleted.body.success).toBe(true);
    await h.stack.refresh({ onOutput: h.onOutput });
    const kinds = JSON.parse(await h.exportState()).deployment.resources.map((r: any) => r.type);
    // The campaign and everything hanging off it are gone from state.
    expect(kinds.filter((t: string) => t.startsWith("pulumi-nodejs:dynamic/sender:Campaign")).sort()).toEqual(
      [],
    );
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 5, same: 4 });
    const newId = up.outputs.campaignId!.value as string;
    expect(newId).not.toBe(oldId);
    const state = await emu.state();
    expect(ours(state.campaigns, SEEDED_CAMPAIGNS).map((c: any) => c.id)).toEqual([newId]);
  });

  test("a new transactional content shows a replace; a new subject and webhook url update in place", async () => {
    await h.stack.setConfig("resetContent", { value: "<p>A new body</p>" });
    const replace = await h.stack.preview({ onOutput: h.onOutput });
    expect(replace.changeSummary).toEqual({ replace: 1, same: 8 });
    await h.stack.removeConfig("resetContent");

    const outputs = await h.stack.outputs();
    const transactionalId = outputs.transactionalId!.value as string;
    const webhookId = outputs.webhookId!.value as string;
    await h.stack.setConfig("resetSubject", { value: "Reset your password now" });
    await h.stack.setConfig("hookUrl", { value: MOVED_HOOK });
    await emu.clearRequests();
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ update: 2, same: 7 });
    // One PATCH each, no create or delete: the same two objects, changed.
    expect((await mutating()).map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      `PATCH /v2/account/webhooks/${webhookId}`,
      `PATCH /v2/transactional/${transactionalId}`,
    ]);
    expect([up.outputs.transactionalId?.value, up.outputs.webhookId?.value]).toEqual([
      transactionalId,
      webhookId,
    ]);
    const state = await emu.state();
    expect(ours(state.transactional, SEEDED_TRANSACTIONAL).map((t: any) => [t.id, t.subject])).toEqual([
      [transactionalId, "Reset your password now"],
    ]);
    expect(state.webhooks.map((w: any) => [w.id, w.url, w.topic, w.group])).toEqual([
      [webhookId, MOVED_HOOK, "groups/new-subscriber", "grp001"],
    ]);
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
  });

  test("a webhook changed behind the stack's back is found by refresh, and up puts both back in place", async () => {
    const outputs = await h.stack.outputs();
    const webhookId = outputs.webhookId!.value as string;
    const patched = await emu.api("PATCH", `account/webhooks/${webhookId}`, { url: STRAY_HOOK });
    expect(patched.status).toBe(200);
    const refreshError = await failure(() =>
      h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput }),
    );
    expect(refreshError).toContain("no changes were expected for refresh but changes were proposed");
    await h.stack.refresh({ onOutput: h.onOutput });
    const resources = JSON.parse(await h.exportState()).deployment.resources;
    const webhook = resources.find((r: any) => r.id === webhookId);
    expect([webhook.inputs.url, webhook.outputs.url]).toEqual([STRAY_HOOK, STRAY_HOOK]);

    await h.stack.removeConfig("resetSubject");
    await h.stack.removeConfig("hookUrl");
    const up = await h.stack.up({ onOutput: h.onOutput });
    expect(up.summary.resourceChanges).toEqual({ update: 2, same: 7 });
    const state = await emu.state();
    expect(ours(state.transactional, SEEDED_TRANSACTIONAL).map((t: any) => [t.id, t.subject])).toEqual([
      [outputs.transactionalId!.value, "Reset your password"],
    ]);
    expect(state.webhooks.map((w: any) => [w.id, w.url])).toEqual([[webhookId, ORIGINAL_HOOK]]);
    const refresh = await h.stack.refresh({ expectNoChanges: true, onOutput: h.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
  });

  test("a change to a sent campaign is refused in preview, with the reason", async () => {
    const id = (await h.stack.outputs()).campaignId!.value as string;
    const sent = await emu.api("POST", `campaigns/${id}/send`);
    expect(sent.status).toBe(200);
    await h.stack.setConfig("subject", { value: "A new subject after sending" });
    await emu.clearRequests();
    const error = await failure(() => h.stack.preview({ onOutput: h.onOutput }));
    expect(error).toContain(`Campaign ${id} has already been sent`);
    expect(await mutating()).toEqual([]);
    await h.stack.removeConfig("subject");
  });

  test("destroy leaves no object of the stack but the sent campaign, kept with one warning line", async () => {
    const id = (await h.stack.outputs()).campaignId!.value as string;
    const mark = h.output.length;
    const destroy = await h.stack.destroy({ onOutput: h.onOutput });
    expect(destroy.summary.result).toBe("succeeded");
    const state = await emu.state();
    // Sent in the test above: its reports are the team's record (docs/safety.md, deleteEvenIfSent).
    expect(ours(state.campaigns, SEEDED_CAMPAIGNS).map((c: any) => [c.id, c.status])).toEqual([[id, "SENT"]]);
    expect(h.output.slice(mark).join("")).toContain(
      `(id ${id}) has been sent (status SENT), so it was kept in Sender and only removed from the stack.`,
    );
    expect(state.webhooks).toEqual([]);
    // The API cannot delete a transactional campaign: the service keeps it, as documented.
    expect(ours(state.transactional, SEEDED_TRANSACTIONAL).map((t: any) => t.subject)).toEqual([
      "Reset your password",
    ]);
  });

  test("neither the exported state nor the engine's output contains the token", async () => {
    const exported = await h.exportState();
    expect(exported.includes(TOKEN)).toBe(false);
    expect(h.output.join("").includes(TOKEN)).toBe(false);
    expect(h.output.length).toBeGreaterThan(10);
    expect(JSON.stringify(await emu.requests()).includes(TOKEN)).toBe(false);
  });
});
