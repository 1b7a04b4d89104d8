import { describe, expect, test } from "vitest";
import { START_TS, testEmulator } from "./helpers";

describe("transactional campaigns", () => {
  test("should create one with 201, without reply_to and counters, at step1", async () => {
    const emu = testEmulator();
    const answer = await emu.call("POST", "/v2/transactional", {
      title: "Receipt",
      subject: "Your receipt",
      from: "Shop",
      reply_to: "shop@example.com",
      editor: "html",
      content: "<p>Thanks</p>",
    });
    expect(answer.status).toBe(201);
    const id = answer.body.data.id;
    expect(answer.body).toEqual({
      data: {
        id,
        user_id: "usr001",
        account_id: "acc001",
        title: "Receipt",
        subject: "Your receipt",
        from: "Shop",
        domain_id: "dom001",
        created: START_TS,
        modified: START_TS,
        type: "API",
        last_action: "step1",
        editor: "html",
        html: {
          id: `h${id}`,
          thumbnail_url: `https://cdn.emulator.sender.test/thumbnails/${id}.png`,
          has_preview: true,
          has_snapshots: false,
          styles: null,
        },
        purchaseCount: 0,
        preheader: null,
        content: "<p>Thanks</p>",
      },
    });
    const read = await emu.call("GET", `/v2/transactional/${id}`);
    expect(read.body.data).toEqual({
      ...answer.body.data,
      reply_to: "shop@example.com",
      last_action: "editor",
      bounced: 0,
      unsubscribeCount: 0,
      opens: 0,
      clicks: 0,
      sent: 0,
    });
  });

  test("should list them with has_more_resources and disable_click_tracking", async () => {
    const emu = testEmulator();
    const page1 = await emu.call("GET", "/v2/transactional?limit=1");
    expect(page1.body.has_more_resources).toBe(true);
    expect(page1.body.data).toHaveLength(1);
    expect(page1.body.data[0]).toMatchObject({ id: "trn002", disable_click_tracking: false, sent: 45 });
    const page2 = await emu.call("GET", "/v2/transactional?limit=1&page=2");
    expect(page2.body.has_more_resources).toBe(false);
    expect(page2.body.data[0]).toMatchObject({ id: "trn001", title: "Order confirmation" });
  });

  test("should refuse builder campaigns and unknown ids", async () => {
    const emu = testEmulator();
    const body = { subject: "s", from: "f", reply_to: "a@example.com", editor: "builder" };
    expect(await emu.call("POST", "/v2/transactional", body)).toMatchObject({
      status: 422,
      body: {
        message: "The given data was invalid.",
        errors: { editor: ["Builder campaigns can only be built in the interface."] },
      },
    });
    expect(await emu.call("GET", "/v2/transactional/nope00")).toMatchObject({
      status: 404,
      body: { message: "Transactional campaign nope00 not found." },
    });
  });
});

describe("message send", () => {
  test("should accept an email, record it and never send it", async () => {
    const emu = testEmulator();
    const answer = await emu.call("POST", "/v2/message/send", {
      from: { email: "shop@example.com", name: "Shop" },
      to: { email: "buyer@example.org" },
      subject: "Hi",
      text: "Hello",
      headers: { "X-Order": "42" },
      variables: { name: "Ann" },
      attachments: { "invoice.pdf": "https://example.com/invoice.pdf" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: "Email sent", emailId: answer.body.emailId });
    expect(answer.body.emailId).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await emu.state()).messages).toEqual([
      {
        emailId: answer.body.emailId,
        from: { email: "shop@example.com", name: "Shop" },
        to: { email: "buyer@example.org", name: null },
        subject: "Hi",
        text: "Hello",
        html: null,
        headers: { "X-Order": "42" },
        variables: { name: "Ann" },
        attachments: { "invoice.pdf": "https://example.com/invoice.pdf" },
        created: START_TS,
      },
    ]);
  });

  test("should still accept the deprecated recipient_email", async () => {
    const emu = testEmulator();
    const answer = await emu.call("POST", "/v2/message/send", {
      from: { email: "shop@example.com", name: "Shop" },
      recipient_email: "old@example.org",
      subject: "Hi",
    });
    expect(answer.status).toBe(200);
    expect((await emu.state()).messages[0].to).toEqual({ email: "old@example.org", name: null });
  });
});

describe("subscriber events", () => {
  test("should answer exactly the requested actions for sub001, by id, email or phone", async () => {
    const emu = testEmulator();
    const expected = {
      email: {
        opened: [
          {
            campaign_id: "snt001",
            subscriber_id: "sub001",
            title: "Launch announcement",
            created_at: "2026-01-06 10:05:00",
          },
          {
            campaign_id: "snt001",
            subscriber_id: "sub001",
            title: "Launch announcement",
            created_at: "2026-01-06 13:00:00",
          },
        ],
        got: [
          {
            campaign_id: "trn001",
            subscriber_id: "sub001",
            title: "Order confirmation",
            created_at: "2026-01-03 09:15:00",
          },
          {
            campaign_id: "snt001",
            subscriber_id: "sub001",
            title: "Launch announcement",
            created_at: "2026-01-06 10:00:00",
          },
        ],
      },
      sms: [],
      temail: { sent: [] },
      sms_campaign: {
        sent_count: 0,
        clicked_count: 0,
        delivered_count: 0,
        failed_count: 0,
        unsubscribed_at: null,
        unsubscribed: 0,
      },
      email_campaign: {
        sent_count: 3,
        opened_count: 2,
        clicked_count: 1,
        unsubscribed: 1,
        bounced: 1,
        spam_reported: 0,
      },
    };
    const actions = encodeURIComponent('["opened","got"]');
    for (const identifier of ["sub001", "subscriber1@example.com", "+15550000001"]) {
      const answer = await emu.call(
        "GET",
        `/v2/subscribers/${encodeURIComponent(identifier)}/events?actions=${actions}`,
      );
      expect(answer).toMatchObject({ status: 200, body: expected });
      expect(Object.keys(answer.body.email)).toEqual(["opened", "got"]);
    }
    const all = await emu.call(
      "GET",
      '/v2/subscribers/sub001/events?actions=["opened","bounced","clicked","unsubscribed","got"]',
    );
    expect(all.body.email.clicked).toEqual([
      {
        campaign_id: "snt001",
        subscriber_id: "sub001",
        title: "Launch announcement",
        created_at: "2026-01-06 10:07:00",
      },
    ]);
    expect(all.body.email.bounced).toEqual([
      {
        campaign_id: "trn002",
        subscriber_id: "sub001",
        title: "Password reset",
        created_at: "2026-01-04 11:00:00",
      },
    ]);
    expect(all.body.email.unsubscribed).toHaveLength(1);
  });

  // Each row: the actions query, and the exact 422 errors.
  test.each([
    ["", { actions: ["The actions field is required."] }],
    ["?actions=opened", { actions: ["The actions must be an array."] }],
    ['?actions={"a":1}', { actions: ["The actions must be an array."] }],
    ["?actions=[]", { actions: ["The actions field is required."] }],
    ['?actions=["opened","read"]', { actions: ["The selected actions is invalid."] }],
  ])("should answer 422 to actions %j", async (query, errors) => {
    const emu = testEmulator();
    expect(await emu.call("GET", `/v2/subscribers/sub001/events${query}`)).toMatchObject({
      status: 422,
      body: { message: "The given data was invalid.", errors },
    });
  });

  test("should answer 404 for an unknown subscriber", async () => {
    const emu = testEmulator();
    expect(
      await emu.call("GET", '/v2/subscribers/ghost@example.com/events?actions=["opened"]'),
    ).toMatchObject({
      status: 404,
      body: { message: "Subscriber ghost@example.com not found." },
    });
  });
});
