// The door-parity rows' program for the dynamic package: the resources of the row's shape (stack
// config `test:shape`, the JSON of test/e2e/door-parity.test.ts's `Shape`), named as the plugin
// door's YAML names them: untitled campaigns `campaign-<i>`, untitled transactional campaigns
// `transactional-<i>`, untitled groups `group-<i>`, and optionally a schedule `schedule-0` of `campaign-0`.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

interface Shape {
  campaigns: number;
  transactional: number;
  groups?: number;
  schedule?: { at: string; claims?: Record<string, unknown> };
  subject0?: string;
}

const shape = new pulumi.Config("test").requireObject<Shape>("shape");

const campaigns = Array.from(
  { length: shape.campaigns },
  (_, i) =>
    new sender.Campaign(`campaign-${i}`, {
      subject: i === 0 && shape.subject0 !== undefined ? shape.subject0 : `Exactly-once subject ${i}`,
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      content: `<p>Exactly once ${i}</p>`,
    }),
);
const transactional = Array.from(
  { length: shape.transactional },
  (_, i) =>
    new sender.TransactionalCampaign(`transactional-${i}`, {
      subject: `Receipt ${i}`,
      from: "Example News",
      replyTo: "news@example.com",
      editor: "html",
      content: `<p>Receipt ${i}</p>`,
    }),
);
const groups = Array.from({ length: shape.groups ?? 0 }, (_, i) => new sender.Group(`group-${i}`, {}));
if (shape.schedule && campaigns[0]) {
  // `claims` are output fields a row gives as inputs, which the provider must refuse: not in the
  // args' type, as a JavaScript program or a cast would pass them.
  const args = { campaignId: campaigns[0].id, scheduleTime: shape.schedule.at, ...shape.schedule.claims };
  new sender.CampaignSchedule("schedule-0", args as sender.CampaignScheduleArgs);
}

export const campaignIds = campaigns.map((c) => c.id);
export const transactionalIds = transactional.map((t) => t.id);
export const groupIds = groups.map((g) => g.id);
