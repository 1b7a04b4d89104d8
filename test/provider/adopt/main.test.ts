import { describe, expect, test } from "vitest";
import { AdoptUsageError, runAdopt, USAGE } from "../../../provider/adopt/main";

const io = (env: NodeJS.ProcessEnv = {}) => {
  const printed: string[] = [];
  return { printed, io: { env, out: (text: string) => printed.push(text), progress: () => {} } };
};

describe("pulumi-sender adopt: usage", () => {
  test("--help prints the usage and succeeds; no command prints it and fails with 2", async () => {
    const help = io();
    expect(await runAdopt(["adopt", "--help"], help.io)).toBe(0);
    expect(help.printed).toEqual([`${USAGE}\n`]);
    const none = io();
    expect(await runAdopt([], none.io)).toBe(2);
  });

  test.each([
    [["adopt"], "--out <dir> is required"],
    [["import"], 'pulumi-sender: unknown command "import"'],
    [
      ["adopt", "--out", "x", "--status", "done"],
      '--status "done": each must be one of DRAFT, SCHEDULED, SENDING, SENT',
    ],
    [
      ["adopt", "--out", "x", "--created-after", "someday"],
      '--created-after "someday": not a date (2026-01-31 or an ISO 8601 time)',
    ],
    [["adopt", "--out", "x"], "no API token: set SENDER_API_TOKEN or pass --token (it is never printed)"],
    [["adopt", "--out", "x", "--format", "json"], '--format "json": must be pulumi or hcl'],
  ])("%j fails with one line, then the usage", async (argv, line) => {
    const error = await runAdopt(argv, io().io).catch((err: Error) => err);
    expect(error).toBeInstanceOf(AdoptUsageError);
    expect((error as Error).message).toBe(`${line}\n${USAGE}`);
  });
});
