// An account filled through the API as a real one is filled over time: campaigns of every status
// with their targeting, follow-ups, schedules and attachments, transactional campaigns and
// webhooks. Shared by the adopt e2e test and its benchmark.

import type { WebhookTopic } from "../../provider/client";
import { SenderClient } from "../../provider/client";

/** What a filled account holds, as `pulumi-sender adopt` should find it. */
export interface FilledAccount {
  /** `<type token> <id>` of every object, the seeded ones included, sorted. */
  readonly objects: string[];
}

const TITLES = [
  "Spring sale",
  "Weekly digest",
  "Weekly digest",
  "Été — nouveautés",
  "Product update",
  "Weekly digest",
  "Black Friday",
  "",
  "Onboarding day 1",
];

const TOPICS: WebhookTopic[] = [
  "subscribers/new",
  "subscribers/unsubscribed",
  "bounces/new",
  "campaigns/new",
];

/**
 * Fills the emulator at `url` through its API with `campaigns` campaigns (a third sent, a sixth
 * scheduled, each targeted, every other one with a follow-up, every third with an attachment),
 * `transactional` transactional campaigns and `webhooks` webhooks.
 */
export async function fillAccount(
  url: string,
  token: string,
  counts: { campaigns: number; transactional: number; webhooks: number },
): Promise<void> {
  const client = new SenderClient({ baseUrl: url, apiToken: token });
  const work = Array.from({ length: counts.campaigns }, (_, i) => i);
  const lane = async () => {
    for (let i = work.shift(); i !== undefined; i = work.shift()) {
      const title = TITLES[i % TITLES.length] as string;
      const made = await client.createCampaign({
        ...(title ? { title } : {}),
        subject: `Issue ${i + 1}: ${title || "news"}`,
        from: "Example News",
        reply_to: "news@example.com",
        content_type: "html",
        content: `<h1>Issue ${i + 1}</h1><p>Hello.</p>`,
      });
      const id = made.id;
      if (i % 4 === 3) await client.setSendToAll(id, true);
      else await client.setTags(id, i % 2 === 0 ? ["tag001"] : ["tag001", "tag002"]);
      if (i % 5 === 0) await client.addExcludedTag(id, "tag004");
      // Send-to-all excludes tags and filters (the provider refuses the pair): filters only without it.
      if (i % 7 === 1 && i % 4 !== 3) await client.setFilters(id, ["flt001"]);
      if (i % 2 === 0) await client.setFollowUp(id, { subject: `Did you see issue ${i + 1}?`, time: 48 });
      if (i % 3 === 0)
        await client.addAttachment(id, { file: `https://files.example.com/guide-${i + 1}.pdf` });
      if (i % 3 === 1) await client.sendCampaign(id);
      else if (i % 6 === 2) await client.scheduleCampaign(id, `2031-0${(i % 9) + 1}-15 09:00:00`);
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  for (let i = 0; i < counts.transactional; i++) {
    await client.createTransactional({
      title: i % 3 === 2 ? "Receipt" : `Receipt ${i + 1}`,
      subject: `Your receipt ${i + 1}`,
      from: "Example News",
      reply_to: "news@example.com",
      editor: "html",
      content: `<p>Receipt ${i + 1} for {{order_id}}</p>`,
    });
  }
  for (let i = 0; i < counts.webhooks; i++) {
    const topic = TOPICS[i % TOPICS.length] as WebhookTopic;
    await client.createWebhook({ url: `https://hooks.example.com/sender/${i + 1}`, topic });
  }
}

/** `<type token> <id>` of every object the emulator's state holds that adopt writes, sorted. */
export function objectsOf(state: any): string[] {
  const out: string[] = [];
  const add = (kind: string, id: string) => out.push(`sender:index:${kind} ${id}`);
  for (const c of state.campaigns) {
    add("Campaign", c.id);
    const t = state.targeting[c.id];
    const listed = t && ["tags", "exclude_tags", "filters", "exclude_filters"].some((k) => t[k].length > 0);
    if (listed || c.send_to_all === 1) add("CampaignTargeting", c.id);
    if (c.auto_followup_active === 1 || c.auto_followup_subject !== null) add("CampaignFollowUp", c.id);
    if (c.status === "SCHEDULED") add("CampaignSchedule", c.id);
    for (const a of state.attachments[c.id] ?? []) add("Attachment", `${c.id}/${a.file_name}`);
  }
  for (const t of state.transactional) add("TransactionalCampaign", t.id);
  for (const w of state.webhooks) add("Webhook", w.id);
  for (const g of state.groups ?? []) add("Group", g.id);
  return out.sort();
}
