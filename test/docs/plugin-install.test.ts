import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { PLUGIN_DOWNLOAD_URL } from "../../provider/plugin/schema";
import { ROOT } from "../support/root";

// Every `pulumi plugin install` the docs and templates give that downloads the plugin (no `-f`)
// names the server: without `--server`, the CLI looks for the plugin on the servers of Pulumi's own
// plugins, which have no `sender`, so the line as written fails (the report of issue 46).

/**
 * Each `pulumi plugin install resource …` of a Markdown text: whole lines of its code blocks, and
 * inline code (a bare `pulumi plugin install` names the command, and installs nothing).
 */
function pluginInstallCommands(text: string): string[] {
  const found: string[] = [];
  const prose = text.replace(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm, (_all, _fence, body: string) => {
    for (const line of body.split("\n")) {
      const at = line.indexOf("pulumi plugin install");
      if (at >= 0)
        found.push(
          line
            .slice(at)
            .replace(/\s+#.*$/, "")
            .trim(),
        );
    }
    return "";
  });
  for (const [, code] of prose.matchAll(/`([^`]+)`/g))
    found.push((code as string).replace(/\s+/g, " ").trim());
  return found.filter((command) => command.startsWith("pulumi plugin install resource "));
}

/** Whether a command downloads the plugin (rather than taking it from a file with `-f`/`--file`). */
const downloads = (command: string) => !/\s(-f|--file)(\s|=|$)/.test(command);

const files = execFileSync(
  "git",
  [
    "ls-files",
    "--cached",
    "--others",
    "--exclude-standard",
    "--",
    "README.md",
    "docs/*.md",
    "templates/*.md",
    "examples/*.md",
  ],
  { cwd: ROOT, encoding: "utf8" },
)
  .split("\n")
  .filter(Boolean);

describe("the docs' and templates' pulumi plugin install lines", () => {
  const commands = files.flatMap((file) =>
    pluginInstallCommands(fs.readFileSync(path.join(ROOT, file), "utf8")).map((command) => ({
      file,
      command,
    })),
  );

  test("are found in the templates and the install pages", () => {
    const where = new Set(commands.filter((c) => downloads(c.command)).map((c) => c.file));
    for (const file of [
      "docs/installation-configuration.md",
      "docs/installing.md",
      "templates/python/README.md",
      "templates/java/README.md",
      "templates/go/README.md",
      "templates/yaml/README.md",
      "templates/typescript-native/README.md",
    ])
      expect([file, where.has(file)]).toEqual([file, true]);
  });

  test("each that downloads names the schema's pluginDownloadURL as --server", () => {
    const wrong = commands.filter(
      ({ command }) => downloads(command) && !command.includes(`--server ${PLUGIN_DOWNLOAD_URL}`),
    );
    expect(wrong).toEqual([]);
  });
});

describe("the commands' finder", () => {
  test("takes code-block lines and inline code, wrapped or not, and nothing else", () => {
    const text = [
      "Run `pulumi plugin install",
      "resource sender 0.1.0` or not; `pulumi plugin install` alone, or in prose, is no command.",
      "",
      "```sh",
      "pulumi plugin install resource sender 0.1.0 -f x.tar.gz   # from the file",
      "echo done",
      "```",
    ].join("\n");
    expect(pluginInstallCommands(text)).toEqual([
      "pulumi plugin install resource sender 0.1.0 -f x.tar.gz",
      "pulumi plugin install resource sender 0.1.0",
    ]);
    expect([
      downloads("pulumi plugin install resource sender 0.1.0 -f x.tar.gz"),
      downloads("pulumi plugin install resource sender 0.1.0"),
    ]).toEqual([false, true]);
  });
});
