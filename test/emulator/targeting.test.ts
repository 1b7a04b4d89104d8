import { describe, expect, test } from "vitest";
import { ack, testEmulator } from "./helpers";

const tag = (id: string, name: string) => ({ id, name });

describe("targeting", () => {
  test("should set, add, read and remove tags and recount the audience", async () => {
    const emu = testEmulator();
    const { id } = await emu.createCampaign();
    const base = `/v2/campaigns/${id}`;
    expect(
      await emu.call("POST", `${base}/tags/set`, { tags_arr: ["tag003", "tag003", "tag004"] }),
    ).toMatchObject({
      status: 200,
      body: ack("Tags set."),
    });
    expect((await emu.call("GET", `${base}/tags`)).body).toEqual({
      data: [tag("tag003", "VIP"), tag("tag004", "Churned")],
    });
    // VIP: 5, 10, 15, 20; Churned: 22, 23 (24 and 25 are unsubscribed).
    expect((await emu.call("GET", base)).body.data.recipient_count).toBe(6);
    expect(await emu.call("GET", `${base}/tags/tag003`)).toMatchObject({
      status: 200,
      body: { data: tag("tag003", "VIP") },
    });
    expect(await emu.call("GET", `${base}/tags/tag001`)).toMatchObject({
      status: 404,
      body: { message: "Tag tag001 not found." },
    });
    expect(await emu.call("POST", `${base}/tags/tag001`)).toMatchObject({
      status: 200,
      body: ack("Tag added."),
    });
    expect(await emu.call("DELETE", `${base}/tags/tag004`)).toMatchObject({
      status: 200,
      body: ack("Tag removed."),
    });
    expect((await emu.call("GET", `${base}/tags`)).body.data).toEqual([
      tag("tag003", "VIP"),
      tag("tag001", "Customers"),
    ]);
    expect(await emu.call("POST", `${base}/tags/tag999`)).toMatchObject({
      status: 404,
      body: { message: "Tag tag999 not found." },
    });
    // tags_arr is optional: no body clears the included tags.
    await emu.call("POST", `${base}/tags/set`);
    expect((await emu.call("GET", `${base}/tags`)).body).toEqual({ data: [] });
  });

  test("should exclude tags, which wins over inclusion", async () => {
    const emu = testEmulator();
    const { id } = await emu.createCampaign({ groups: ["grp001"] });
    const base = `/v2/campaigns/${id}`;
    expect(await emu.call("POST", `${base}/exclude_tags/tag003`)).toMatchObject({
      status: 200,
      body: ack("Tag excluded."),
    });
    expect((await emu.call("GET", `${base}/exclude_tags`)).body).toEqual({ data: [tag("tag003", "VIP")] });
    // grp001 is 1..20, minus VIP 5, 10, 15, 20.
    expect((await emu.call("GET", base)).body.data.recipient_count).toBe(16);
    expect(await emu.call("DELETE", `${base}/exclude_tags/tag003`)).toMatchObject({
      status: 200,
      body: ack("Tag no longer excluded."),
    });
    expect((await emu.call("GET", base)).body.data.recipient_count).toBe(20);
  });

  test("should add, set, read and clear filters and excluded filters", async () => {
    const emu = testEmulator();
    const { id } = await emu.createCampaign();
    const base = `/v2/campaigns/${id}`;
    expect(await emu.call("POST", `${base}/filters`, { filter_id: "flt003" })).toMatchObject({
      status: 200,
      body: ack("Filter added."),
    });
    expect((await emu.call("GET", `${base}/filters/flt003`)).body).toEqual({
      data: tag("flt003", "Inactive"),
    });
    expect(await emu.call("GET", `${base}/filters/flt001`)).toMatchObject({
      status: 404,
      body: { message: "Filter flt001 not found." },
    });
    expect(
      await emu.call("POST", `${base}/filters/set`, { filters_arr: ["flt001", "flt002"] }),
    ).toMatchObject({
      status: 200,
      body: ack("Filters set."),
    });
    expect((await emu.call("GET", `${base}/filters`)).body.data).toEqual([
      tag("flt001", "Opened last 30 days"),
      tag("flt002", "Bought twice"),
    ]);
    expect(await emu.call("POST", `${base}/exclude_filters`, { filters_arr: ["flt003"] })).toMatchObject({
      status: 200,
      body: ack("Excluded filters set."),
    });
    expect((await emu.call("GET", `${base}/exclude_filters`)).body).toEqual({
      data: [tag("flt003", "Inactive")],
    });
    // flt001: 3,6,...,21 (7); flt002: 2,4,...,12 (6, 6 and 12 shared); minus flt003 (21+): 3,6,9,12,15,18,2,4,8,10.
    expect((await emu.call("GET", base)).body.data.recipient_count).toBe(10);
    expect(await emu.call("DELETE", `${base}/exclude_filters`)).toMatchObject({
      status: 200,
      body: ack("Excluded filters removed."),
    });
    expect(await emu.call("DELETE", `${base}/filters`)).toMatchObject({
      status: 200,
      body: ack("Filters removed."),
    });
    const state = await emu.state();
    expect(state.targeting[id]).toEqual({ tags: [], exclude_tags: [], filters: [], exclude_filters: [] });
  });
});

describe("attachments", () => {
  test("should attach from a URL and from base64, list, and delete", async () => {
    const emu = testEmulator();
    const { id } = await emu.createCampaign();
    const base = `/v2/campaigns/${id}/attachments`;
    const fromUrl = await emu.call("POST", base, {
      file: "https://files.example.com/docs/price%20list.pdf?v=2",
    });
    expect(fromUrl.status).toBe(200);
    expect(fromUrl.body).toEqual({
      success: true,
      message: "Attachment added.",
      data: {
        file_name: "price list.pdf",
        url: `https://cdn.emulator.sender.test/attachments/${id}/price%20list.pdf`,
        size: fromUrl.body.data.size,
      },
    });
    const fromData = await emu.call("POST", base, { file: "base64://aGVsbG8=", file_name: "logo.png" });
    expect(fromData.body.data).toEqual({
      file_name: "logo.png",
      url: `https://cdn.emulator.sender.test/attachments/${id}/logo.png`,
      size: 5, // "hello"
    });
    expect(
      (await emu.call("GET", base)).body.data.map((file: { file_name: string }) => file.file_name),
    ).toEqual(["price list.pdf", "logo.png"]);
    expect(await emu.call("DELETE", base, { file_name: "logo.png" })).toMatchObject({
      status: 200,
      body: ack("Attachment deleted."),
    });
    expect(await emu.call("DELETE", base, { file_name: "logo.png" })).toMatchObject({
      status: 404,
      body: { message: "Attachment logo.png not found." },
    });
    expect(await emu.call("POST", "/v2/attachment/delete", { file_name: "price list.pdf" })).toMatchObject({
      status: 200,
      body: ack("Attachment deleted."),
    });
    expect((await emu.call("GET", base)).body).toEqual({ data: [] });
    expect(await emu.call("POST", "/v2/attachment/delete", { file_name: "price list.pdf" })).toMatchObject({
      status: 200,
      body: ack("No attachment named price list.pdf.", false),
    });
  });
});

describe("follow-up", () => {
  test("should set, cancel and delete a follow-up", async () => {
    const emu = testEmulator();
    const { id } = await emu.createCampaign();
    const base = `/v2/campaigns/${id}`;
    expect(await emu.call("POST", `${base}/follow_up`, { subject: "Reminder", time: 72 })).toMatchObject({
      status: 200,
      body: ack("Follow-up saved."),
    });
    expect((await emu.call("GET", base)).body.data).toMatchObject({
      auto_followup_active: 1,
      auto_followup_subject: "Reminder",
      auto_followup_delay: 72,
    });
    expect(await emu.call("POST", `${base}/cancel_followup`)).toMatchObject({
      status: 200,
      body: ack("Follow-up cancelled."),
    });
    expect((await emu.call("GET", base)).body.data).toMatchObject({
      auto_followup_active: 0,
      auto_followup_subject: "Reminder",
      auto_followup_delay: 72,
    });
    expect(await emu.call("DELETE", `${base}/follow_up`)).toMatchObject({
      status: 200,
      body: ack("Follow-up deleted."),
    });
    expect((await emu.call("GET", base)).body.data).toMatchObject({
      auto_followup_active: 0,
      auto_followup_subject: null,
      auto_followup_delay: null,
    });
  });
});
