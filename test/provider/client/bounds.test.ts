import { spawn } from "node:child_process";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SenderClient, SenderResponseValidationError, SenderTimeoutError } from "../../../provider/client";
import { parseJsonBody } from "../../../provider/client/body";
import * as f from "./helpers/fixtures";
import { type HostileServer, startHostileServer } from "./helpers/hostile-server";

const ROOT = path.resolve(__dirname, "../../..");
const CHILD = path.join(__dirname, "helpers/bounded-child.ts");
const AMBIGUOUS = " (the service accepted the request, so what it made or changed may exist)";
const NEW_CAMPAIGN = { subject: "s", from: "f", reply_to: "a@b.c", content_type: "html" } as const;
/** Peak memory of a child process that met a huge or endless body. */
const MAX_PEAK_RSS_KB = 300 * 1024;

let server: HostileServer;

beforeAll(async () => {
  server = await startHostileServer();
});
afterAll(() => server.close());

/** A client whose attempts last at most 1 s, as with `sender:requestTimeoutSeconds` 1. */
function client(retry: { maxAttempts?: number; deadlineMs?: number } = { maxAttempts: 1 }): SenderClient {
  return new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, timeoutMs: 1_000, retry });
}

async function failure(promise: Promise<unknown>): Promise<Error & { ambiguous?: boolean }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { ambiguous?: boolean };
  }
  throw new Error("expected a rejection");
}

function expectOneLine(error: Error): void {
  expect(error.message.split("\n")).toHaveLength(1);
  expect(error.message).not.toContain(f.TOKEN);
  expect(JSON.stringify(error)).not.toContain(f.TOKEN);
}

interface ChildReport {
  message: string;
  ambiguous: boolean | undefined;
  startRssKb: number;
  peakRssKb: number;
}

/** Runs one call in a child process (so that its memory is measured alone); killed after 60 s. */
function runChild(call: "get" | "create"): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-r", "ts-node/register", CHILD, server.url, call], {
      cwd: ROOT,
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "1", TS_NODE_PROJECT: "tsconfig.spec.json" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const guard = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (code, signal) => {
      clearTimeout(guard);
      if (code !== 0) reject(new Error(`child ended with ${code ?? signal}: ${stderr}`));
      else resolve(JSON.parse(stdout) as ChildReport);
    });
  });
}

describe("an answer's body is bounded", () => {
  it("JSON nested 64 deep reads; one level more is too deep, before the parser sees it", () => {
    const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    expect(parseJsonBody(nested(64)).ok).toBe(true);
    expect(parseJsonBody(nested(65))).toEqual({ ok: false, problem: "too-deep" });
  });

  it("an endless 200 body stops at the size cap, with one line, in bounded memory", async () => {
    server.answer({ kind: "endless" });
    const report = await runChild("get");
    expect(report.message).toBe(
      "GET /v2/campaigns/b6gXkQ answered 200 with an unexpected body: (body): the body is larger than 16 MiB, the most the client reads",
    );
    expect(report.ambiguous).toBe(false);
    expect(report.peakRssKb).toBeLessThan(MAX_PEAK_RSS_KB);
  }, 90_000);

  it("an endless 200 body to a create is ambiguous: the object may exist", async () => {
    server.answer({ kind: "endless" });
    const report = await runChild("create");
    expect(report.message).toBe(
      `POST /v2/campaigns answered 200 with an unexpected body: (body): the body is larger than 16 MiB, the most the client reads${AMBIGUOUS}`,
    );
    expect(report.ambiguous).toBe(true);
    expect(report.peakRssKb).toBeLessThan(MAX_PEAK_RSS_KB);
  }, 90_000);

  it("a 100 MB body is refused at the cap, in bounded memory", async () => {
    server.answer({ kind: "huge", bytes: 100 * 1024 * 1024 });
    const report = await runChild("get");
    expect(report.message).toBe(
      "GET /v2/campaigns/b6gXkQ answered 200 with an unexpected body: (body): the body is larger than 16 MiB, the most the client reads",
    );
    expect(report.peakRssKb).toBeLessThan(MAX_PEAK_RSS_KB);
  }, 90_000);

  it("a body trickling a byte a second fails at the attempt's timeout, with one line", async () => {
    server.answer({ kind: "trickle" });
    const error = await failure(client().getCampaign("b6gXkQ"));
    expect(error).toBeInstanceOf(SenderTimeoutError);
    expect(error.message).toBe("GET /v2/campaigns/b6gXkQ timed out after 1000 ms waiting for the answer");
    expectOneLine(error);
  });

  it("a trickle is cut at a long timeout too, which undici's body timeout alone never reached", async () => {
    // undici's timeouts restart at every byte; the attempt's own deadline does not.
    server.answer({ kind: "trickle" });
    const slow = new SenderClient({
      baseUrl: server.url,
      apiToken: f.TOKEN,
      timeoutMs: 5_000,
      retry: { maxAttempts: 1 },
    });
    const error = await failure(slow.getCampaign("b6gXkQ"));
    expect(error.message).toBe("GET /v2/campaigns/b6gXkQ timed out after 5000 ms waiting for the answer");
  });

  it("a trickle to a create times out ambiguously", async () => {
    server.answer({ kind: "trickle" });
    const error = await failure(client().createCampaign(NEW_CAMPAIGN));
    expect(error).toBeInstanceOf(SenderTimeoutError);
    expect(error.message).toBe("POST /v2/campaigns timed out after 1000 ms waiting for the answer");
    expect(error.ambiguous).toBe(true);
    expectOneLine(error);
  });

  it("a trickle with retries ends by the retry deadline, naming the route", async () => {
    server.answer({ kind: "trickle" });
    const before = server.requests.length;
    const error = await failure(client({ deadlineMs: 3_000 }).getCampaign("b6gXkQ"));
    expect(error).toBeInstanceOf(SenderTimeoutError);
    expect(error.message).toMatch(
      /^GET \/v2\/campaigns\/b6gXkQ timed out after \d+ ms waiting for the answer$/,
    );
    // Each attempt gave up at its timeout: at most three 1 s attempts fit in a 3 s deadline.
    expect(server.requests.length - before).toBeGreaterThanOrEqual(2);
    expect(server.requests.length - before).toBeLessThanOrEqual(3);
  });

  const deepArray = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
  const deepObject = `${'{"data":'.repeat(100_000)}{}${"}".repeat(100_000)}`;

  it("100,000-level deep JSON on a GET fails with one line, not a stack overflow", async () => {
    server.answer({ kind: "text", status: 200, text: deepArray });
    const error = await failure(client().getCampaign("b6gXkQ"));
    expect(error).toBeInstanceOf(SenderResponseValidationError);
    expect(error.message).toBe(
      "GET /v2/campaigns/b6gXkQ answered 200 with an unexpected body: (body): the body nests deeper than 64 levels, the most the client reads",
    );
    expect(error.ambiguous).toBe(false);
    expectOneLine(error);
  });

  it("100,000-level deep JSON answering a create is ambiguous: the object may exist", async () => {
    server.answer({ kind: "text", status: 201, text: deepObject });
    const error = await failure(client().createCampaign(NEW_CAMPAIGN));
    expect(error).toBeInstanceOf(SenderResponseValidationError);
    expect(error.message).toBe(
      `POST /v2/campaigns answered 201 with an unexpected body: (body): the body nests deeper than 64 levels, the most the client reads${AMBIGUOUS}`,
    );
    expect(error.ambiguous).toBe(true);
    expectOneLine(error);
  });

  it("deep JSON in an error answer keeps the status and its text", async () => {
    server.answer({ kind: "text", status: 422, text: deepArray });
    const error = await failure(client().getCampaign("b6gXkQ"));
    expect(error.message).toBe("GET /v2/campaigns/b6gXkQ failed with 422");
    // The unreadable text is kept, cut to 4 KB (an error never holds a whole hostile body).
    expect((error as Error & { body?: unknown }).body).toBe(
      `${deepArray.slice(0, 4096)}… [${deepArray.length - 4096} more characters cut]`,
    );
  });

  it("JSON of 64 levels is read, of 65 refused", async () => {
    // The envelope and the record are two levels; brackets inside strings do not count.
    const body = (levels: number) =>
      JSON.stringify({ data: { ...f.campaign, id: "x", title: "[{[{", extra: 0 } }).replace(
        '"extra":0',
        `"extra":${"[".repeat(levels - 2)}${"]".repeat(levels - 2)}`,
      );
    server.answer({ kind: "text", status: 200, text: body(64) });
    expect((await client().getCampaign("x")).title).toBe("[{[{");
    server.answer({ kind: "text", status: 200, text: body(65) });
    expect((await failure(client().getCampaign("x"))).message).toBe(
      "GET /v2/campaigns/x answered 200 with an unexpected body: (body): the body nests deeper than 64 levels, the most the client reads",
    );
  });
});

describe("ids are exact", () => {
  it("a numeric id beyond 2^53 keeps its digits", async () => {
    const text = JSON.stringify({ data: { ...f.campaign, id: 0, domain_id: 0 } })
      .replace('"id":0', '"id":12345678901234567890123')
      .replace('"domain_id":0', '"domain_id":98765432109876543210');
    server.answer({ kind: "text", status: 200, text });
    const read = await client().getCampaign("b6gXkQ");
    expect(read.id).toBe("12345678901234567890123");
    expect(read.domain_id).toBe("98765432109876543210");
    expect(read.recipient_count).toBe(0);
  });

  it("in a list, and beside safe integers and decimals that stay numbers", async () => {
    const text = JSON.stringify(
      f.page([{ ...f.campaign, id: 0, recipient_count: 9007199254740991, opens: 1.5 }]),
    ).replace('"id":0', '"id":12345678901234567890123');
    server.answer({ kind: "text", status: 200, text });
    const page = await client().listCampaigns();
    expect(page.data[0]?.id).toBe("12345678901234567890123");
    expect(page.data[0]?.recipient_count).toBe(9007199254740991);
    expect(page.data[0]?.opens).toBe(1.5);
  });
});
