import { afterEach, describe, expect, test, vi } from "vitest";
import { journalAdd } from "../../../provider/core/create-journal";
import { removeLeftovers } from "../../../provider/core/create-once";
import {
  ConsoleErrorFilter,
  type DiagnosticSink,
  forResource,
  notice,
  printError,
  printFatal,
  printLine,
  warn,
} from "../../../provider/core/diagnostics";

const URN = "urn:pulumi:dev::p::sender:index/campaign:Campaign::welcome";

function capture(stream: NodeJS.WriteStream): string[] {
  const written: string[] = [];
  vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  return written;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("the diagnostics sink", () => {
  test("outside an operation a warning and a notice are one line each on stderr", () => {
    const stderr = capture(process.stderr);
    warn("the journal is gone");
    notice("note: adopted");
    expect(stderr).toEqual(["warning: the journal is gone\n", "note: adopted\n"]);
  });

  test("inside an operation each line reaches its sink with the URN, delivered before the operation ends", async () => {
    const stderr = capture(process.stderr);
    const lines: [string, string, string | undefined][] = [];
    let delivered = false;
    const sink: DiagnosticSink = async (severity, message, urn) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      lines.push([severity, message, urn]);
      delivered = true;
    };
    const answer = await forResource(
      URN,
      async () => {
        warn("w");
        notice("n");
        return 7;
      },
      sink,
    );
    expect(answer).toBe(7);
    expect(delivered).toBe(true);
    expect(lines).toEqual([
      ["warning", "w", URN],
      ["info", "n", URN],
    ]);
    expect(stderr).toEqual([]);
  });

  test("create-once's warnings go through the operation's sink, not stderr", async () => {
    const stderr = capture(process.stderr);
    const lines: string[] = [];
    vi.stubEnv("PULUMI_SENDER_JOURNAL_DIR", "/dev/null/journal");
    await forResource(
      URN,
      async () => {
        await removeLeftovers({
          kind: "Campaign",
          idOf: (o: { id: string }) => o.id,
          ownId: "c1",
          list: async () => {
            throw new Error("the list failed");
          },
          removable: () => true,
          remove: async () => undefined,
        });
        journalAdd("Campaign-1a2b3c4d-5e6f7a8b", "c1");
      },
      (severity, message) => {
        lines.push(`${severity}: ${message}`);
      },
    );
    expect(lines).toEqual([
      "warning: Campaign c1: could not look for leftovers: the list failed",
      expect.stringMatching(
        /^warning: could not write the create journal \/dev\/null\/journal\/Campaign-1a2b3c4d-5e6f7a8b\.json: /,
      ),
    ]);
    expect(stderr).toEqual([]);
  });

  test("a command-line tool's lines: results on stdout, progress and failures on stderr", () => {
    const stdout = capture(process.stdout);
    const stderr = capture(process.stderr);
    printLine("schema: wrote sdks/schema.json");
    printError("reading the account");
    printFatal(new Error("boom"));
    printFatal("plain");
    expect(stdout).toEqual(["schema: wrote sdks/schema.json\n"]);
    expect(stderr[0]).toBe("reading the account\n");
    expect(stderr[1]).toMatch(/^Error: boom\n {4}at /);
    expect(stderr[2]).toBe("plain\n");
  });
});

describe("ConsoleErrorFilter", () => {
  const saved = console.error;
  afterEach(() => {
    console.error = saved;
  });

  test("drops the lines its drop says, once in front however often installed, again once replaced", () => {
    const printed: unknown[][] = [];
    const sink = (...args: unknown[]) => {
      printed.push(args);
    };
    console.error = sink;
    const filter = new ConsoleErrorFilter((line) => line === "echo");
    filter.install();
    const installed = console.error;
    filter.install();
    expect(console.error).toBe(installed);
    console.error("echo");
    console.error("kept");
    console.error("echo", "two arguments");
    console.error = sink;
    filter.install();
    expect(console.error).not.toBe(sink);
    console.error("echo");
    expect(printed).toEqual([["kept"], ["echo", "two arguments"]]);
  });

  test("each filter keeps its own state: a second one goes in front of the first", () => {
    const printed: unknown[] = [];
    console.error = (line: unknown) => {
      printed.push(line);
    };
    new ConsoleErrorFilter((line) => line === "a").install();
    new ConsoleErrorFilter((line) => line === "b").install();
    for (const line of ["a", "b", "c"]) console.error(line);
    expect(printed).toEqual(["c"]);
  });
});
