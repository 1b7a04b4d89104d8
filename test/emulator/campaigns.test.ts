import { describe, expect, test } from "vitest";
import { ack, START_TS, testEmulator, VALID_CAMPAIGN } from "./helpers";

describe("regular campaigns", () => {
  test("should create a DRAFT campaign and answer 201 with the full record", async () => {
    const emu = testEmulator();
    const answer = await emu.call("POST", "/v2/campaigns", {
      ...VALID_CAMPAIGN,
      preheader: "Fresh deals",
      google_analytics: 1,
      auto_followup_subject: "Did you see?",
      auto_followup_delay: "48",
      groups: ["grp002"],
      segments: ["seg1"],
    });
    expect(answer.status).toBe(201);
    const id = answer.body.data.id;
    expect(id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(answer.body).toEqual({
      data: {
        id,
        title: "Spring sale",
        subject: "Spring is here",
        from: "Example News",
        reply_to: "news@example.com",
        preheader: "Fresh deals",
        domain_id: "dom001",
        language: "en",
        // grp002 holds subscribers 4, 8, 12, 16, 20, 24; sub024 is unsubscribed.
        recipient_count: 5,
        sent_count: 0,
        schedule_time: null,
        sent_time: null,
        status: "DRAFT",
        created: START_TS,
        modified: START_TS,
        last_action: "step1",
        editor: "html",
        auto_followup_active: 0,
        auto_followup_subject: "Did you see?",
        auto_followup_delay: 48,
        google_analytics: 1,
        send_to_all: 0,
        opens: 0,
        clicks: 0,
        bounces_count: 0,
        campaign_groups: ["grp002"],
        segments: ["seg1"],
        html: {
          id: `h${id}`,
          thumbnail_url: `https://cdn.emulator.sender.test/thumbnails/${id}.png`,
          has_preview: true,
          has_snapshots: false,
          html_content: VALID_CAMPAIGN.content,
          html_body: VALID_CAMPAIGN.content,
        },
        reports: { spam_percentage: 0, hard_bounce_percentage: 0, unsubscribe_percentage: 0 },
      },
    });
    expect(await emu.call("GET", `/v2/campaigns/${id}`)).toMatchObject({ status: 200, body: answer.body });
  });

  test("should list each campaign with the fields of the docs' list example only, html its id", async () => {
    const emu = testEmulator();
    const [listed] = (await emu.call("GET", "/v2/campaigns")).body.data;
    expect(listed).toEqual({
      id: "snt001",
      subject: "We have launched",
      reply_to: "news@example.com",
      language: "en",
      recipient_count: 23,
      from: "Example News",
      schedule_time: null,
      last_action: "step4",
      sent_time: "2026-01-06 10:00:00",
      status: "SENT",
      created: "2026-01-05 09:00:00",
      modified: "2026-01-06 10:00:00",
      title: "Launch announcement",
      auto_followup_active: 0,
      auto_followup_subject: null,
      auto_followup_delay: null,
      editor: "html",
      opens: 19,
      clicks: 10,
      send_to_all: 1,
      html: { id: "hsnt001" },
    });
  });

  test("should list campaigns newest first in the Laravel envelope, filtered by status", async () => {
    const emu = testEmulator();
    const draft = await emu.createCampaign();
    const all = await emu.call("GET", "/v2/campaigns");
    expect(all.status).toBe(200);
    expect(all.body.data.map((campaign: { id: string }) => campaign.id)).toEqual([draft.id, "snt001"]);
    expect(all.body.links).toEqual({
      first: "http://emulator/v2/campaigns?page=1",
      last: "http://emulator/v2/campaigns?page=1",
      prev: null,
      next: null,
    });
    expect(all.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 1,
      path: "http://emulator/v2/campaigns",
      per_page: 10,
      to: 2,
      total: 2,
      links: [
        { url: null, label: "&laquo; Previous", active: false },
        { url: "http://emulator/v2/campaigns?page=1", label: "1", active: true },
        { url: null, label: "Next &raquo;", active: false },
      ],
    });
    const sent = await emu.call("GET", "/v2/campaigns?status=SENT");
    expect(sent.body.data.map((campaign: { id: string }) => campaign.id)).toEqual(["snt001"]);
    const bad = await emu.call("GET", "/v2/campaigns?status=LOST");
    expect(bad).toMatchObject({
      status: 422,
      body: { errors: { status: ["The selected status is invalid."] } },
    });
  });

  test("should page with limit and keep the other query parameters in the links", async () => {
    const emu = testEmulator();
    await emu.createCampaign();
    await emu.createCampaign();
    const page2 = await emu.call("GET", "/v2/campaigns?limit=1&page=2");
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.links).toEqual({
      first: "http://emulator/v2/campaigns?limit=1&page=1",
      last: "http://emulator/v2/campaigns?limit=1&page=3",
      prev: "http://emulator/v2/campaigns?limit=1&page=1",
      next: "http://emulator/v2/campaigns?limit=1&page=3",
    });
    expect(page2.body.meta).toMatchObject({
      current_page: 2,
      from: 2,
      to: 2,
      last_page: 3,
      per_page: 1,
      total: 3,
    });
    const beyond = await emu.call("GET", "/v2/campaigns?page=9");
    // An empty page: from and to are null.
    expect(beyond.body.meta).toMatchObject({ current_page: 9, from: null, to: null, total: 3 });
    expect(beyond.body.data).toEqual([]);
  });

  test("should answer the prefill data", async () => {
    const emu = testEmulator();
    expect(await emu.call("GET", "/v2/campaigns/prefill")).toMatchObject({
      status: 200,
      body: {
        data: {
          from: "Example News",
          reply_to: "news@example.com",
          domains: [
            { id: "dom001", domain: "example.com", verified: true },
            { id: "dom002", domain: "unverified.example", verified: false },
          ],
        },
      },
    });
  });

  test("should update a draft with PATCH and answer an Ack", async () => {
    const emu = testEmulator();
    const campaign = await emu.createCampaign();
    emu.advance(60_000);
    const answer = await emu.call("PATCH", `/v2/campaigns/${campaign.id}`, {
      subject: "New subject",
      preheader: null,
      content: "plain words",
      content_type: "text",
      auto_followup_active: 1,
      domain_id: "dom001",
    });
    expect(answer).toMatchObject({ status: 200, body: ack("Campaign updated.") });
    const read = (await emu.call("GET", `/v2/campaigns/${campaign.id}`)).body.data;
    expect(read).toMatchObject({
      subject: "New subject",
      preheader: null,
      editor: "text",
      auto_followup_active: 1,
      modified: "2026-03-18 13:02:30",
      created: START_TS,
    });
    expect(read.html).toMatchObject({ html_content: "plain words", html_body: "plain words" });
  });

  test("should delete the campaigns found in ids=[...] and say when none was found", async () => {
    const emu = testEmulator();
    const a = await emu.createCampaign();
    const b = await emu.createCampaign();
    expect(await emu.call("DELETE", `/v2/campaigns?ids=[${a.id},${b.id},nope00]`)).toMatchObject({
      status: 200,
      body: ack("2 campaigns deleted."),
    });
    expect((await emu.call("GET", `/v2/campaigns/${a.id}`)).status).toBe(404);
    expect(await emu.call("DELETE", "/v2/campaigns?ids=[nope00]")).toMatchObject({
      status: 200,
      body: ack("No campaigns found.", false),
    });
    expect(await emu.call("DELETE", "/v2/campaigns?ids=nope00")).toMatchObject({
      status: 422,
      body: { errors: { ids: ["The ids must be a bracketed list such as [id1,id2]."] } },
    });
    expect(await emu.call("DELETE", "/v2/campaigns")).toMatchObject({
      status: 422,
      body: { errors: { ids: ["The ids field is required."] } },
    });
  });

  test("should refuse to send a campaign without recipients", async () => {
    const emu = testEmulator();
    const campaign = await emu.createCampaign();
    expect(await emu.call("POST", `/v2/campaigns/${campaign.id}/send`)).toMatchObject({
      status: 400,
      body: { success: false, message: `Campaign ${campaign.id} has no recipients.` },
    });
  });

  test("should go DRAFT → SENDING → SENT after sendingMs, with seeded activity", async () => {
    const emu = testEmulator({ sendingMs: 10_000 });
    const campaign = await emu.createCampaign();
    await emu.call("POST", `/v2/campaigns/${campaign.id}/tags/tag003`);
    expect(await emu.call("POST", `/v2/campaigns/${campaign.id}/send`)).toMatchObject({
      status: 200,
      body: ack("Campaign is being sent."),
    });
    emu.advance(5_000);
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}/sending_status`)).body).toEqual({
      // tag003 (VIP) holds subscribers 5, 10, 15, 20 (and 25, unsubscribed).
      data: { status: "SENDING", recipient_count: 4, sent_count: 2, progress: 50 },
    });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}/opens`)).body.data).toEqual([]);
    emu.advance(5_000);
    const read = (await emu.call("GET", `/v2/campaigns/${campaign.id}`)).body.data;
    expect(read).toMatchObject({
      status: "SENT",
      sent_time: "2026-03-18 13:01:40",
      sent_count: 4,
      recipient_count: 4,
    });
    // k=0 opens twice and clicks, k=1 opens, k=2 clicks, k=3 opens twice.
    expect(read).toMatchObject({ opens: 4, clicks: 2, bounces_count: 0 });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}/sending_status`)).body).toEqual({
      data: { status: "SENT", recipient_count: 4, sent_count: 4, progress: 100 },
    });
    const report = (await emu.call("GET", `/v2/campaigns/${campaign.id}/report`)).body.data;
    expect(report).toEqual({
      sent: 4,
      delivered: 4,
      opens: 6,
      unique_opens: 4,
      clicks: 2,
      unique_clicks: 2,
      bounces: 0,
      hard_bounces: 0,
      unsubscribes: 0,
      complaints: 0,
      open_rate: 100,
      click_rate: 50,
    });
  });

  test("should schedule, unschedule, and read a passed schedule as SENT", async () => {
    const emu = testEmulator();
    const campaign = await emu.createCampaign({ groups: ["grp001"] });
    const path = `/v2/campaigns/${campaign.id}/schedule`;
    expect(await emu.call("POST", path, { schedule_time: "2026-03-18 14:00:00" })).toMatchObject({
      status: 200,
      body: ack("Campaign scheduled for 2026-03-18 14:00:00."),
    });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}`)).body.data).toMatchObject({
      status: "SCHEDULED",
      schedule_time: "2026-03-18 14:00:00",
    });
    expect(await emu.call("DELETE", path)).toMatchObject({ status: 200, body: ack("Campaign unscheduled.") });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}`)).body.data).toMatchObject({
      status: "DRAFT",
      schedule_time: null,
    });
    expect(await emu.call("DELETE", path)).toMatchObject({
      status: 400,
      body: { success: false, message: `Campaign ${campaign.id} is not scheduled.` },
    });
    await emu.call("POST", path, { schedule_time: "2026-03-18 14:00:00" });
    emu.advance(3_600_000);
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}`)).body.data).toMatchObject({
      status: "SENT",
      sent_time: "2026-03-18 14:00:00",
      sent_count: 20, // grp001 holds subscribers 1..20, all active
    });
  });

  test("should toggle send_to_all, defaulting to true without a body", async () => {
    const emu = testEmulator();
    const campaign = await emu.createCampaign();
    const path = `/v2/campaigns/${campaign.id}/send_to_all`;
    expect(await emu.call("PATCH", path)).toMatchObject({
      status: 200,
      body: ack("Campaign will be sent to all subscribers."),
    });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}`)).body.data).toMatchObject({
      send_to_all: 1,
      recipient_count: 23,
    });
    await emu.call("PATCH", path, { send_to_all: false });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}`)).body.data).toMatchObject({
      send_to_all: 0,
      recipient_count: 0,
    });
  });

  test("should copy a campaign into a new DRAFT titled '<title> (copy)'", async () => {
    const emu = testEmulator();
    expect(await emu.call("POST", "/v2/campaigns/snt001/copy")).toMatchObject({
      status: 200,
      body: ack("Campaign copied."),
    });
    const list = (await emu.call("GET", "/v2/campaigns")).body.data;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      title: "Launch announcement (copy)",
      status: "DRAFT",
      send_to_all: 1,
      recipient_count: 23,
      sent_time: null,
      opens: 0,
    });
    // The list leaves `sent_count` out (the docs' list example): the copy's own read has it.
    expect((await emu.call("GET", `/v2/campaigns/${list[0].id}`)).body.data).toMatchObject({ sent_count: 0 });
  });

  test("should set last_action", async () => {
    const emu = testEmulator();
    const campaign = await emu.createCampaign();
    expect(
      await emu.call("POST", `/v2/campaigns/${campaign.id}/last_action`, { last_action: "step3" }),
    ).toMatchObject({ status: 200, body: ack("Last action updated.") });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}`)).body.data.last_action).toBe("step3");
  });

  test("should answer previews, pdf and share links", async () => {
    const emu = testEmulator();
    const campaign = await emu.createCampaign();
    const base = `/v2/campaigns/${campaign.id}`;
    expect((await emu.call("GET", `${base}/preview`)).body).toEqual({
      data: { html: `<!DOCTYPE html><html><body>${VALID_CAMPAIGN.content}</body></html>` },
    });
    expect((await emu.call("GET", `${base}/plain_preview`)).body).toEqual({ data: { text: "Hello sale" } });
    expect((await emu.call("GET", `${base}/pdf`)).body).toEqual({
      data: { url: `https://cdn.emulator.sender.test/campaigns/${campaign.id}.pdf` },
    });
    expect((await emu.call("GET", `${base}/share`)).body).toEqual({
      data: { url: `https://cdn.emulator.sender.test/share/${campaign.id}` },
    });
  });

  test("should send a test email to a valid address", async () => {
    const emu = testEmulator();
    expect(
      await emu.call("POST", "/v2/campaigns/snt001/send_test_email", { address: "qa@example.org" }),
    ).toMatchObject({ status: 200, body: ack("Test email sent to qa@example.org.") });
  });

  test("should record each test email as a message of the campaign, a repeat as one more", async () => {
    const emu = testEmulator();
    const campaign = await emu.createCampaign({ subject: "Proof me", content: "<p>Proof</p>" });
    for (const address of ["qa@example.org", "qa@example.org"]) {
      await emu.call("POST", `/v2/campaigns/${campaign.id}/send_test_email`, { address });
    }
    const messages = (await emu.state()).messages;
    expect(messages.map((m: any) => [m.proofOf, m.to.email, m.subject, m.html])).toEqual([
      [campaign.id, "qa@example.org", "Proof me", "<p>Proof</p>"],
      [campaign.id, "qa@example.org", "Proof me", "<p>Proof</p>"],
    ]);
  });

  test("should explain why a campaign cannot be sent yet, without a data wrapper", async () => {
    const emu = testEmulator();
    const campaign = await emu.createCampaign({ content: null });
    expect((await emu.call("GET", `/v2/campaigns/${campaign.id}/errors`)).body).toEqual({
      errors: ["The campaign has no recipients.", "The campaign has no content."],
      warnings: ["The campaign has no preheader."],
    });
    expect((await emu.call("GET", "/v2/campaigns/snt001/errors")).body).toEqual({ errors: [], warnings: [] });
  });
});

describe("a SENT campaign is frozen", () => {
  // Each row: a change that must be refused with 400 once the campaign is SENT.
  test.each([
    ["PATCH", "", { subject: "x" }, "edited"],
    ["POST", "/send", undefined, "sent again"],
    ["POST", "/schedule", { schedule_time: "2026-12-01 10:00:00" }, "scheduled"],
    ["PATCH", "/send_to_all", { send_to_all: true }, "retargeted"],
    ["POST", "/last_action", { last_action: "step1" }, "edited"],
    ["POST", "/attachments", { file: "https://example.com/a.pdf" }, "given attachments"],
    ["POST", "/follow_up", { subject: "x", time: 24 }, "given a follow-up"],
    ["POST", "/tags/set", { tags_arr: ["tag001"] }, "retargeted"],
    ["POST", "/tags/tag001", undefined, "retargeted"],
    ["DELETE", "/tags/tag001", undefined, "retargeted"],
    ["POST", "/exclude_tags/tag001", undefined, "retargeted"],
    ["DELETE", "/exclude_tags/tag001", undefined, "retargeted"],
    ["POST", "/filters", { filter_id: "flt001" }, "retargeted"],
    ["DELETE", "/filters", undefined, "retargeted"],
    ["POST", "/filters/set", { filters_arr: ["flt001"] }, "retargeted"],
    ["POST", "/exclude_filters", { filters_arr: ["flt001"] }, "retargeted"],
    ["DELETE", "/exclude_filters", undefined, "retargeted"],
  ])("should answer 400 to %s /campaigns/snt001%s", async (method, suffix, body, verb) => {
    const emu = testEmulator();
    const before = await emu.state();
    expect(await emu.call(method, `/v2/campaigns/snt001${suffix}`, body)).toMatchObject({
      status: 400,
      body: { success: false, message: `Campaign snt001 has already been sent; it cannot be ${verb}.` },
    });
    expect(await emu.state()).toEqual(before);
  });

  test("should answer 400 while SENDING", async () => {
    const emu = testEmulator({ sendingMs: 60_000 });
    const campaign = await emu.createCampaign({ groups: ["grp002"] });
    await emu.call("POST", `/v2/campaigns/${campaign.id}/send`);
    expect(await emu.call("PATCH", `/v2/campaigns/${campaign.id}`, { subject: "x" })).toMatchObject({
      status: 400,
      body: { success: false, message: `Campaign ${campaign.id} is being sent; it cannot be edited.` },
    });
  });
});

describe("unknown ids", () => {
  // Every campaign route answers 404 with the same body for an unknown campaign.
  test.each([
    ["GET", ""],
    ["PATCH", ""],
    ["POST", "/send"],
    ["GET", "/sending_status"],
    ["POST", "/schedule"],
    ["DELETE", "/schedule"],
    ["PATCH", "/send_to_all"],
    ["POST", "/copy"],
    ["POST", "/last_action"],
    ["GET", "/preview"],
    ["GET", "/plain_preview"],
    ["GET", "/pdf"],
    ["GET", "/share"],
    ["POST", "/send_test_email"],
    ["GET", "/errors"],
    ["GET", "/links"],
    ["GET", "/link_clicks/lnk001"],
    ["GET", "/groups"],
    ["GET", "/subscribers"],
    ["GET", "/events"],
    ["GET", "/opens"],
    ["GET", "/clicks"],
    ["GET", "/bounces"],
    ["GET", "/unsubscribes"],
    ["GET", "/complaints"],
    ["GET", "/unopens"],
    ["GET", "/report"],
    ["GET", "/opens/export"],
    ["GET", "/hard_bounces"],
    ["GET", "/attachments"],
    ["POST", "/attachments"],
    ["DELETE", "/attachments"],
    ["POST", "/follow_up"],
    ["DELETE", "/follow_up"],
    ["POST", "/cancel_followup"],
    ["GET", "/tags"],
    ["POST", "/tags/set"],
    ["GET", "/tags/tag001"],
    ["GET", "/exclude_tags"],
    ["GET", "/filters"],
    ["GET", "/filters/flt001"],
    ["GET", "/exclude_filters"],
  ])("should answer 404 to %s /campaigns/nope00%s", async (method, suffix) => {
    const emu = testEmulator();
    const body = method === "GET" ? undefined : {};
    expect(await emu.call(method, `/v2/campaigns/nope00${suffix}`, body)).toMatchObject({
      status: 404,
      body: { message: "Campaign nope00 not found." },
    });
  });

  test("should answer 404 with the route for an unknown path", async () => {
    const emu = testEmulator();
    expect(await emu.call("GET", "/v2/nothing/here")).toMatchObject({
      status: 404,
      body: { message: "The route v2/nothing/here could not be found." },
    });
  });
});
