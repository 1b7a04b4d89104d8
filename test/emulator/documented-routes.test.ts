import { describe, expect, test } from "vitest";
import { START_TS, testEmulator } from "./helpers";

/** The routes Sender documents that the seed lacks: transactional update, webhook read and update. */
describe("PATCH /v2/transactional/{id}", () => {
  test("changes the given fields in place and answers the full record, without counters", async () => {
    const emu = testEmulator();
    emu.advance(60_000);
    const answer = await emu.call("PATCH", "/v2/transactional/trn001", {
      subject: "Your new receipt",
      preheader: "Thanks again",
      content: "ignored: the docs list no content",
    });
    expect(answer.status).toBe(200);
    const before = (await emu.state()).transactional.find((t: any) => t.id === "trn001");
    const { bounced: _b, unsubscribeCount: _u, opens: _o, clicks: _c, sent: _s, ...view } = before;
    expect(answer.body).toEqual({ data: view });
    expect(before).toMatchObject({
      subject: "Your new receipt",
      preheader: "Thanks again",
      modified: "2026-03-18 13:02:30",
    });
    expect(before.content).not.toBe("ignored: the docs list no content");
  });

  test("answers 404 for an unknown id and 422 naming the field for a bad body", async () => {
    const emu = testEmulator();
    expect((await emu.call("PATCH", "/v2/transactional/nope01", { subject: "x" })).status).toBe(404);
    const bad = await emu.call("PATCH", "/v2/transactional/trn001", {
      reply_to: "a@unverified.example",
      editor: "builder",
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      message: "The given data was invalid.",
      errors: { reply_to: ["The reply to must be an address on a verified domain."] },
    });
  });
});

describe("webhook list, read and update", () => {
  const create = async (emu: ReturnType<typeof testEmulator>, body: Record<string, unknown>) => {
    const answer = await emu.call("POST", "/v2/account/webhooks", body);
    expect(answer.status).toBe(201);
    return answer.body;
  };

  test("lists the webhooks and reads one, bare", async () => {
    const emu = testEmulator();
    const one = await create(emu, { url: "https://hooks.example/a", topic: "subscribers/new" });
    const two = await create(emu, {
      url: "https://hooks.example/b",
      topic: "groups/unsubscribed",
      relation_id: "grp002",
    });
    expect((await emu.call("GET", "/v2/account/webhooks")).body).toEqual([one, two]);
    expect((await emu.call("GET", `/v2/account/webhooks/${two.id}`)).body).toEqual(two);
    expect((await emu.call("GET", "/v2/account/webhooks/nope01")).status).toBe(404);
  });

  test("updates url, topic and group in place; the group rule applies to the resulting topic", async () => {
    const emu = testEmulator();
    const hook = await create(emu, { url: "https://hooks.example/a", topic: "subscribers/new" });
    const needsGroup = await emu.call("PATCH", `/v2/account/webhooks/${hook.id}`, {
      topic: "groups/new-subscriber",
    });
    expect(needsGroup.status).toBe(422);
    expect(needsGroup.body.errors).toEqual({
      relation_id: ["The relation id field is required when topic is groups/new-subscriber."],
    });
    const moved = await emu.call("PATCH", `/v2/account/webhooks/${hook.id}`, {
      url: "https://hooks.example/moved",
      topic: "groups/new-subscriber",
      relation_id: "grp001",
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({
      ...hook,
      url: "https://hooks.example/moved",
      topic: "groups/new-subscriber",
      group: "grp001",
    });
    const back = await emu.call("PATCH", `/v2/account/webhooks/${hook.id}`, { topic: "campaigns/new" });
    expect(back.body).toMatchObject({ topic: "campaigns/new", group: null });
    expect(
      (await emu.call("PATCH", `/v2/account/webhooks/${hook.id}`, { url: "http://plain.example" })).status,
    ).toBe(422);
  });
});

describe("request types as the seed gives them", () => {
  test("google_analytics is a number: 0/1 accepted, a boolean refused naming the field", async () => {
    const emu = testEmulator();
    const draft = await emu.createCampaign({ google_analytics: 1 });
    expect(draft.google_analytics).toBe(1);
    const refused = await emu.call("PATCH", `/v2/campaigns/${draft.id}`, { google_analytics: false });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: "The given data was invalid.",
      errors: { google_analytics: ["The google analytics must be an integer."] },
    });
    expect((await emu.call("PATCH", `/v2/campaigns/${draft.id}`, { google_analytics: 0 })).status).toBe(200);
    expect((await emu.call("GET", `/v2/campaigns/${draft.id}`)).body.data.google_analytics).toBe(0);
  });

  test('clears text with "" (read back as null), as Laravel converts empty strings', async () => {
    const emu = testEmulator();
    const draft = await emu.createCampaign({ preheader: "Soon", title: "Named" });
    expect((await emu.call("PATCH", `/v2/campaigns/${draft.id}`, { preheader: "", title: "" })).status).toBe(
      200,
    );
    const read = (await emu.call("GET", `/v2/campaigns/${draft.id}`)).body.data;
    expect([read.preheader, read.title, read.modified]).toEqual([null, null, START_TS]);
  });
});
