// The Terraform door's planned objects and states (provider/terraform/planned.ts): an update keeps
// the outputs it does not move, plans the default of an input the configuration drops, and the
// state after it keeps what the plan promised; a state of an older schema upgrades to the current one.
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/core/engine-values";
import { TerraformDoor } from "../../../provider/terraform/door";
import { keptOutputs, newState, plannedUpdate } from "../../../provider/terraform/planned";
import { fromCore, TF_UNKNOWN, type TfObject } from "../../../provider/terraform/values";

const door = new TerraformDoor();
const attrs = (type: string) => door.schema.resources[type]!.block.attributes;

describe("an update's plan", () => {
  it("keeps every output no changed input moves, and plans the moved ones as given: known or unknown", () => {
    const attributes = attrs("sender_transactional_campaign");
    const prior = fromCore(attributes, {
      id: "t1",
      title: "Reset",
      subject: "Old",
      from: "Example News",
      replyTo: "news@example.com",
      editor: "html",
      content: "<p>x</p>",
      type: "transactional",
      lastAction: "editor",
      created: "2026-12-01 10:00:00",
      modified: "2026-12-01 10:00:00",
      domainId: "dom001",
      sent: 41,
      opens: 7,
      clicks: 2,
      bounced: 0,
      unsubscribeCount: 1,
    });
    const config = {
      ...fromCore(attributes, {}),
      ...pick(prior, ["title", "from", "reply_to", "editor", "content"]),
      subject: "New",
    };
    const planned = plannedUpdate(attributes, {
      prior,
      proposed: { ...prior, subject: "New" },
      config,
      checked: {},
      outputs: { modified: UNKNOWN },
      replacing: false,
    });
    expect(changes(prior, planned)).toEqual({ subject: "New", modified: TF_UNKNOWN });
  });

  it("plans the default `check` gives an input the configuration drops (a follow-up's active), not the state's", () => {
    const attributes = attrs("sender_campaign_follow_up");
    const prior = fromCore(attributes, {
      id: "c1",
      campaignId: "c1",
      subject: "Nudge",
      delayHours: 48,
      active: false,
    });
    const config = { ...prior, id: null, active: null };
    const planned = plannedUpdate(attributes, {
      prior,
      // OpenTofu proposes the state's value for a computed attribute the configuration leaves null.
      proposed: prior,
      config,
      checked: { campaignId: "c1", subject: "Nudge", delayHours: 48, active: true },
      outputs: {},
      replacing: false,
    });
    expect(changes(prior, planned)).toEqual({ active: true });
  });

  it("a replacement: the new object's id and outputs unknown, but those planned known", () => {
    const attributes = attrs("sender_campaign_schedule");
    const prior = fromCore(attributes, {
      id: "c1",
      campaignId: "c1",
      scheduleTime: "2030-01-15T09:00:00Z",
      scheduleTimeUtc: "2030-01-15 09:00:00",
      status: "SCHEDULED",
      sent: false,
    });
    const planned = plannedUpdate(attributes, {
      prior,
      proposed: { ...prior, campaign_id: "c2" },
      config: { ...prior, id: null, schedule_time_utc: null, status: null, sent: null, campaign_id: "c2" },
      checked: {},
      outputs: { scheduleTimeUtc: "2030-01-15 09:00:00", status: "SCHEDULED", sent: UNKNOWN },
      replacing: true,
    });
    expect(changes(prior, planned)).toEqual({ id: TF_UNKNOWN, campaign_id: "c2", sent: TF_UNKNOWN });
  });
});

describe("the state after an update", () => {
  it("keeps the planned value of each output it did not move, and takes the service's for the rest", () => {
    const attributes = attrs("sender_webhook");
    const planned = fromCore(attributes, {
      id: "w1",
      url: "https://hooks.example.com/b",
      topic: "groups/new-subscriber",
      status: "ACTIVE",
      accountId: "acc001",
      totalDeliveries: 10,
      totalFailures: 0,
      responseTime: 0.2,
    });
    const kept = keptOutputs(attributes, planned, ["status"]);
    expect(Object.keys(kept).sort()).toEqual([
      "account_id",
      "response_time",
      "total_deliveries",
      "total_failures",
    ]);
    // The service counted a delivery meanwhile: the next refresh reads it, the apply keeps its plan.
    const state = newState(
      attributes,
      {
        ...planned,
        id: null,
        status: null,
        account_id: null,
        total_deliveries: null,
        total_failures: null,
        response_time: null,
      },
      {
        id: "w1",
        url: "https://hooks.example.com/b",
        topic: "groups/new-subscriber",
        status: "INACTIVE",
        accountId: "acc001",
        totalDeliveries: 11,
        totalFailures: 0,
        responseTime: 0.3,
      },
      kept,
    );
    expect(changes(planned, state)).toEqual({ status: "INACTIVE" });
  });
});

describe("a state of an older schema", () => {
  it("sender_campaign, version 0: upgraded to version 1 without the attributes other resources move", () => {
    const v0 = {
      id: "c1",
      title: "News",
      subject: "Hello",
      from: "Example News",
      reply_to: "news@example.com",
      content_type: "html",
      preheader: null,
      content: "<p>x</p>",
      google_analytics: null,
      groups: null,
      segments: null,
      adopt_id: null,
      delete_even_if_sent: null,
      status: "DRAFT",
      created: "2026-12-01 10:00:00",
      modified: "2026-12-01 10:00:00",
      schedule_time: null,
      sent_time: null,
      recipient_count: 0,
      domain_id: "dom001",
      last_action: "step1",
      content_hash: "abc",
    };
    const upgraded = door.upgrade("sender_campaign", Buffer.from(JSON.stringify(v0)));
    expect(upgraded.diagnostics).toEqual([]);
    const { status, modified, schedule_time, sent_time, recipient_count, ...kept } = v0;
    expect(upgraded.state).toEqual(kept);
    expect(door.schema.resources.sender_campaign!.version).toBe(1);
  });
});

function pick(object: TfObject, names: readonly string[]): TfObject {
  return Object.fromEntries(names.map((name) => [name, object[name] ?? null]));
}

/** The attributes whose value differs from `before`, with their new value. */
function changes(before: TfObject, after: TfObject): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(after)
      .filter(
        (name) =>
          JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null) ||
          after[name] === TF_UNKNOWN,
      )
      .map((name) => [name, after[name]]),
  );
}
