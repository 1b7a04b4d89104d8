import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, vi } from "vitest";
import {
  SenderClient,
  SenderConfigError,
  SenderError,
  SenderHttpError,
  SenderNetworkError,
  SenderResponseValidationError,
  SenderTimeoutError,
} from "../../../provider/client";
import { it } from "../../support/pulumi-words";
import { type CannedServer, freePort, startCannedServer } from "./helpers/canned-server";
import * as f from "./helpers/fixtures";

const UNAUTHORIZED_HINT =
  " (the service refused the API token: check `sender:apiToken` (set it with `pulumi config set --secret sender:apiToken <token>`) or SENDER_API_TOKEN)";

let server: CannedServer;
let client: SenderClient;

beforeAll(async () => {
  server = await startCannedServer();
  client = new SenderClient({ baseUrl: server.url, apiToken: f.TOKEN, retry: { maxAttempts: 1 } });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

function expectNoToken(value: unknown): void {
  expect(String(value)).not.toContain(f.TOKEN);
  expect(JSON.stringify(value)).not.toContain(f.TOKEN);
  expect(inspect(value, { depth: 10, showHidden: true })).not.toContain(f.TOKEN);
  if (value instanceof Error) expect(value.stack ?? "").not.toContain(f.TOKEN);
}

describe("HTTP errors", () => {
  it("should format a 422 with its field errors, normalising a single string to a list", async () => {
    server.handle(() => ({
      status: 422,
      body: {
        message: "The given data was invalid.",
        errors: { reply_to: ["must be an address on a verified domain"], subject: "is required" },
      },
    }));
    const error = await failure(
      client.createCampaign({ subject: "", from: "x", reply_to: "a@b.c", content_type: "html" }),
    );
    expect(error).toBeInstanceOf(SenderHttpError);
    const http = error as SenderHttpError;
    expect(http.message).toBe(
      "POST /v2/campaigns failed with 422: reply_to: must be an address on a verified domain; subject: is required",
    );
    expect(http.fieldErrors).toEqual({
      reply_to: ["must be an address on a verified domain"],
      subject: ["is required"],
    });
    expect(http.status).toBe(422);
    expect(http.method).toBe("POST");
    expect(http.path).toBe("/v2/campaigns");
    expect(http.apiMessage).toBe("The given data was invalid.");
    expect(http.ambiguous).toBe(false);
    expect(http.attempts).toBe(1);
    expect(http.name).toBe("SenderHttpError");
  });

  it("should list every message of a field with several", async () => {
    server.handle(() => ({
      status: 422,
      body: { message: "The given data was invalid.", errors: { "tags_arr.0": ["unknown", "bad"] } },
    }));
    const error = (await failure(client.setTags("b6gXkQ", ["x"]))) as SenderHttpError;
    expect(error.message).toBe(
      "POST /v2/campaigns/b6gXkQ/tags/set failed with 422: tags_arr.0: unknown; tags_arr.0: bad",
    );
  });

  it("should use the API message for a 404 and leave the query out of the path", async () => {
    server.handle(() => ({ status: 404, body: { message: "Campaign nope not found." } }));
    const error = (await failure(client.getCampaign("nope"))) as SenderHttpError;
    expect(error.message).toBe("GET /v2/campaigns/nope failed with 404: Campaign nope not found.");
    expect(error.fieldErrors).toEqual({});
    server.handle(() => ({ status: 400, body: { success: false, message: "No campaigns found." } }));
    const deleted = (await failure(client.deleteCampaigns(["a"]))) as SenderHttpError;
    expect(deleted.message).toBe("DELETE /v2/campaigns failed with 400: No campaigns found.");
    expect(deleted.path).toBe("/v2/campaigns");
  });

  it("should keep a non-JSON error body as text and say only the status", async () => {
    server.handle(() => ({ status: 500, raw: "<html>oops</html>" }));
    const error = (await failure(client.listPlans())) as SenderHttpError;
    expect(error.message).toBe("GET /v2/plans failed with 500");
    expect(error.body).toBe("<html>oops</html>");
    expect(error.apiMessage).toBeUndefined();
  });

  it("should report 401 with the API message", async () => {
    server.handle(() => ({ status: 401, body: { message: "Unauthenticated." } }));
    const error = (await failure(client.listImageFolders())) as SenderHttpError;
    expect(error.message).toBe(`GET /v2/imageFolders failed with 401: Unauthenticated.${UNAUTHORIZED_HINT}`);
    expect(error.toJSON()).toEqual({
      name: "SenderHttpError",
      kind: "http",
      message: `GET /v2/imageFolders failed with 401: Unauthenticated.${UNAUTHORIZED_HINT}`,
      ambiguous: false,
      status: 401,
      method: "GET",
      path: "/v2/imageFolders",
      apiMessage: "Unauthenticated.",
      fieldErrors: {},
      moreFieldErrors: 0,
      retryAfterSeconds: undefined,
      attempts: 1,
      location: undefined,
    });
  });

  it("should carry Retry-After seconds", async () => {
    // Its own server: the 429 pauses every client of that service for 7 s.
    const limited = await startCannedServer();
    limited.handle(() => ({
      status: 429,
      headers: { "retry-after": "7" },
      body: { message: "Too Many Attempts." },
    }));
    const c = new SenderClient({ baseUrl: limited.url, apiToken: f.TOKEN, retry: { maxAttempts: 1 } });
    const error = (await failure(c.getCampaign("x"))) as SenderHttpError;
    await limited.close();
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.message).toBe(
      "GET /v2/campaigns/x failed with 429: Too Many Attempts. (rate limited: the service asked to wait 7 s (Retry-After: 7) before trying again)",
    );
  });

  it("should say how long a 429 asked to wait, at once when that is past the deadline", async () => {
    const limited = await startCannedServer();
    limited.handle(() => ({
      status: 429,
      headers: { "retry-after": "3600" },
      body: { message: "Too Many Attempts." },
    }));
    const c = new SenderClient({ baseUrl: limited.url, apiToken: f.TOKEN });
    const started = Date.now();
    const error = (await failure(c.getCampaign("x"))) as SenderHttpError;
    const elapsed = Date.now() - started;
    await limited.close();
    expect(error.message).toBe(
      "GET /v2/campaigns/x failed with 429: Too Many Attempts. (rate limited: the service asked to wait 60 min (Retry-After: 3600) before trying again)",
    );
    expect([limited.requests.length, elapsed < 10_000]).toEqual([1, true]);
  });

  it("should show a redirect's Location and say it is never followed", async () => {
    server.handle(() => ({
      status: 301,
      headers: { location: `https://elsewhere.example/v2/plans?token=${f.TOKEN}` },
      raw: "",
    }));
    const error = (await failure(client.listPlans())) as SenderHttpError;
    expect(error.message).toBe(
      "GET /v2/plans failed with 301 (a redirect to https://elsewhere.example/v2/plans?token=[redacted]; redirects are never followed, so the token never leaves the configured host: check `sender:baseUrl`)",
    );
    expect(error.location).toBe("https://elsewhere.example/v2/plans?token=[redacted]");
    expect(server.requests.length).toBe(1);
    expectNoToken(error);
  });

  it("should mark an unreadable 2xx answer to a creating POST as ambiguous, and a GET's as not", async () => {
    server.handle(() => ({ status: 201, raw: '{"data": {"id": "trunc' }));
    const post = (await failure(
      client.createCampaign({ subject: "s", from: "x", reply_to: "a@b.c", content_type: "html" }),
    )) as SenderResponseValidationError;
    expect([post.name, post.ambiguous, post.message]).toEqual([
      "SenderResponseValidationError",
      true,
      "POST /v2/campaigns answered 201 with an unexpected body: (body): the body is not JSON (the service accepted the request, so what it made or changed may exist)",
    ]);
    server.handle(() => ({ status: 200, raw: "{" }));
    const get = (await failure(client.listPlans())) as SenderResponseValidationError;
    expect(get.ambiguous).toBe(false);
  });
});

describe("unsafe ids", () => {
  it.each([
    [
      "..",
      '".." is not a safe path segment: it is "..", which URL normalisation would turn into another path',
    ],
    [".", '"." is not a safe path segment: it is ".", which URL normalisation would turn into another path'],
    ["", '"" is not a safe path segment: it is empty'],
    ["a/b", '"a/b" is not a safe path segment: it contains "/"'],
    ["a\nb", '"a\\nb" is not a safe path segment: it contains a control character'],
  ])("should refuse %j before sending anything, naming the route", async (id, reason) => {
    const error = (await failure(client.setTags(id, ["tag001"]))) as Error;
    expect(error.message).toBe(`${reason}, so POST /v2/campaigns/{id}/tags/set was not sent (id)`);
    expect(server.requests.length).toBe(0);
  });

  it("should cut a 100 KB id in the message: one short line", async () => {
    server.handle(() => ({ status: 404, body: { message: "Not found." } }));
    const id = "x".repeat(100_000);
    const error = (await failure(client.getCampaign(id))) as SenderHttpError;
    // Node's HTTP server refuses a 100 KB request line itself, with 431 and no body.
    expect(error.message).toBe(`GET /v2/campaigns/${"x".repeat(40)}…(100000 chars) failed with 431`);
  });

  it("should show the path actually requested, cut, in the answer's message", async () => {
    server.handle(() => ({ status: 404, body: { message: "Not found." } }));
    const id = "é".repeat(2_000);
    const error = (await failure(client.getCampaign(id))) as SenderHttpError;
    const sent = encodeURIComponent(id);
    expect(server.requests[0]?.url).toBe(`/v2/campaigns/${sent}`);
    expect(error.message).toBe(
      `GET /v2/campaigns/${sent.slice(0, 40)}…(12000 chars) failed with 404: Not found.`,
    );
  });
});

describe("response validation", () => {
  it("should throw SenderResponseValidationError, which is not a SenderError, when the body does not fit", async () => {
    // An unknown status is read (open enum); a status that is not a string is not.
    server.handle(() => ({ body: { data: { ...f.campaign, status: 7 } } }));
    const error = await failure(client.getCampaign("b6gXkQ"));
    expect(error).toBeInstanceOf(SenderResponseValidationError);
    expect(SenderError.is(error)).toBe(false);
    expect(SenderResponseValidationError.is(error)).toBe(true);
    const validation = error as SenderResponseValidationError;
    expect(validation.status).toBe(200);
    expect(validation.issues.map((issue) => issue.path)).toEqual([["data", "status"]]);
    expect(validation.message).toBe(
      "GET /v2/campaigns/b6gXkQ answered 200 with an unexpected body: data.status: Invalid input: expected string, received number",
    );
  });

  it("should report a body that is not JSON", async () => {
    server.handle(() => ({ raw: "not json" }));
    const error = (await failure(client.listPlans())) as SenderResponseValidationError;
    expect(error.message).toBe(
      "GET /v2/plans answered 200 with an unexpected body: (body): the body is not JSON",
    );
    expect(error.body).toBe("not json");
  });
});

describe("network errors and timeouts", () => {
  it("should throw SenderNetworkError with the cause for a refused connection, marked as never sent", async () => {
    const port = await freePort();
    const refused = new SenderClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiToken: f.TOKEN,
      retry: { maxAttempts: 1 },
    });
    const error = (await failure(refused.getCampaign("x"))) as SenderNetworkError;
    expect(error).toBeInstanceOf(SenderNetworkError);
    expect(error.code).toBe("ECONNREFUSED");
    expect(error.neverReachedService).toBe(true);
    expect(error.ambiguous).toBe(false);
    expect(error.cause).toBeDefined();
    expect(error.message).toBe(
      `Cannot reach the Sender API at http://127.0.0.1:${port}: the connection was refused (GET /v2/campaigns/x, ECONNREFUSED, 1 attempt). Check sender:baseUrl (or SENDER_BASE_URL) and the network.`,
    );
    expectNoToken(error);
  });

  it("should throw SenderNetworkError, ambiguous, when the socket is closed after sending", async () => {
    server.handle(() => ({ destroy: true }));
    const error = (await failure(
      client.createCampaign({ subject: "s", from: "f", reply_to: "r@example.com", content_type: "text" }),
    )) as SenderNetworkError;
    expect(error).toBeInstanceOf(SenderNetworkError);
    expect(error.neverReachedService).toBe(false);
    expect(error.ambiguous).toBe(true);
    expect(error.message.startsWith("POST /v2/campaigns failed: ")).toBe(true);
  });

  it("should throw SenderTimeoutError when the answer is late", async () => {
    const slow = new SenderClient({
      baseUrl: server.url,
      apiToken: f.TOKEN,
      timeoutMs: 100,
      retry: { maxAttempts: 1 },
    });
    server.handle(() => ({ delayMs: 400, body: { data: f.campaign } }));
    const error = (await failure(slow.getCampaign("b6gXkQ"))) as SenderTimeoutError;
    expect(error).toBeInstanceOf(SenderTimeoutError);
    expect(error.message).toBe("GET /v2/campaigns/b6gXkQ timed out after 100 ms waiting for the answer");
    expect(error.phase).toBe("response");
    expect(error.ambiguous).toBe(true);
    expectNoToken(error);
  });
});

describe("configuration", () => {
  it.each([
    [
      "http://api.sender.net",
      "Invalid Sender client option baseUrl: must use https (got http://api.sender.net); plain http is only allowed for a loopback host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator",
    ],
    [
      "ftp://127.0.0.1",
      "Invalid Sender client option baseUrl: must use https (got ftp://127.0.0.1); plain http is only allowed for a loopback host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator",
    ],
    [
      "http://10.0.0.1:8080",
      "Invalid Sender client option baseUrl: must use https (got http://10.0.0.1:8080); plain http is only allowed for a loopback host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator",
    ],
    [
      "http://127.0.0.1.example.com",
      "Invalid Sender client option baseUrl: must use https (got http://127.0.0.1.example.com); plain http is only allowed for a loopback host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator",
    ],
    [
      "not a url",
      `Invalid Sender client option baseUrl: not a valid URL (got "not a url"): give the scheme and the host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator`,
    ],
    [
      "https://user:pw@api.sender.net",
      "Invalid Sender client option baseUrl: credentials in the URL are not allowed; use apiToken",
    ],
    // A value that is not a URL is shown, but never what may be a password or a token in it.
    [
      "user:s3cret@api.sender.net/v2?token=t0k",
      'Invalid Sender client option baseUrl: must not have a query or fragment (got "…@api.sender.net/v2…"), e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator',
    ],
    [
      "https://us er:s3cret@api sender.net",
      'Invalid Sender client option baseUrl: not a valid URL (got "https://…@api sender.net"): give the scheme and the host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator',
    ],
    [
      "https://api.sender.net/v2?token=t0k",
      'Invalid Sender client option baseUrl: must not have a query or fragment (got "https://api.sender.net/v2…"), e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator',
    ],
  ])("should refuse baseUrl %s", (baseUrl, message) => {
    const error = (() => {
      try {
        new SenderClient({ baseUrl, apiToken: f.TOKEN });
      } catch (e) {
        return e;
      }
    })() as SenderConfigError;
    expect(error).toBeInstanceOf(SenderConfigError);
    expect(error.option).toBe("baseUrl");
    expect(error.message).toBe(message);
  });

  it.each([
    "https://api.sender.net",
    "http://127.0.0.1:1",
    "http://127.9.8.7",
    "http://localhost:8080",
    "http://[::1]:9000",
  ])("should accept baseUrl %s", (baseUrl) => {
    expect(new SenderClient({ baseUrl, apiToken: f.TOKEN }).baseUrl).toBe(baseUrl.replace(/\/$/, ""));
  });

  it("should refuse an empty token and one with a line break, without showing it", () => {
    expect(() => new SenderClient({ baseUrl: "https://api.sender.net", apiToken: " " })).toThrow(
      "Invalid Sender client option apiToken: is empty",
    );
    expect(
      () => new SenderClient({ baseUrl: "https://api.sender.net", apiToken: `${f.TOKEN}\r\nX: y` }),
    ).toThrow("Invalid Sender client option apiToken: contains a line break or NUL character");
  });
});

describe("secrecy of the token", () => {
  it("should not reveal the token through inspect, JSON or String of the client", () => {
    const c = new SenderClient({ baseUrl: "https://api.sender.net", apiToken: f.TOKEN });
    expect(inspect(c, { depth: 10, showHidden: true })).toBe(
      'SenderClient { baseUrl: "https://api.sender.net" }',
    );
    expect(JSON.stringify(c)).toBe('{"baseUrl":"https://api.sender.net"}');
    expect(String(c)).not.toContain(f.TOKEN);
    expect(Object.values(c)).toEqual([]);
  });

  it("should redact the token if the service echoes it in an error or an odd body", async () => {
    server.handle(() => ({
      status: 422,
      body: { message: `bad token ${f.TOKEN}`, errors: { [f.TOKEN]: `echo ${f.TOKEN}` } },
    }));
    const error = await failure(client.getCampaign("x"));
    expectNoToken(error);
    expect((error as SenderHttpError).message).toBe(
      "GET /v2/campaigns/x failed with 422: [redacted]: echo [redacted]",
    );
    server.handle(() => ({ body: { data: { echoed: f.TOKEN } } }));
    expectNoToken(await failure(client.getCampaign("x")));
  });

  it("should blank the token in the error's path when a caller passes it as an id", async () => {
    server.handle(() => ({ status: 404, body: { message: "Campaign not found." } }));
    const error = await failure(client.getCampaign(f.TOKEN));
    expectNoToken(error);
    expect((error as SenderHttpError).message).toBe(
      "GET /v2/campaigns/[redacted] failed with 404: Campaign not found.",
    );
    expect((error as SenderHttpError).path).toBe("/v2/campaigns/[redacted]");
  });

  it("should never pass the token to onRequest", async () => {
    const events: unknown[] = [];
    const logged = new SenderClient({
      baseUrl: server.url,
      apiToken: f.TOKEN,
      onRequest: (event) => events.push(event),
    });
    server.handle(() => ({ body: { data: [] } }));
    await logged.listPlans();
    expect(events).toEqual([
      { method: "GET", path: "/v2/plans", status: 200, attempt: 1, ms: expect.any(Number) },
    ]);
    expect(JSON.stringify(events)).not.toContain(f.TOKEN);
  });
});

describe("brand checks", () => {
  it("should recognise errors from another copy of the module, where instanceof fails", async () => {
    vi.resetModules();
    const copy = await import("../../../provider/client/errors/http-error.js");
    const copyBase = await import("../../../provider/client/errors/sender-error.js");
    expect(copy.SenderHttpError).not.toBe(SenderHttpError);
    const foreign = new copy.SenderHttpError({ method: "GET", path: "/v2/x", status: 500 });
    expect(foreign instanceof SenderHttpError).toBe(false);
    expect(SenderError.is(foreign)).toBe(true);
    expect(SenderHttpError.is(foreign)).toBe(true);
    expect(SenderNetworkError.is(foreign)).toBe(false);
    expect(
      copyBase.SenderError.is(
        new SenderTimeoutError({ method: "GET", path: "/v2/x", timeoutMs: 1, phase: "connect" }),
      ),
    ).toBe(true);
    expect(SenderError.is(new Error("plain"))).toBe(false);
    expect(SenderError.is(null)).toBe(false);
  });
});
