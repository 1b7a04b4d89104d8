// Issue 54, items 4, 5 and 7 through the Terraform door: a refresh keeps what means the same, an
// imported proof and an imported attachment plan as the core says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../../emulator/server";
import { TerraformDoor } from "../../../provider/terraform/door";
import { fromCore, TF_UNKNOWN, type TfObject, type TfValue } from "../../../provider/terraform/values";

const TOKEN = "tok-unit-terraform-converge-9dQp";
let emu: Awaited<ReturnType<typeof startEmulator>>;
let door: TerraformDoor;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, token: TOKEN });
  door = new TerraformDoor();
  const provider = fromCore(door.schema.provider.attributes, {
    apiToken: TOKEN,
    baseUrl: emu.url,
    ownershipScope: "unit/terraform-converge",
  });
  expect(door.configure(provider, {}).diagnostics).toEqual([]);
});

afterAll(async () => {
  await emu?.close();
});

const attrs = (type: string) => door.schema.resources[type]!.block.attributes;
const writes = async () =>
  ((await (await fetch(`${emu.url}/__emulator/request-counts`)).json()) as { mutating: number }).mutating;

/** Plans, applies a create, and answers its state and private data. */
async function make(type: string, inputs: Record<string, unknown>) {
  const config = fromCore(attrs(type), inputs);
  const planned = await door.plan(type, null, config, config, undefined);
  expect(planned.diagnostics).toEqual([]);
  const made = await door.apply(type, null, planned.planned!, config, planned.private);
  expect(made.diagnostics).toEqual([]);
  return { config, state: made.state as TfObject, private: made.private };
}

/** Refreshes `state`, then plans `config` against it: the refreshed state and the plan. */
async function refreshAndPlan(type: string, state: TfValue, config: TfObject, priv?: Buffer) {
  const read = await door.read(type, state, priv);
  expect(read.diagnostics).toEqual([]);
  const refreshed = read.state as TfObject;
  const proposed = {
    ...refreshed,
    ...Object.fromEntries(Object.entries(config).filter(([, v]) => v !== null)),
  };
  const plan = await door.plan(type, refreshed, proposed, config, priv);
  return { refreshed, plan };
}

describe('preheader = "" (item 4)', () => {
  it('keeps "" in the refreshed state of a campaign and plans no change', async () => {
    const made = await make("sender_campaign", {
      title: "TF empty preheader",
      subject: "Hello",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      preheader: "",
    });
    expect(made.state.preheader).toBe("");
    const { refreshed, plan } = await refreshAndPlan(
      "sender_campaign",
      made.state,
      made.config,
      made.private,
    );
    expect(refreshed.preheader).toBe("");
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toEqual(refreshed);
  });

  it('applies preheader "" to a transactional campaign and plans no change after', async () => {
    const inputs = {
      title: "TF transactional",
      subject: "Shipped",
      from: "Example Shop",
      replyTo: "news@example.com",
      editor: "html",
      content: "<p>x</p>",
      preheader: "Tracking inside",
    };
    const made = await make("sender_transactional_campaign", inputs);
    const config = fromCore(attrs("sender_transactional_campaign"), { ...inputs, preheader: "" });
    const update = await door.plan(
      "sender_transactional_campaign",
      made.state,
      { ...made.state, preheader: "" },
      config,
      made.private,
    );
    expect(update.diagnostics).toEqual([]);
    const applied = await door.apply(
      "sender_transactional_campaign",
      made.state,
      update.planned!,
      config,
      update.private,
    );
    expect(applied.diagnostics).toEqual([]);
    expect((applied.state as TfObject).preheader).toBe("");
    const { refreshed, plan } = await refreshAndPlan(
      "sender_transactional_campaign",
      applied.state!,
      config,
      applied.private,
    );
    expect(refreshed.preheader).toBe("");
    expect(plan.planned).toEqual(refreshed);
  });
});

describe("import (items 5 and 7)", () => {
  it("imports a proof by its campaign's id, plans the proof to the configured addresses, then no change", async () => {
    const campaign = await make("sender_campaign", {
      title: "TF proof import",
      subject: "Hello",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      // With its unsubscribe link: the plan's content checks have nothing to say.
      content: '<p>c</p><a href="https://example.com/unsubscribe">Unsubscribe</a>',
    });
    const id = campaign.state.id as string;
    const imported = await door.import("sender_campaign_proof", id);
    expect(imported.diagnostics).toEqual([]);
    const state = imported.state as TfObject;
    expect([
      state.id,
      state.campaign_id,
      state.addresses,
      state.proofed_hash,
      state.proofed_addresses,
    ]).toEqual([id, id, null, "", []]);
    const config = fromCore(attrs("sender_campaign_proof"), {
      campaignId: id,
      addresses: ["editor@example.com"],
    });
    const before = await writes();
    const { refreshed, plan } = await refreshAndPlan("sender_campaign_proof", state, config);
    expect(refreshed).toEqual(state);
    expect(plan.requiresReplace).toEqual([]);
    expect(plan.diagnostics).toEqual([
      { severity: "WARNING", summary: `apply will send 1 proof of campaign ${id} to editor@example.com` },
    ]);
    expect((plan.planned as TfObject).proofed_hash).toBe(TF_UNKNOWN);
    expect(await writes()).toBe(before);
    const applied = await door.apply("sender_campaign_proof", refreshed, plan.planned!, config, plan.private);
    expect(applied.diagnostics).toEqual([]);
    expect(await writes()).toBe(before + 1);
    expect((applied.state as TfObject).proofed_addresses).toEqual(["editor@example.com"]);
    const after = await refreshAndPlan("sender_campaign_proof", applied.state!, config);
    expect(after.plan.diagnostics).toEqual([]);
    expect(after.plan.planned).toEqual(after.refreshed);
  });

  it("imports an attachment and plans the configured url of the same file in place, with nothing sent", async () => {
    const campaign = await make("sender_campaign", {
      title: "TF attachment import",
      subject: "Hello",
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "html",
      // With its unsubscribe link: the plan's content checks have nothing to say.
      content: '<p>c</p><a href="https://example.com/unsubscribe">Unsubscribe</a>',
    });
    const url = "https://files.example.com/docs/guide.pdf";
    const made = await make("sender_attachment", { campaignId: campaign.state.id, url });
    const imported = await door.import("sender_attachment", made.state.id as string);
    expect(imported.diagnostics).toEqual([]);
    expect((imported.state as TfObject).url).not.toBe(url);
    const before = await writes();
    const { refreshed, plan } = await refreshAndPlan("sender_attachment", imported.state!, made.config);
    expect(plan.diagnostics).toEqual([]);
    expect(plan.requiresReplace).toEqual([]);
    expect((plan.planned as TfObject).url).toBe(url);
    const applied = await door.apply(
      "sender_attachment",
      refreshed,
      plan.planned!,
      made.config,
      plan.private,
    );
    expect(applied.diagnostics).toEqual([]);
    expect((applied.state as TfObject).url).toBe(url);
    expect(await writes()).toBe(before);
    const after = await refreshAndPlan("sender_attachment", applied.state!, made.config);
    expect(after.plan.planned).toEqual(after.refreshed);
  });
});
