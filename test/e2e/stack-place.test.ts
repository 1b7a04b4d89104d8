// The stack-place check on every path under the real engine (issue 45): a copy of a state, imported
// into a second folder whose backend has the same relative URL (`file://.state`) as the original's,
// is refused by a plain run, by `up --target` of a new campaign, by `preview`/`up --exclude` of the
// nonce's record, and (plugin) by `destroy --target`; both confirmations at once are refused in one
// line. Every refusal here asserts that the emulator received no request that writes.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { placeOf } from "../../provider/pulumi/stack-place";
import { pluginPath } from "../support/plugin";
import { cli } from "../support/run";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  failure,
  mutatingRequestsSince,
  type StackHandle,
} from "../support/stack";

const TOKEN = "tok-e2e-stack-place-5Jw9";
const NO_WRITES = { count: 0, requests: [] };
// Each folder's backend is `.state` inside it, spelled the same in both.
const RELATIVE = { PULUMI_BACKEND_URL: "file://.state" };
const NONCE_URN = "urn:pulumi:e2e::newsletter::pulumi-nodejs:dynamic/sender:StackNonce::sender-stack-nonce";

/** The place of a stack `e2e` of project `newsletter` whose backend is `file://.state` in `dir`. */
function relativePlace(dir: string, organization: string): string {
  return placeOf({
    backendUrl: `file://${os.hostname()}${path.join(dir, ".state")}`,
    organization,
    project: "newsletter",
    stack: "e2e",
  });
}

/** A copy of the program `source` as `name`, with its own empty `.state` backend folder. */
function folder(source: string, name: string): string {
  const dir = copyProgram(source, name);
  fs.mkdirSync(path.join(dir, ".state"));
  return dir;
}

/** The refusal's line, up to the place of the run. */
const refusal = (place: string) =>
  `this stack's state was last used in another place (another backend, organization, project or stack: ${place} there, `;

/** `pulumi <args>` in the stack's folder, expected to fail: its error text. */
function refused(h: StackHandle, args: string[]): Promise<string> {
  return failure(() => cli(h, h.dir, [...args, "--non-interactive", "--stack", "e2e"]));
}

/** Copies the state of `from` into `to` (export, import), as the tester did. */
async function copyState(from: StackHandle, to: StackHandle): Promise<void> {
  const file = path.join(to.dir, "copied.json");
  fs.writeFileSync(file, await from.exportState());
  await cli(to, to.dir, ["stack", "import", "--file", file, "--stack", "e2e"]);
}

describe("a copy in a folder of the same relative backend URL: the dynamic package", () => {
  let emu: EmulatorHandle;
  let original: StackHandle;
  let copy: StackHandle;
  let place: string;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    const dir = (name: string) => folder("test/e2e/programs/newsletter", name);
    original = await createStack(dir("place-original"), emu, {}, RELATIVE);
    copy = await createStack(dir("place-copy"), emu, { extra: "true" }, RELATIVE);
    await original.stack.up({ onOutput: original.onOutput });
    place = relativePlace(original.dir, "organization");
    await copyState(original, copy);
  });
  afterAll(async () => {
    await original?.dispose();
    await copy?.dispose();
    await emu?.close();
  });

  test("the copy's up is refused: the same relative URL in another folder is another place", async () => {
    const before = await emu.requestCounts();
    const text = await failure(() => copy.stack.up({ onOutput: copy.onOutput }));
    expect(text).toContain(`StackNonce resource 'sender-stack-nonce' has a problem: ${refusal(place)}`);
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
  });

  test("up --target of a new campaign, and preview and up --exclude of the nonce's record, are refused with the same line", async () => {
    const target = "urn:pulumi:e2e::newsletter::pulumi-nodejs:dynamic/sender:Campaign::extra";
    const before = await emu.requestCounts();
    const texts = [
      await refused(copy, ["up", "--yes", "--skip-preview", "--target", target]),
      await refused(copy, ["preview", "--exclude", NONCE_URN]),
      await refused(copy, ["up", "--yes", "--skip-preview", "--exclude", NONCE_URN]),
    ];
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    for (const text of texts) {
      expect(text).toContain(refusal(place));
      expect(text).toContain(`If the stack moved here, run again with SENDER_STACK_MOVED_FROM=${place}; `);
    }
    // Nothing of the copy's was recorded: its state still holds the original's five resources.
    const resources = JSON.parse(await copy.exportState()).deployment.resources;
    expect(resources.filter((r: any) => r.urn.endsWith("::extra"))).toEqual([]);
  });

  test("both confirmations at once are refused in one line naming both", async () => {
    const before = await emu.requestCounts();
    const both = await failure(() =>
      cli(copy, copy.dir, ["preview", "--non-interactive", "--stack", "e2e"], {
        SENDER_STACK_MOVED_FROM: place,
        SENDER_STACK_COPY_OF: place,
      }),
    );
    expect(both).toContain(
      "SENDER_STACK_MOVED_FROM and SENDER_STACK_COPY_OF are both set, but a stack is either moved (the nonce stays) or copied (a fresh nonce): set only the one that is true (docs/reliability.md)",
    );
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
  });

  // Last: no up of the copy ever passed; its destroy runs no program, and each delete has only the
  // resource's own state, which records where it was made.
  test("the never-run copy's destroy is refused with the same line, deleting nothing; the original's destroy deletes", async () => {
    const held = async () => (await emu.state()).campaigns.map((c: any) => c.id);
    const campaigns = await held();
    const before = await emu.requestCounts();
    const text = await refused(copy, ["destroy", "--yes", "--skip-preview"]);
    expect(text).toContain(refusal(place));
    expect(text).toContain(
      `If the stack moved here, run again with SENDER_STACK_MOVED_FROM=${place}; if it is a copy, with SENDER_STACK_COPY_OF=${place}, `,
    );
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    expect(await held()).toEqual(campaigns);
    const outputs = await original.stack.outputs();
    const ours = [outputs.digestId?.value, outputs.weeklyId?.value, outputs.wideId?.value];
    expect(ours.filter((id) => campaigns.includes(id))).toEqual(ours);
    await cli(original, original.dir, [
      "destroy",
      "--yes",
      "--skip-preview",
      "--non-interactive",
      "--stack",
      "e2e",
    ]);
    expect((await held()).filter((id: string) => ours.includes(id))).toEqual([]);
  });
});

describe("a copy in a folder of the same relative backend URL: the native plugin (YAML)", () => {
  let emu: EmulatorHandle;
  let original: StackHandle;
  let copy: StackHandle;
  let place: string;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    const env = { ...RELATIVE, PATH: pluginPath() };
    const dir = (name: string) => folder("test/e2e/programs/yaml-newsletter", name);
    original = await createStack(dir("place-yaml-original"), emu, {}, env);
    const copyDir = dir("place-yaml-copy");
    // The copy's program has one more campaign, which the targeted run would create.
    const project = path.join(copyDir, "Pulumi.yaml");
    fs.writeFileSync(
      project,
      fs
        .readFileSync(project, "utf8")
        .replace(
          "resources:\n",
          "resources:\n  extra:\n    type: sender:index:Campaign\n    properties:\n      subject: Extra\n      from: Example News\n      replyTo: news@example.com\n      contentType: text\n      content: Hello.\n",
        ),
    );
    copy = await createStack(copyDir, emu, {}, env);
    await original.stack.up({ onOutput: original.onOutput });
    place = relativePlace(original.dir, "");
    await copyState(original, copy);
  });
  afterAll(async () => {
    await original?.dispose();
    await copy?.dispose();
    await emu?.close();
  });

  test("the copy's preview, up --target of a new campaign and destroy --target are refused, writing nothing", async () => {
    const urn = (name: string) => `urn:pulumi:e2e::newsletter::sender:index:Campaign::${name}`;
    const before = await emu.requestCounts();
    const texts = [
      await refused(copy, ["preview"]),
      await refused(copy, ["up", "--yes", "--skip-preview", "--target", urn("extra")]),
      await refused(copy, ["destroy", "--yes", "--skip-preview", "--target", urn("digest")]),
    ];
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    for (const text of texts) expect(text).toContain(refusal(place));
    // The original's campaigns are all still there.
    const outputs = await original.stack.outputs();
    const held = new Set((await emu.state()).campaigns.map((c: any) => c.id));
    expect([held.has(outputs.digestId?.value), held.has(outputs.weeklyId?.value)]).toEqual([true, true]);
  });

  // Last: the copy never ran an up; its destroy configures the provider from the copied state alone.
  test("the never-run copy's destroy is refused with the same line, deleting nothing; the original's destroy deletes", async () => {
    const digestId = (await original.stack.outputs()).digestId?.value;
    const before = await emu.requestCounts();
    const text = await refused(copy, ["destroy", "--yes", "--skip-preview"]);
    expect(text).toContain(refusal(place));
    expect(text).toContain(
      `If the stack moved here, run again with SENDER_STACK_MOVED_FROM=${place}; if it is a copy, with SENDER_STACK_COPY_OF=${place}, `,
    );
    expect(await mutatingRequestsSince(emu, before)).toEqual(NO_WRITES);
    expect((await emu.state()).campaigns.map((c: any) => c.id)).toContain(digestId);
    await cli(original, original.dir, [
      "destroy",
      "--yes",
      "--skip-preview",
      "--non-interactive",
      "--stack",
      "e2e",
    ]);
    expect((await emu.state()).campaigns.map((c: any) => c.id)).not.toContain(digestId);
  });
});
