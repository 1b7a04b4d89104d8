// The stack-wide guards under the real engine, with explicit providers, which the engine gives only
// their own arguments: a Pulumi YAML program (`pulumi:providers:sender`) and a Java program
// (`new Provider(...)`), each scheduling a send 10 minutes out through a provider that states a
// token and an address but no lead, on a stack whose config sets
// `sender:minScheduleLeadMinutes: 120`. The engine hands every provider plugin the stack config in
// PULUMI_CONFIG, and the provider takes the stack's guards from it (provider/core/config.ts,
// stackWideValues): each `up` is refused with one line and no schedule request reaches the service.
// Two stacks, one `up` each.
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freshDir } from "../support/folders";
import { javaOnSdkArtifact } from "../support/languages";
import { pluginPath } from "../support/plugin";
import { createStack, type EmulatorHandle, emulator, type StackHandle } from "../support/stack";

const TOKEN = "tok-e2e-guards-Hv6Rq2Lz";

/** An ISO time `ms` from now, to the second. */
const fromNow = (ms: number) => `${new Date(Date.now() + ms).toISOString().slice(0, 19)}Z`;

/** The YAML program: an explicit provider with a token and an address, a campaign, its targeting and its schedule. */
const YAML_PROGRAM = `name: guards-yaml
runtime: yaml
config:
  token:
    type: string
    secret: true
  url:
    type: string
  sendAt:
    type: string
resources:
  account:
    type: pulumi:providers:sender
    properties:
      apiToken: \${token}
      baseUrl: \${url}
  news:
    type: sender:index:Campaign
    properties:
      title: Guarded news
      subject: Hello
      from: Example News
      replyTo: news@example.com
      contentType: text
      content: Hello.
    options:
      provider: \${account}
  audience:
    type: sender:index:CampaignTargeting
    properties:
      campaignId: \${news.id}
      tagIds: [tag001]
    options:
      provider: \${account}
  send:
    type: sender:index:CampaignSchedule
    properties:
      campaignId: \${news.id}
      scheduleTime: \${sendAt}
    options:
      provider: \${account}
      dependsOn:
        - \${audience}
`;

/** The Java program: the same resources, the provider made with `new Provider(...)`. */
const JAVA_PROGRAM = `package guards;

import com.pulumi.Pulumi;
import com.pulumi.resources.CustomResourceOptions;
import io.github.pulumi_sender.sender.Campaign;
import io.github.pulumi_sender.sender.CampaignArgs;
import io.github.pulumi_sender.sender.CampaignSchedule;
import io.github.pulumi_sender.sender.CampaignScheduleArgs;
import io.github.pulumi_sender.sender.CampaignTargeting;
import io.github.pulumi_sender.sender.CampaignTargetingArgs;
import io.github.pulumi_sender.sender.Provider;
import io.github.pulumi_sender.sender.ProviderArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var config = ctx.config();
            var account = new Provider("account", ProviderArgs.builder()
                .apiToken(config.requireSecret("token"))
                .baseUrl(config.require("url"))
                .build());
            var on = CustomResourceOptions.builder().provider(account).build();
            var news = new Campaign("news", CampaignArgs.builder()
                .title("Guarded news")
                .subject("Hello")
                .from("Example News")
                .replyTo("news@example.com")
                .contentType("text")
                .content("Hello.")
                .build(), on);
            var audience = new CampaignTargeting("audience", CampaignTargetingArgs.builder()
                .campaignId(news.id())
                .tagIds("tag001")
                .build(), on);
            new CampaignSchedule("send", CampaignScheduleArgs.builder()
                .campaignId(news.id())
                .scheduleTime(config.require("sendAt"))
                .build(), CustomResourceOptions.builder().provider(account).dependsOn(audience).build());
        });
    }
}
`;

/** The lines of `output` that are the refusal, each once. */
const refusals = (output: string) => [
  ...new Set(
    output
      .split("\n")
      .map((line) => line.trim())
      // The engine's own lines; its progress display repeats each after the resource's name.
      .filter(
        (line) => line.startsWith("error: ") && line.includes("sender:minScheduleLeadMinutes requires"),
      ),
  ),
];

/**
 * One stack of a program with an explicit provider: the stack sets the guard, the provider's
 * arguments the token and the address only; `up` is refused before the schedule is sent.
 */
function guardedStack(title: string, write: (dir: string) => Promise<Record<string, string>>): void {
  describe(title, () => {
    let emu: EmulatorHandle;
    let h: StackHandle;

    beforeAll(async () => {
      emu = await emulator(TOKEN);
      const dir = freshDir(`guards-${/^\w+/.exec(title)![0].toLowerCase()}`);
      fs.mkdirSync(dir, { recursive: true });
      const env = await write(dir);
      h = await createStack(dir, emu, { url: emu.url, "sender:minScheduleLeadMinutes": "120" }, env);
      await h.stack.setConfig("token", { value: TOKEN, secret: true });
      // The explicit provider's own arguments: the default provider's keys are not what it reads.
      await h.stack.removeConfig("sender:apiToken");
      await h.stack.removeConfig("sender:baseUrl");
    });
    afterAll(async () => {
      await h?.dispose();
      await emu?.close();
    });

    test("a send 10 minutes out through an explicit provider is refused by the stack's 120-minute lead, in one line, and never scheduled", async () => {
      // Set just before the run: a Java build may take minutes.
      await h.stack.setConfig("sendAt", { value: fromNow(10 * 60_000) });
      const up = await h.stack.up({ onOutput: h.onOutput }).then(
        () => "",
        (error: unknown) => String(error),
      );
      const output = `${h.output.join("")}${up}`;
      expect(up).not.toBe("");
      const [line, ...more] = refusals(output);
      expect(more).toEqual([]);
      expect(line).toMatch(
        /error: create CampaignSchedule \w+ failed: scheduleTime \S+ \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\) is (\d|10) minutes from now, less than the 120 minutes sender:minScheduleLeadMinutes requires: move scheduleTime to \d{4}-\d\d-\d\d \d\d:\d\d:00 UTC or later$/,
      );
      // The campaign and its targeting were made through the explicit provider; the schedule was not.
      const requests = await emu.requests();
      expect(requests.filter((r) => r.method === "POST" && r.path === "/v2/campaigns").length).toBe(1);
      expect(requests.filter((r) => r.path.endsWith("/schedule"))).toEqual([]);
    });
  });
}

guardedStack("YAML, pulumi:providers:sender", async (dir) => {
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), YAML_PROGRAM);
  return { PATH: pluginPath() };
});

guardedStack("Java, new Provider(...)", async (dir) => {
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    "name: guards-java\nruntime: java\nconfig:\n  token:\n    type: string\n    secret: true\n  url:\n    type: string\n  sendAt:\n    type: string\n",
  );
  const sources = path.join(dir, "src/main/java/guards");
  fs.mkdirSync(sources, { recursive: true });
  fs.writeFileSync(path.join(sources, "App.java"), JAVA_PROGRAM);
  return { PATH: pluginPath(), ...(await javaOnSdkArtifact(dir, "guards-java", "guards.App")) };
});
