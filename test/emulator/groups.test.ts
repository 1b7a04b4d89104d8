import { describe, expect, test } from "vitest";
import { ack, START_TS, testEmulator } from "./helpers";

/** A seeded group as answered: grp001 holds sub001..sub020 (all active). */
const MAIN_LIST = {
  id: "grp001",
  title: "Main list",
  recipient_count: 20,
  active_subscribers: 20,
  unsubscribed_count: 0,
  bounced_count: 0,
  phone_count: 20,
  active_phone_count: 20,
  account_id: "acc001",
  user_id: "usr001",
  created: "2026-01-02 09:00:00",
  modified: null,
};

describe("groups", () => {
  test("lists the seeded groups, paged, with their counts", async () => {
    const emu = testEmulator();
    const page = await emu.call("GET", "/v2/groups?limit=1");
    expect(page.status).toBe(200);
    expect(page.body.data).toEqual([MAIN_LIST]);
    expect(page.body.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    const second = await emu.call("GET", "/v2/groups?limit=1&page=2");
    // grp002 holds every fourth subscriber: 4, 8, 12, 16, 20, 24 (24 unsubscribed).
    expect(second.body.data).toEqual([
      {
        ...MAIN_LIST,
        id: "grp002",
        title: "Beta testers",
        recipient_count: 6,
        active_subscribers: 5,
        unsubscribed_count: 1,
        phone_count: 6,
        active_phone_count: 5,
      },
    ]);
    expect((await emu.call("GET", "/v2/groups?limit=101")).status).toBe(422);
  });

  test("creates, reads, renames and deletes a group; the request log records each", async () => {
    const emu = testEmulator();
    const made = await emu.call("POST", "/v2/groups", { title: "Early birds" });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    expect(made.body).toEqual({
      success: true,
      message: "Group successfully created",
      data: {
        ...MAIN_LIST,
        id,
        title: "Early birds",
        recipient_count: 0,
        active_subscribers: 0,
        phone_count: 0,
        active_phone_count: 0,
        created: START_TS,
        modified: START_TS,
      },
    });
    expect((await emu.call("GET", `/v2/groups/${id}`)).body.data.title).toBe("Early birds");
    emu.advance(60_000);
    const renamed = await emu.call("PATCH", `/v2/groups/${id}`, { title: "Night owls" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id, title: "Night owls", modified: "2026-03-18 13:02:30" });
    expect(await emu.call("DELETE", `/v2/groups/${id}`)).toMatchObject({
      status: 200,
      body: ack("Group successfully deleted"),
    });
    expect(await emu.call("GET", `/v2/groups/${id}`)).toMatchObject({
      status: 404,
      body: { message: `Group ${id} not found.` },
    });
    expect((await emu.call("GET", "/v2/groups")).body.data.map((group: any) => group.id)).toEqual([
      "grp001",
      "grp002",
    ]);
    const log = (await emu.call("GET", "/__emulator/requests", undefined, { token: null })).body;
    expect(
      log.requests
        .filter((entry: any) => entry.path.startsWith("/v2/groups/") || entry.path === "/v2/groups")
        .map((entry: any) => `${entry.method} ${entry.status}`),
    ).toEqual(["POST 201", "GET 200", "PATCH 200", "DELETE 200", "GET 404", "GET 200"]);
  });

  test("answers 422 on title and 404 on an unknown group", async () => {
    const emu = testEmulator();
    expect(await emu.call("POST", "/v2/groups", {})).toMatchObject({
      status: 422,
      body: { message: "The given data was invalid.", errors: { title: ["The title field is required."] } },
    });
    expect((await emu.call("POST", "/v2/groups", { title: "x".repeat(256) })).body.errors).toEqual({
      title: ["The title may not be greater than 255 characters."],
    });
    expect((await emu.call("PATCH", "/v2/groups/grp001", { title: 7 })).status).toBe(422);
    expect((await emu.call("PATCH", "/v2/groups/nope01", { title: "x" })).status).toBe(404);
    expect((await emu.call("DELETE", "/v2/groups/nope01")).status).toBe(404);
  });

  test("a new group can be a campaign's and a webhook's; deleting it leaves the campaign's groups", async () => {
    const emu = testEmulator();
    const id = (await emu.call("POST", "/v2/groups", { title: "Early birds" })).body.data.id;
    const campaign = await emu.createCampaign({ groups: ["grp002", id] });
    const hook = await emu.call("POST", "/v2/account/webhooks", {
      url: "https://hooks.example/a",
      topic: "groups/new-subscriber",
      relation_id: id,
    });
    expect(hook.status).toBe(201);
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}/groups`)).body.data).toEqual([
      { id: "grp002", title: "Beta testers" },
      { id, title: "Early birds" },
    ]);
    await emu.call("DELETE", `/v2/groups/${id}`);
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}/groups`)).body.data).toEqual([
      { id: "grp002", title: "Beta testers" },
    ]);
    expect((await emu.call("GET", `/v2/account/webhooks/${hook.body.id}`)).body.group).toBe(id);
    const refused = await emu.call("POST", "/v2/campaigns", {
      subject: "s",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
      groups: ["grp001", id],
    });
    expect(refused).toMatchObject({
      status: 422,
      body: { errors: { "groups.1": ["The selected groups.1 is invalid."] } },
    });
  });

  test("answers faults on group routes as on any other", async () => {
    const emu = testEmulator();
    const rule = await emu.call(
      "POST",
      "/__emulator/faults",
      { rules: [{ method: "POST", path: "^/v2/groups$", kind: "status", status: 503, count: 1 }] },
      { token: null },
    );
    expect(rule.status).toBe(200);
    expect((await emu.call("POST", "/v2/groups", { title: "A" })).status).toBe(503);
    expect((await emu.call("GET", "/v2/groups")).body.data).toHaveLength(2);
    expect((await emu.call("POST", "/v2/groups", { title: "A" })).status).toBe(201);
  });

  test("keeps a state file no group request touched free of groups", async () => {
    const emu = testEmulator();
    await emu.call("GET", "/v2/groups");
    expect(emu.store.data.groups).toBeUndefined();
    await emu.call("POST", "/v2/groups", { title: "A" });
    expect(emu.store.data.groups?.map((group) => group.title)).toEqual(["Main list", "Beta testers", "A"]);
  });
});

describe("fields", () => {
  test("lists the seeded fields, paged", async () => {
    const emu = testEmulator();
    const page = await emu.call("GET", "/v2/fields?limit=2&page=1");
    expect(page.body.data).toEqual([
      {
        id: "col001",
        title: "Email",
        type: "text",
        field_name: "{$email}",
        default: true,
        position: 1,
        show: 1,
        created: "2026-01-02 09:00:00",
        modified: null,
      },
      expect.objectContaining({ id: "col002", title: "First name", field_name: "{$firstname}" }),
    ]);
    expect(page.body.meta).toMatchObject({ last_page: 3, total: 6 });
  });
});
