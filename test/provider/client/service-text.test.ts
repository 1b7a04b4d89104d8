import { afterAll, beforeAll, describe, expect } from "vitest";
import {
  boundFieldErrors,
  SenderClient,
  SenderHttpError,
  SenderNetworkError,
  serviceText,
  stripControls,
} from "../../../provider/client";
import { leadingMessage } from "../../../provider/client/service-text";
import { it } from "../../support/pulumi-words";
import { type CannedServer, freePort, startCannedServer } from "./helpers/canned-server";
import * as f from "./helpers/fixtures";

const ESC = "\u001b";

describe("stripControls", () => {
  it.each([
    ["a CSI colour", `${ESC}[31mred${ESC}[0m`, "red"],
    ["a CSI cursor move with parameters", `a${ESC}[2;5Hb`, "ab"],
    ["an OSC 8 link ended by BEL", `${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;\u0007`, "click"],
    ["an OSC window title ended by ST", `${ESC}]0;owned${ESC}\\text`, "text"],
    ["an unterminated OSC eats the rest", `ok${ESC}]0;title without end`, "ok"],
    ["8-bit CSI (C1)", "a\u009b31mb", "ab"],
    ["line breaks and tabs become one space", "one\r\ntwo\tthree", "one two three"],
    ["NUL, DEL and other C0/C1 controls", "a\u0000b\u007fc\u0085d", "a b c d"],
    ["bidirectional overrides", "abc\u202eevil\u2066x", "abc evil x"],
    ["a lone ESC", `a${ESC}`, "a"],
    ["plain text and emoji are kept", "Café 👋 ok", "Café 👋 ok"],
  ])("%s", (_name, input, expected) => {
    expect(stripControls(input)).toBe(expected);
  });
});

describe("serviceText", () => {
  it("keeps a short clean text as it is", () => {
    expect(serviceText("The reply to must be an address on a verified domain.")).toBe(
      "The reply to must be an address on a verified domain.",
    );
  });

  it("cuts an 8 MB text to 1,000 characters and says how many were cut", () => {
    const text = "x".repeat(8 * 1024 * 1024);
    expect(serviceText(text)).toBe(`${"x".repeat(1000)}… [8387608 more characters cut]`);
  });

  it("cuts on a code point boundary: never half an emoji", () => {
    const text = `${"a".repeat(999)}${"👋".repeat(5)}`;
    // 999 letters and one whole emoji (two UTF-16 units); four emoji cut.
    expect(serviceText(text)).toBe(`${"a".repeat(999)}👋… [4 more characters cut]`);
  });

  it("strips escape sequences before cutting, so none is cut in half", () => {
    expect(serviceText(`${ESC}[31m${"y".repeat(10)}${ESC}[0m`, 4)).toBe("yyyy… [6 more characters cut]");
  });

  it("is never longer than its cap plus the note, whatever the input", () => {
    const hostile = `${`${ESC}]0;t\u0007`.repeat(10_000)}${"z".repeat(100_000)}`;
    const shown = serviceText(hostile);
    expect(shown.length).toBeLessThan(1100);
    expect(shown).not.toContain(ESC);
  });
});

describe("boundFieldErrors", () => {
  it("keeps the first 10 fields and counts the rest, without copying them", () => {
    const errors: Record<string, string[]> = {};
    for (let i = 0; i < 200_000; i++) errors[`field${i}`] = [`Field ${i} is wrong.`];
    const bounded = boundFieldErrors(errors);
    expect(Object.keys(bounded.shown)).toEqual(Array.from({ length: 10 }, (_, i) => `field${i}`));
    expect(bounded.shown.field3).toEqual(["Field 3 is wrong."]);
    expect(bounded.more).toBe(199_990);
  });

  it("cleans names and messages, keeps at most 3 messages a field, and reads a string as a list", () => {
    expect(
      boundFieldErrors({
        [`a${ESC}[1m`]: ["1", "2", "3", "4"],
        b: `bad${ESC}]0;x\u0007 value\nsecond line`,
        c: { nested: true },
      }),
    ).toEqual({
      shown: { a: ["1", "2", "3"], b: ["bad value second line"], c: ['{"nested":true}'] },
      more: 0,
    });
  });

  it("reads anything but an object as no field errors", () => {
    expect(boundFieldErrors([])).toEqual({ shown: {}, more: 0 });
    expect(boundFieldErrors("x")).toEqual({ shown: {}, more: 0 });
  });
});

describe("leadingMessage", () => {
  it("decodes the start of a cut body's message, dropping a half escape", () => {
    expect(leadingMessage('{"message":"Too \\"big\\" \\u00e9\\u00')).toBe('Too "big" é');
    expect(leadingMessage('  { "message" : "abc')).toBe("abc");
  });

  it("finds nothing in a body that does not open with a message", () => {
    expect(leadingMessage('{"errors":{},"message":"x"}')).toBeUndefined();
    expect(leadingMessage("<html>")).toBeUndefined();
  });
});

describe("the client's errors carry bounded, safe service text", () => {
  let server: CannedServer;
  beforeAll(async () => {
    server = await startCannedServer();
  });
  afterAll(() => server.close());

  const client = () =>
    new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, retry: { maxAttempts: 1 } });
  async function failure(promise: Promise<unknown>): Promise<Error> {
    try {
      await promise;
    } catch (error) {
      return error as Error;
    }
    throw new Error("expected a rejection");
  }

  it("a 400 with an 8 MB message and escape sequences: one line of about 1 KB, no ESC", async () => {
    const message = `${ESC}[2J${ESC}]8;;https://evil.example\u0007Click${ESC}]8;;\u0007 ${"A".repeat(8 * 1024 * 1024)}`;
    server.handle(() => ({ status: 400, body: { message } }));
    const error = (await failure(client().getCampaign("abc"))) as SenderHttpError;
    expect(SenderHttpError.is(error)).toBe(true);
    // The body passes the 1 MiB cap of an error: its message is read from the start of it.
    expect(error.message).toBe(
      `GET /v2/campaigns/abc failed with 400: Click ${"A".repeat(994)}… [cut] (the answer passed 1 MiB, the most the client reads of an error; the rest was not read)`,
    );
    expect(error.message).not.toContain(ESC);
  });

  it("a 400 with a short message full of escapes: the message, cleaned", async () => {
    server.handle(() => ({
      status: 400,
      body: { message: `${ESC}[31mCampaign\r\nis ${ESC}]0;pwned\u0007sent.` },
    }));
    const error = await failure(client().getCampaign("abc"));
    expect(error.message).toBe("GET /v2/campaigns/abc failed with 400: Campaign is sent.");
  });

  it("a 422 with 20,000 field errors: the first 10 and how many more", async () => {
    const errors: Record<string, string[]> = {};
    for (let i = 0; i < 20_000; i++) errors[`f${i}`] = ["bad"];
    server.handle(() => ({ status: 422, body: { message: "The given data was invalid.", errors } }));
    const error = (await failure(
      client().createCampaign({ subject: "s", from: "x", reply_to: "a@b.c", content_type: "html" }),
    )) as SenderHttpError;
    const shown = Array.from({ length: 10 }, (_, i) => `f${i}: bad`).join("; ");
    expect(error.message).toBe(`POST /v2/campaigns failed with 422: ${shown}; … and 19990 more fields`);
    expect(Object.keys(error.fieldErrors)).toHaveLength(10);
    expect(error.moreFieldErrors).toBe(19_990);
  });

  it("a refused connection: what was tried and what to check, after 2 attempts, not 5", async () => {
    const port = await freePort();
    const refused = new SenderClient({ baseUrl: `http://127.0.0.1:${port}`, apiToken: f.TOKEN });
    const error = (await failure(refused.listCampaigns())) as SenderNetworkError;
    expect(SenderNetworkError.is(error)).toBe(true);
    expect(error.attempts).toBe(2);
    expect(error.message).toBe(
      `Cannot reach the Sender API at http://127.0.0.1:${port}: the connection was refused (GET /v2/campaigns, ECONNREFUSED, 2 attempts). Check sender:baseUrl (or SENDER_BASE_URL) and the network.`,
    );
  });
});
