import { describe, expect, test } from "vitest";
import { EXTRA_FIELDS, VARIANCE_CAMPAIGN_ID, VARIANCE_STATUS } from "../../emulator/variance";
import { testEmulator } from "./helpers";

const admin = { token: null } as const;

describe("variance mode", () => {
  test("is off by default and switched by the admin route", async () => {
    const emu = testEmulator();
    expect((await emu.call("GET", "/__emulator/variance", undefined, admin)).body).toEqual({
      enabled: false,
    });
    const on = await emu.call("PUT", "/__emulator/variance", { enabled: true }, admin);
    expect(on.body).toEqual({ enabled: true });
    expect(emu.variance.enabled).toBe(true);
    const bad = await emu.call("PUT", "/__emulator/variance", { enabled: "yes" }, admin);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ enabled: ["The enabled field must be true or false."] });
  });

  test("campaign records: nulls for fields no resource reads, extra fields, the rest as stored", async () => {
    const emu = testEmulator({ variance: true });
    const created = await emu.call("POST", "/v2/campaigns", {
      subject: "Varied",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
      preheader: "Kept",
      google_analytics: 1,
    });
    expect(created.status).toBe(201);
    const stored = (await emu.state()).campaigns.find((c: any) => c.id === created.body.data.id);
    expect(created.body.data).toEqual({
      ...stored,
      ...EXTRA_FIELDS,
      sent_count: null,
      reports: null,
      bounces_count: null,
      language: null,
      opens: null,
      clicks: null,
      html: { ...stored.html, thumbnail_url: null, html_body: null },
    });
    expect(created.body.data.preheader).toBe("Kept");
    expect(created.body.data.google_analytics).toBe(1);
  });

  test("seeds one unmanaged campaign with an unknown status, listed and readable", async () => {
    const emu = testEmulator({ variance: true });
    const list = await emu.call("GET", "/v2/campaigns?limit=100");
    expect(list.body.data.map((c: any) => [c.id, c.status])).toContainEqual([
      VARIANCE_CAMPAIGN_ID,
      VARIANCE_STATUS,
    ]);
    expect(list.body.meta.links).toBeUndefined();
    expect(list.body.x_variance_note).toBe("extra field");
    const one = await emu.call("GET", `/v2/campaigns/${VARIANCE_CAMPAIGN_ID}`);
    expect(one.body.data.status).toBe("PREPARING");
  });

  test("transactional records lack preheader and content, lists lack has_more_resources", async () => {
    const emu = testEmulator({ variance: true });
    const one = (await emu.call("GET", "/v2/transactional/trn001")).body.data;
    expect("preheader" in one || "content" in one).toBe(false);
    expect(one.purchaseCount).toBeNull();
    const list = (await emu.call("GET", "/v2/transactional?limit=1")).body;
    expect("has_more_resources" in list).toBe(false);
    expect(list.meta.last_page).toBe(2);
  });

  test("webhooks come wrapped in data, without a group key when they watch none", async () => {
    const emu = testEmulator({ variance: true });
    const created = await emu.call("POST", "/v2/account/webhooks", {
      url: "https://hooks.example/a",
      topic: "subscribers/new",
    });
    expect(created.status).toBe(201);
    const stored = (await emu.state()).webhooks[0];
    const { group: _, ...withoutGroup } = stored;
    expect(created.body).toEqual({ data: { ...withoutGroup, ...EXTRA_FIELDS } });
    expect((await emu.call("GET", "/v2/account/webhooks")).body).toEqual({
      data: [{ ...withoutGroup, ...EXTRA_FIELDS }],
    });
  });

  test("a successful delete answers 204 with no body; acks carry an object message", async () => {
    const emu = testEmulator({ variance: true });
    const hook = (
      await emu.call("POST", "/v2/account/webhooks", { url: "https://hooks.example/a", topic: "bounces/new" })
    ).body.data;
    const deleted = await emu.call("DELETE", `/v2/account/webhooks/${hook.id}`);
    expect([deleted.status, deleted.body]).toEqual([204, null]);
    expect((await emu.state()).webhooks).toEqual([]);
    const missing = await emu.call("DELETE", "/v2/campaigns?ids=[nope01]");
    expect([missing.status, missing.body]).toEqual([200, { success: false, message: "No campaigns found." }]);
    const draft = await emu.createCampaign();
    const scheduled = await emu.call("POST", `/v2/campaigns/${draft.id}/schedule`, {
      schedule_time: "2030-01-01 10:00:00",
    });
    expect(scheduled.body).toEqual({
      success: true,
      message: { text: "Campaign scheduled for 2030-01-01 10:00:00." },
    });
  });

  test("errors are not varied", async () => {
    const emu = testEmulator({ variance: true });
    const answer = await emu.call("GET", "/v2/campaigns/nope01");
    expect([answer.status, answer.body]).toEqual([404, { message: "Campaign nope01 not found." }]);
  });
});
