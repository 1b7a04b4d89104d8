import { inspect } from "node:util";
import { describe, expect } from "vitest";
import { type Pacer, PacerRegistry } from "../../../provider/client";
import { missingTokenMessage } from "../../../provider/core/config";
import { ContextHolder, ProviderContext } from "../../../provider/core/context";
import { providerFor } from "../../../provider/index";
import { PULUMI_WORDS } from "../../../provider/pulumi/words";
import { test } from "../../support/pulumi-words";

const URL_A = "http://127.0.0.1:4010";
const URL_B = "http://127.0.0.1:4011";

const config = (values: Record<string, string>) => ({ get: (key: string) => values[key], rawConfig: values });
const settings = (token: string, baseUrl = URL_A) =>
  config({ "sender:apiToken": token, "sender:baseUrl": baseUrl });

/** A registry that records the pacer it hands to each service URL. */
class RecordingPacers extends PacerRegistry {
  readonly handed: Array<[string, Pacer]> = [];
  override pacerFor(serviceUrl: string, maxInFlight: number): Pacer {
    const pacer = super.pacerFor(serviceUrl, maxInFlight);
    this.handed.push([serviceUrl, pacer]);
    return pacer;
  }
}

describe("ProviderContext", () => {
  test("two contexts with different tokens to one service share its pacer through their registry", () => {
    const pacers = new RecordingPacers();
    const one = ProviderContext.configure(settings("token-one"), new ProviderContext({ pacers }));
    const two = ProviderContext.configure(settings("token-two"), new ProviderContext({ pacers }));
    const other = ProviderContext.configure(settings("token-one", URL_B), new ProviderContext({ pacers }));
    expect([one.client(), two.client(), other.client()].map((client) => client.baseUrl)).toEqual([
      URL_A,
      URL_A,
      URL_B,
    ]);
    const [[urlOne, pacerOne], [urlTwo, pacerTwo], [urlOther, pacerOther]] = pacers.handed as [
      [string, Pacer],
      [string, Pacer],
      [string, Pacer],
    ];
    expect([urlOne, urlTwo, urlOther]).toEqual([URL_A, URL_A, URL_B]);
    expect(pacerTwo).toBe(pacerOne);
    expect(pacerOther).not.toBe(pacerOne);
  });

  test("a context with a registry of its own does not share the process's pacers", () => {
    const own = new RecordingPacers();
    const process = new RecordingPacers();
    ProviderContext.configure(settings("t"), new ProviderContext({ pacers: own })).client();
    ProviderContext.configure(settings("t"), new ProviderContext({ pacers: process })).client();
    expect(own.handed[0]![1]).not.toBe(process.handed[0]![1]);
  });

  test("configure keeps the previous context for the same settings, and its claims and pacers for others", () => {
    const first = ProviderContext.configure(settings("t"));
    first.claims.of("Campaign").add("cmp001");
    expect(ProviderContext.configure(settings("t"), first)).toBe(first);
    const changed = ProviderContext.configure(settings("t", URL_B), first);
    expect(changed).not.toBe(first);
    expect(changed.client()).not.toBe(first.client());
    expect([changed.claims, changed.pacers]).toEqual([first.claims, first.pacers]);
    expect(changed.claims.of("Campaign").has("cmp001")).toBe(true);
  });

  test("separate contexts claim separately", () => {
    const one = new ProviderContext();
    const two = new ProviderContext();
    one.claims.of("Campaign").add("cmp001");
    expect(two.claims.of("Campaign").has("cmp001")).toBe(false);
  });

  test("a configuration failure is kept, not thrown, and every client() raises it", () => {
    const failed = ProviderContext.configure(config({}));
    expect(failed.failure?.message).toBe(missingTokenMessage(PULUMI_WORDS));
    expect(() => failed.client()).toThrow(missingTokenMessage(PULUMI_WORDS));
  });

  test("never shows the token when printed", () => {
    const context = ProviderContext.configure(settings("secret-token-81d2"));
    context.client();
    expect(JSON.stringify(context)).toBe(`{"baseUrl":"${URL_A}"}`);
    expect(inspect(context)).toBe(`ProviderContext {"baseUrl":"${URL_A}"}`);
    expect(context.token()).toBe("secret-token-81d2");
  });

  test("retryDeadlineMs is the configured deadline, else the client's default", () => {
    const configured = ProviderContext.configure(
      config({ "sender:apiToken": "t", "sender:retryDeadlineSeconds": "3" }),
    );
    expect(configured.retryDeadlineMs()).toBe(3000);
    expect(ProviderContext.configure(settings("t")).retryDeadlineMs()).toBe(120_000);
  });
});

describe("ContextHolder", () => {
  test("two holders are independent: a failed configure of one leaves the other working", async () => {
    const failing = new ContextHolder();
    const working = new ContextHolder();
    expect(() => failing.configure(config({}))).toThrow(missingTokenMessage(PULUMI_WORDS));
    working.configure(settings("t"));
    const inputs = {
      subject: "Hi",
      from: "News",
      replyTo: "news@example.com",
      contentType: "html",
      content: "x",
    };
    await expect(providerFor("Campaign", failing).check!({}, inputs)).rejects.toThrow(
      missingTokenMessage(PULUMI_WORDS),
    );
    // The working one's check goes on to read the account at its own address, where nothing listens.
    await expect(providerFor("Campaign", working).check!({}, inputs)).rejects.toThrow(
      "Cannot reach the Sender API at http://127.0.0.1:4010: the connection was refused",
    );
  });
});
