import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { problemText, SenderClient, SenderResponseValidationError } from "../../../provider/client";
import { type CannedServer, startCannedServer } from "./helpers/canned-server";
import * as f from "./helpers/fixtures";

/** The answers the real service gives where our contract once said otherwise. */
let server: CannedServer;
let client: SenderClient;

beforeAll(async () => {
  server = await startCannedServer();
  client = new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, retry: { maxAttempts: 1 } });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

describe("the tolerant reader in the client", () => {
  it.each([
    ["deleteWebhook", (c: SenderClient) => c.deleteWebhook("whk001")],
    ["deleteCampaigns", (c: SenderClient) => c.deleteCampaigns(["b6gXkQ"])],
    ["unscheduleCampaign", (c: SenderClient) => c.unscheduleCampaign("b6gXkQ")],
  ])("%s reads a 204 with no body as success", async (_name, call) => {
    server.handle(() => ({ status: 204, raw: "" }));
    expect(await call(client)).toEqual({ success: true, message: "" });
  });

  it("reads an ack whose message is an object, keeping it as JSON text", async () => {
    server.handle(() => ({ body: { success: true, message: { subscribers_added_to_group: ["sub001"] } } }));
    expect(await client.setTags("b6gXkQ", ["tag001"])).toEqual({
      success: true,
      message: '{"subscribers_added_to_group":["sub001"]}',
    });
  });

  it("renameGroup reads the group back when the rename answers {success, message} only", async () => {
    server.handle((request) =>
      request.method === "PATCH"
        ? { body: { success: true, message: "Group successfully updated" } }
        : { body: { data: { ...f.group, title: "Renamed" } } },
    );
    expect(await client.renameGroup("dJKq5K", { title: "Renamed" })).toEqual({
      ...f.group,
      title: "Renamed",
    });
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "PATCH /v2/groups/dJKq5K",
      "GET /v2/groups/dJKq5K",
    ]);
    expect(server.requests[0]?.body).toEqual({ title: "Renamed" });
  });

  it("renameGroup takes the group from the rename's answer when it holds one, in one request", async () => {
    server.handle(() => ({ body: { success: true, message: "ok", data: { ...f.group, title: "Renamed" } } }));
    expect((await client.renameGroup("dJKq5K", { title: "Renamed" })).title).toBe("Renamed");
    expect(server.requests).toHaveLength(1);
  });

  it("still refuses a 2xx whose body is not JSON where a record is due", async () => {
    server.handle(() => ({ status: 200, raw: "" }));
    const error = await client.getCampaign("b6gXkQ").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SenderResponseValidationError);
    expect((error as Error).message).toBe(
      "GET /v2/campaigns/b6gXkQ answered 200 with an unexpected body: (body): Invalid input: expected object, received undefined",
    );
  });

  it("reads the errors answer as lists of objects with a title, or of strings", async () => {
    server.handle(() => ({
      body: {
        errors: [{ title: "Add recipients" }, "No content"],
        warnings: [{ title: "No preheader", level: 2 }],
      },
    }));
    const answer = await client.getCampaignErrors("b6gXkQ");
    expect(answer.errors?.map(problemText)).toEqual(["Add recipients", "No content"]);
    expect(answer.warnings).toEqual([{ title: "No preheader", level: 2 }]);
  });

  it("reads a campaign with an unknown status, editor and wizard step as given", async () => {
    server.handle(() => ({
      body: { data: { ...f.campaign, status: "PREPARING", editor: "dragdrop", last_action: "step9" } },
    }));
    expect(await client.getCampaign("b6gXkQ")).toMatchObject({
      status: "PREPARING",
      editor: "dragdrop",
      last_action: "step9",
    });
  });

  it("reads a transactional list without has_more_resources", async () => {
    server.handle(() => ({ body: f.page([f.transactional]) }));
    const page = await client.listTransactional();
    expect(page.has_more_resources).toBeUndefined();
    expect(page.data.map((t) => t.id)).toEqual(["trn001"]);
  });

  it("reads a webhook without a group key, with a numeric id", async () => {
    const { group: _, ...withoutGroup } = f.webhook;
    server.handle(() => ({
      status: 201,
      body: { data: { ...withoutGroup, id: 42, topic: "subscribers/new" } },
    }));
    const webhook = await client.createWebhook({ url: "https://hooks.example/in", topic: "subscribers/new" });
    expect(webhook.id).toBe("42");
    expect(webhook.group).toBeUndefined();
  });
});
