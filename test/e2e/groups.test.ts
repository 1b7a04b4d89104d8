// Groups as code (issue 58) under the real engines: a group made by title and one found by name,
// used by a campaign's groups and a webhook's relationId; renamed in place (an update, never a
// replacement); imported; destroyed, except while a campaign made outside the stack still uses it,
// unless deleteEvenIfUsed was applied first. The dynamic TypeScript package; on the plugin, Pulumi
// YAML and the generated SDKs of TypeScript, Python, Go and Java; and OpenTofu on the Terraform door.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GO_MODULE } from "../../provider/plugin/schema";
import { goOnCheckoutSdk, javaOnSdkArtifact, pythonOnCheckoutSdk } from "../support/languages";
import { pluginAndHosts, pluginPath } from "../support/plugin";
import { cli } from "../support/run";
import {
  copyProgram,
  createStack,
  type EmulatorHandle,
  emulator,
  mutatingRequestsSince,
  mutationLines,
  type StackHandle,
} from "../support/stack";
import { openTofu, providerBlock, type Tofu } from "../support/tofu";

const TOKEN = "tok-e2e-groups-Rk6Vd3Nq";

/** The account's groups as `id title` lines. */
async function groupLines(emu: EmulatorHandle): Promise<string[]> {
  const answer = await emu.api("GET", "groups?limit=100");
  expect(answer.status).toBe(200);
  return answer.body.data.map((group: { id: string; title: string }) => `${group.id} ${group.title}`);
}

/** A draft campaign made outside the stack (as a teammate would in the dashboard) that uses `groupId`. */
async function campaignUsing(emu: EmulatorHandle, groupId: string): Promise<string> {
  const made = await emu.api("POST", "campaigns", {
    title: "Made by hand",
    subject: "Hello",
    from: "Example News",
    reply_to: "news@example.com",
    content_type: "html",
    groups: [groupId],
  });
  expect(made.status).toBe(201);
  return made.body.data.id as string;
}

/** The distinct trimmed lines the engine printed since `from` that start with `prefix`. */
function printed(h: StackHandle, from: number, prefix: string): string[] {
  const lines = h.output.slice(from).join("").split("\n");
  return [...new Set(lines.map((line) => line.trim()).filter((line) => line.startsWith(prefix)))];
}

const keptLine = (id: string, campaign: string, command: string) =>
  `Group ${id} is still used by campaign ${campaign}: kept in Sender and dropped from the stack. To delete it ` +
  `anyway, set deleteEvenIfUsed to true and run \`${command}\` before removing it; its subscribers are never deleted.`;

/**
 * The Pulumi doors' scenario on one stack: up, a rename in place, a destroy that keeps a used group,
 * then the opt-in that deletes it. `makeStack` makes a stack of the program for the door. Given
 * `imported` (the plugin's doors: the dynamic package's resources are not importable by type), the
 * emptied stack then imports the seeded group grp002, and the code the engine wrote for it in the
 * program's language is these lines.
 */
function pulumiScenario(
  door: string,
  /** The resources beside the program's three: the stack, and the dynamic package's nonce. */
  around: number,
  makeStack: (emu: EmulatorHandle) => Promise<StackHandle>,
  imported?: readonly string[],
) {
  describe(`${door}: a group made by title and one found by name`, () => {
    let emu: EmulatorHandle;
    let h: StackHandle;

    beforeAll(async () => {
      emu = await emulator(TOKEN);
      h = await makeStack(emu);
    });
    afterAll(async () => {
      await h?.dispose();
      await emu?.close();
    });

    test("a preview writes nothing; up makes the group and the campaign and webhook take its id", async () => {
      const preview = await h.stack.preview({ onOutput: h.onOutput });
      expect(preview.changeSummary).toEqual({ create: 3 + around });
      expect(await groupLines(emu)).toEqual(["grp001 Main list", "grp002 Beta testers"]);
      await emu.clearRequests();
      const up = await h.stack.up({ onOutput: h.onOutput });
      const id = up.outputs.groupId?.value as string;
      expect(up.outputs.groupTitle?.value).toBe("Early birds");
      expect(up.outputs.mainListId?.value).toBe("grp001");
      expect(await groupLines(emu)).toEqual(["grp001 Main list", "grp002 Beta testers", `${id} Early birds`]);
      const campaign = up.outputs.campaignId?.value as string;
      // In the account's order of groups.
      expect((await emu.api("GET", `campaigns/${campaign}/groups`)).body.data).toEqual([
        { id: "grp001", title: "Main list" },
        { id, title: "Early birds" },
      ]);
      const hook = await emu.api("GET", `account/webhooks/${up.outputs.webhookId?.value}`);
      expect(hook.body.group).toBe(id);
      // The group is created marked, then renamed to its title: one POST, one PATCH.
      expect((await mutationLines(emu)).filter((line) => line.includes("/groups"))).toEqual([
        "POST /v2/groups",
        `PATCH /v2/groups/${id}`,
      ]);
    });

    test("a new title renames the group in place: an update, no replacement, one PATCH", async () => {
      const id = (await h.stack.outputs()).groupId?.value as string;
      await h.stack.setConfig("groupTitle", { value: "Night owls" });
      const preview = await h.stack.preview({ onOutput: h.onOutput });
      expect(preview.changeSummary).toEqual({ same: 2 + around, update: 1 });
      await emu.clearRequests();
      const up = await h.stack.up({ onOutput: h.onOutput });
      expect(up.summary.resourceChanges).toEqual({ same: 2 + around, update: 1 });
      expect(up.outputs.groupId?.value).toBe(id);
      expect(await mutationLines(emu)).toEqual([`PATCH /v2/groups/${id}`]);
      expect(await groupLines(emu)).toContain(`${id} Night owls`);
    });

    test("destroy keeps a group a campaign outside the stack still uses, with one warning; the opt-in deletes it", async () => {
      const id = (await h.stack.outputs()).groupId?.value as string;
      const other = await campaignUsing(emu, id);
      await emu.clearRequests();
      const mark = h.output.length;
      await h.stack.destroy({ onOutput: h.onOutput });
      expect((await mutationLines(emu)).filter((line) => line.includes("/groups"))).toEqual([]);
      expect(printed(h, mark, `warning: Group ${id} `)).toEqual([
        `warning: ${keptLine(id, other, "pulumi up")}`,
      ]);
      expect(await groupLines(emu)).toContain(`${id} Night owls`);

      // Again, with the opt-in applied before the destroy: the group goes, its subscribers stay.
      await h.stack.setConfig("deleteEvenIfUsed", { value: "true" });
      const up = await h.stack.up({ onOutput: h.onOutput });
      const second = up.outputs.groupId?.value as string;
      await campaignUsing(emu, second);
      await emu.clearRequests();
      await h.stack.destroy({ onOutput: h.onOutput });
      expect((await mutationLines(emu)).filter((line) => line.includes("/groups"))).toEqual([
        `DELETE /v2/groups/${second}`,
      ]);
      expect(await groupLines(emu)).not.toContain(`${second} Night owls`);
      expect((await emu.api("GET", "active_subscribers")).body.data.active_subscribers).toBe(23);
    });

    if (imported)
      test("pulumi import takes the seeded group by id, writing nothing, and writes its code", async () => {
        const groups = async () =>
          (JSON.parse(await h.exportState()).deployment.resources ?? []).filter(
            (r: { type: string }) => r.type === "sender:index:Group",
          );
        expect(await groups()).toEqual([]);
        const mark = await emu.requestCounts();
        // Beside the backend, outside the program's folder, which nothing runs again.
        const code = path.join(path.dirname(h.backend), "imported-code");
        const args = ["import", "sender:index:Group", "beta", "grp002", "--yes", "--out", code];
        expect(await cli(h, h.dir, [...args, "--stack", "e2e"])).toContain("1 imported");
        expect(await mutatingRequestsSince(emu, mark)).toEqual({ count: 0, requests: [] });
        expect((await groups()).map((r: any) => [r.id, r.inputs.title])).toEqual([
          ["grp002", "Beta testers"],
        ]);
        expect(fs.readFileSync(code, "utf8").split("\n")).toEqual(imported);
        // The stack keeps the group (protected, as import makes it): dispose removes the backend, never
        // destroys, so the seeded group stays.
      });
  });
}

pulumiScenario("the dynamic TypeScript package", 2, (emu) =>
  createStack(copyProgram("test/e2e/programs/groups", "groups-dynamic"), emu),
);

pulumiScenario(
  "Pulumi YAML on the plugin",
  1,
  (emu) =>
    createStack(copyProgram("test/e2e/programs/yaml-groups", "groups-yaml"), emu, {}, { PATH: pluginPath() }),
  [
    "resources:",
    "  beta:",
    "    type: sender:Group",
    "    properties:",
    "      title: Beta testers",
    "    options:",
    "      protect: true",
    "",
  ],
);

pulumiScenario(
  "TypeScript on the generated Node.js SDK",
  1,
  (emu) =>
    createStack(
      copyProgram("test/e2e/programs/groups-native", "groups-native"),
      emu,
      {},
      { PATH: pluginPath() },
    ),
  [
    'import * as pulumi from "@pulumi/pulumi";',
    'import * as sender from "pulumi-sender-native";',
    "",
    'const beta = new sender.Group("beta", {title: "Beta testers"}, {',
    "    protect: true,",
    "});",
    "",
  ],
);

pulumiScenario(
  "Python on the generated Python SDK",
  1,
  async (emu) => {
    const dir = copyProgram("test/e2e/programs/groups-python", "groups-python");
    const env = await pythonOnCheckoutSdk(dir, "groups-python");
    return createStack(dir, emu, {}, { PATH: await pluginAndHosts(), ...env });
  },
  [
    "import pulumi",
    "import pulumi_sender as sender",
    "",
    'beta = sender.Group("beta", title="Beta testers",',
    "opts = pulumi.ResourceOptions(protect=True))",
    "",
  ],
);

pulumiScenario(
  "Go on the generated Go SDK",
  1,
  async (emu) => {
    const dir = copyProgram("test/e2e/programs/groups-go", "groups-go");
    goOnCheckoutSdk(dir, "groups-go");
    return createStack(dir, emu, {}, { PATH: await pluginAndHosts() });
  },
  [
    "package main",
    "",
    "import (",
    `\t"${GO_MODULE}/sender"`,
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    '\t\t_, err := sender.NewGroup(ctx, "beta", &sender.GroupArgs{',
    '\t\t\tTitle: pulumi.String("Beta testers"),',
    "\t\t}, pulumi.Protect(true))",
    "\t\tif err != nil {",
    "\t\t\treturn err",
    "\t\t}",
    "\t\treturn nil",
    "\t})",
    "}",
    "",
  ],
);

pulumiScenario(
  "Java on the generated Java SDK",
  1,
  async (emu) => {
    const dir = copyProgram("test/e2e/programs/groups-java", "groups-java");
    const env = await javaOnSdkArtifact(dir, "groups-java", "groups.App");
    return createStack(dir, emu, {}, { PATH: pluginPath(), ...env });
  },
  [
    "package generated_program;",
    "",
    "import com.pulumi.Context;",
    "import com.pulumi.Pulumi;",
    "import com.pulumi.core.Output;",
    "import io.github.pulumi_sender.sender.Group;",
    "import io.github.pulumi_sender.sender.GroupArgs;",
    "import com.pulumi.resources.CustomResourceOptions;",
    "import java.util.List;",
    "import java.util.ArrayList;",
    "import java.util.Map;",
    "import java.io.File;",
    "import java.nio.file.Files;",
    "import java.nio.file.Paths;",
    "",
    "public class App {",
    "    public static void main(String[] args) {",
    "        Pulumi.run(App::stack);",
    "    }",
    "",
    "    public static void stack(Context ctx) {",
    '        var beta = new Group("beta", GroupArgs.builder()',
    '            .title("Beta testers")',
    "            .build(), CustomResourceOptions.builder()",
    "                .protect(true)",
    "                .build());",
    "",
    "    }",
    "}",
    "",
  ],
);

describe("OpenTofu: sender_group and data.sender_group", () => {
  let emu: EmulatorHandle;
  let tf: Tofu;
  let dir: string;

  const main = (title: string, optIn: boolean) => `${providerBlock("e2e/groups")}
data "sender_group" "main" {
  name = "Main list"
}

resource "sender_group" "early" {
  title = "${title}"${optIn ? "\n  delete_even_if_used = true" : ""}
}

resource "sender_campaign" "news" {
  title        = "Early news"
  subject      = "For the early birds"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>Hello</p>"
  groups       = [sender_group.early.id, data.sender_group.main.id]
}

resource "sender_webhook" "joins" {
  url         = "https://hooks.example.com/sender/early-birds"
  topic       = "groups/new-subscriber"
  relation_id = sender_group.early.id
}

output "group_id" {
  value = sender_group.early.id
}
`;

  beforeAll(async () => {
    emu = await emulator(TOKEN);
    tf = await openTofu(emu.url, TOKEN);
    dir = tf.workspace("groups", main("Early birds", false));
  });
  afterAll(async () => {
    tf?.dispose();
    await emu?.close();
  });

  const groupId = async () =>
    JSON.parse((await tf.ok(dir, ["output", "-json"])).stdout).group_id.value as string;

  test("plan writes nothing; apply makes the group, used by the campaign's groups and the webhook", async () => {
    await emu.clearRequests();
    const plan = await tf.ok(dir, ["plan", "-no-color"]);
    expect(plan.stdout).toContain("Plan: 3 to add, 0 to change, 0 to destroy.");
    expect(await mutationLines(emu)).toEqual([]);
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    const id = await groupId();
    expect(await groupLines(emu)).toEqual(["grp001 Main list", "grp002 Beta testers", `${id} Early birds`]);
    const hooks = (await emu.api("GET", "account/webhooks")).body;
    expect(hooks.map((hook: { group: string }) => hook.group)).toEqual([id]);
  });

  test("a new title is an in-place update, never a replacement", async () => {
    const id = await groupId();
    tf.workspace("groups", main("Night owls", false));
    const plan = await tf.ok(dir, ["plan", "-no-color"]);
    expect(plan.stdout).toContain("Plan: 0 to add, 1 to change, 0 to destroy.");
    expect(plan.stdout).toContain('~ resource "sender_group" "early"');
    await emu.clearRequests();
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    expect(await mutationLines(emu)).toEqual([`PATCH /v2/groups/${id}`]);
    expect(await groupId()).toBe(id);
    expect(await groupLines(emu)).toContain(`${id} Night owls`);
  });

  test("import takes a seeded group by id; a plan then shows no change", async () => {
    const imported = tf.workspace(
      "groups-import",
      `${providerBlock("e2e/groups-import")}
resource "sender_group" "beta" {
  title = "Beta testers"
}
`,
    );
    await emu.clearRequests();
    await tf.ok(imported, ["import", "-no-color", "sender_group.beta", "grp002"]);
    const plan = await tf.ok(imported, ["plan", "-no-color"]);
    expect(plan.stdout).toContain("No changes.");
    expect(await mutationLines(emu)).toEqual([]);
  });

  test("destroy keeps a group a campaign outside the configuration uses, unless delete_even_if_used", async () => {
    const id = await groupId();
    const other = await campaignUsing(emu, id);
    await emu.clearRequests();
    const destroyed = await tf.ok(dir, ["destroy", "-auto-approve", "-no-color"]);
    const said = `${destroyed.stdout}\n${destroyed.stderr}`.replace(/[\s│]+/g, " ");
    expect(said).toContain(`sender_group ${id} is still used by campaign ${other}: kept in Sender`);
    expect(said).toContain("set delete_even_if_used to true");
    expect((await mutationLines(emu)).filter((line) => line.includes("/groups"))).toEqual([]);
    expect(await groupLines(emu)).toContain(`${id} Night owls`);

    tf.workspace("groups", main("Night owls", true));
    await tf.ok(dir, ["apply", "-auto-approve", "-no-color"]);
    const second = await groupId();
    await campaignUsing(emu, second);
    await emu.clearRequests();
    await tf.ok(dir, ["destroy", "-auto-approve", "-no-color"]);
    expect((await mutationLines(emu)).filter((line) => line.includes("/groups"))).toEqual([
      `DELETE /v2/groups/${second}`,
    ]);
  });
});
