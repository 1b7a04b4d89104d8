import * as fs from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect } from "vitest";
import { SenderConfigError } from "../../../provider/client";
import {
  CONFIG_KEYS,
  CONFIG_TABLE,
  closestConfigKey,
  missingTokenError,
  missingTokenMessage,
  readSettings,
  unknownKeyWarnings,
} from "../../../provider/core/config";
import { ContextHolder } from "../../../provider/core/context";
import { PULUMI_WORDS } from "../../../provider/pulumi/words";
import { test } from "../../support/pulumi-words";

const config = (values: Record<string, string>) => ({ get: (key: string) => values[key], rawConfig: values });

describe("unknown sender:* keys", () => {
  test.each([
    ["apitoken", "apiToken"],
    ["apiTokn", "apiToken"],
    ["baseurl", "baseUrl"],
    ["baseURL", "baseUrl"],
    ["maxattempt", "maxAttempts"],
    ["retryDeadline", "retryDeadlineSeconds"],
    ["maxInflight", "maxInFlight"],
    ["requestTimeout", "requestTimeoutSeconds"],
  ])("sender:%s is closest to sender:%s", (name, closest) => {
    expect(closestConfigKey(name)).toBe(closest);
  });

  test("get one warning each, naming the closest known key; known keys and other namespaces get none", () => {
    const keys = [
      "sender:apiToken",
      "sender:baseurl",
      "sender:apitoken",
      "aws:region",
      "single-campaign:subject",
      ...CONFIG_KEYS.map((key) => `sender:${key}`),
    ];
    expect(unknownKeyWarnings(keys)).toEqual([
      "Unknown config key sender:apitoken (did you mean sender:apiToken?); it is ignored",
      "Unknown config key sender:baseurl (did you mean sender:baseUrl?); it is ignored",
    ]);
  });
});

describe("the missing-token error", () => {
  test("is a SenderConfigError naming sender:apiToken", () => {
    const error = missingTokenError();
    expect(SenderConfigError.is(error)).toBe(true);
    expect(error.option).toBe("sender:apiToken");
    expect(error.message).toBe(missingTokenMessage(PULUMI_WORDS));
  });

  test.each([
    ["sender:apitoken", " (sender:apitoken is set: did you mean sender:apiToken?)"],
    ["sender:token", " (sender:token is set: did you mean sender:apiToken?)"],
    ["sender:baseUrl", ""],
    ["sender:maxAttempts", ""],
    ["other:apiToken", ""],
  ])("with %s set, ends with %j", (key, hint) => {
    expect(missingTokenError([key]).message).toBe(`${missingTokenMessage(PULUMI_WORDS)}${hint}`);
  });
});

describe("readSettings", () => {
  test("a malformed number is a SenderConfigError naming the key", () => {
    const error = (() => {
      try {
        readSettings({ get: (key) => (key === "sender:maxInFlight" ? "0" : undefined) }, {});
      } catch (caught) {
        return caught;
      }
    })() as SenderConfigError;
    expect(SenderConfigError.is(error)).toBe(true);
    expect(error.option).toBe("sender:maxInFlight");
    expect(error.message).toBe(
      'Invalid config sender:maxInFlight: sender:maxInFlight must be greater than 0 (got "0"), e.g. `pulumi config set sender:maxInFlight 4`',
    );
  });
});

describe("stack-wide guards (the engine's PULUMI_CONFIG)", () => {
  const own = (values: Record<string, string>) => ({ get: (key: string) => values[key] });
  const lead = (values: Record<string, string>, stack: object | string | undefined) =>
    readSettings(
      own(values),
      stack === undefined ? {} : { PULUMI_CONFIG: typeof stack === "string" ? stack : JSON.stringify(stack) },
    ).minScheduleLeadMinutes;

  test("an explicit provider that leaves out sender:minScheduleLeadMinutes gets the stack's", () => {
    expect(lead({}, { minScheduleLeadMinutes: "120" })).toBe(120);
  });

  test("the stricter of the provider's and the stack's holds", () => {
    expect(lead({ "sender:minScheduleLeadMinutes": "5" }, { minScheduleLeadMinutes: "120" })).toBe(120);
    expect(lead({ "sender:minScheduleLeadMinutes": "240" }, { minScheduleLeadMinutes: "120" })).toBe(240);
  });

  test("a program's process, whose PULUMI_CONFIG keys carry the namespace, is read alike", () => {
    expect(lead({}, { "sender:minScheduleLeadMinutes": "90" })).toBe(90);
  });

  test("only the guards are taken from it: the token, the address and the other settings stay the provider's", () => {
    const settings = readSettings(own({}), {
      PULUMI_CONFIG: JSON.stringify({
        apiToken: "tok-stack",
        baseUrl: "http://127.0.0.1:1",
        maxInFlight: "9",
      }),
    });
    expect([settings.apiToken, settings.baseUrl, settings.maxInFlight]).toEqual([
      undefined,
      "https://api.sender.net",
      undefined,
    ]);
  });

  test("none without it, or when it is not JSON", () => {
    expect(lead({}, undefined)).toBe(undefined);
    expect(lead({}, "not json")).toBe(undefined);
  });

  test("a malformed stack value is refused naming the key", () => {
    expect(() => lead({}, { minScheduleLeadMinutes: "soon" })).toThrow(
      'Invalid config sender:minScheduleLeadMinutes: sender:minScheduleLeadMinutes must be a whole number (got "soon"), e.g. `pulumi config set sender:minScheduleLeadMinutes 1`',
    );
  });
});

describe("configureProvider", () => {
  // A process's context holder, as the dynamic provider's configure() fills it; one per test.
  let holder: ContextHolder;
  const configureProvider = (input: ReturnType<typeof config>) => {
    holder.configure(input);
  };
  const configurationFailure = () => holder.context.failure;
  const getClient = () => holder.context.client();
  beforeEach(() => {
    holder = new ContextHolder();
  });
  const saved = { token: process.env.SENDER_API_TOKEN, url: process.env.SENDER_BASE_URL };
  afterEach(() => {
    for (const [name, value] of [
      ["SENDER_API_TOKEN", saved.token],
      ["SENDER_BASE_URL", saved.url],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  test.each([
    [{}, missingTokenMessage(PULUMI_WORDS)],
    [
      { "sender:apitoken": "t" },
      `${missingTokenMessage(PULUMI_WORDS)} (sender:apitoken is set: did you mean sender:apiToken?)`,
    ],
    [
      { "sender:apiToken": "t", "sender:baseUrl": "http://api.example.com" },
      "Invalid config sender:baseUrl (or SENDER_BASE_URL): must use https (got http://api.example.com); plain http is only allowed for a loopback host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator",
    ],
    [
      { "sender:apiToken": "t", "sender:baseUrl": "not a url" },
      'Invalid config sender:baseUrl (or SENDER_BASE_URL): not a valid URL (got "not a url"): give the scheme and the host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator',
    ],
    // Without a scheme: the value and a valid one, in one line.
    [
      { "sender:apiToken": "t", "sender:baseUrl": "api.sender.net" },
      'Invalid config sender:baseUrl (or SENDER_BASE_URL): not a valid URL (got "api.sender.net"): give the scheme and the host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator',
    ],
    [
      { "sender:apiToken": "t", "sender:baseUrl": "127.0.0.1:4010" },
      'Invalid config sender:baseUrl (or SENDER_BASE_URL): not a valid URL (got "127.0.0.1:4010"): give the scheme and the host, e.g. https://api.sender.net, or http://127.0.0.1:4010 for the local emulator',
    ],
    [
      { "sender:apiToken": "t", "sender:maxAttempts": "many" },
      'Invalid config sender:maxAttempts: sender:maxAttempts must be a whole number (got "many"), e.g. `pulumi config set sender:maxAttempts 5`',
    ],
  ])("refuses %j with a SenderConfigError, which every later getClient() repeats", (values, message) => {
    delete process.env.SENDER_API_TOKEN;
    delete process.env.SENDER_BASE_URL;
    const thrown = (() => {
      try {
        configureProvider(config(values));
      } catch (caught) {
        return caught;
      }
    })();
    expect(SenderConfigError.is(thrown)).toBe(true);
    expect((thrown as Error).message).toBe(message);
    expect(configurationFailure()).toBe(thrown);
    expect(() => getClient()).toThrow(message);
  });

  test("accepts a token and an https or loopback URL, and forgets an earlier failure", () => {
    delete process.env.SENDER_API_TOKEN;
    expect(() => configureProvider(config({}))).toThrow(missingTokenMessage(PULUMI_WORDS));
    configureProvider(config({ "sender:apiToken": "t", "sender:baseUrl": "http://127.0.0.1:4010" }));
    expect(configurationFailure()).toBeUndefined();
    expect(getClient().baseUrl).toBe("http://127.0.0.1:4010");
    configureProvider(config({ "sender:apiToken": "t" }));
    expect(getClient().baseUrl).toBe("https://api.sender.net");
  });

  test("takes the token from SENDER_API_TOKEN when config has none", () => {
    process.env.SENDER_API_TOKEN = "from-env";
    configureProvider(config({}));
    expect(configurationFailure()).toBeUndefined();
  });
});

describe("the config table and the docs", () => {
  // docs/configuration.md keeps its own words; its key, environment and default columns are the table's.
  test("docs/configuration.md lists every key, in the table's order, with its environment variable and default", () => {
    const text = fs.readFileSync(path.resolve(__dirname, "../../../docs/configuration.md"), "utf8");
    const rows = text
      .split("\n")
      .filter((line) => line.startsWith("| `sender:"))
      .map((line) => line.split("|").map((cell) => cell.trim()));
    expect(rows.map((cells) => [cells[1], cells[2], cells[3]])).toEqual(
      CONFIG_KEYS.map((name) => {
        const key = CONFIG_TABLE[name];
        const shown =
          key.default === undefined
            ? name === "apiToken"
              ? "none (required)"
              : "none (off)"
            : typeof key.default === "string"
              ? `\`${key.default}\``
              : String(key.default);
        return [`\`sender:${name}\``, "env" in key ? `\`${key.env}\`` : "", shown];
      }),
    );
  });
});
