import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import {
  BOTH_CONFIRMATIONS,
  backendHere,
  backendOf,
  COPY_OF_ENV,
  currentBackendUrl,
  judgePlace,
  judgeRecord,
  judgeUnplanned,
  MOVED_FROM_ENV,
  PLACE_BACKEND_KEY,
  PLACE_RECORD_KEY,
  placeHere,
  placeOf,
  placeRecordOf,
  recordMoved,
  resolvedBackendUrl,
} from "../../../provider/pulumi/stack-place";

const PARTS = {
  backendUrl: "file:///srv/state",
  organization: "organization",
  project: "newsletter",
  stack: "dev",
};

describe("the place of a stack", () => {
  test("is 16 hex, the same for the same parts (a trailing slash aside), different when any part differs", () => {
    const place = placeOf(PARTS);
    expect(place).toMatch(/^[0-9a-f]{16}$/);
    expect(placeOf({ ...PARTS, backendUrl: "file:///srv/state/" })).toBe(place);
    const others = [
      { ...PARTS, backendUrl: "file:///srv/other" },
      { ...PARTS, organization: "acme" },
      { ...PARTS, project: "digest" },
      { ...PARTS, stack: "prod" },
    ].map(placeOf);
    expect(new Set([place, ...others]).size).toBe(5);
  });

  test("names the backend as the CLI finds it: PULUMI_BACKEND_URL, else Pulumi.yaml's backend.url, else the login's", () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "place-home-"));
    const project = fs.mkdtempSync(path.join(os.tmpdir(), "place-project-"));
    const env = { PULUMI_HOME: home };
    expect(currentBackendUrl(env, project)).toBe("");
    // Only `current` is read from the credentials file; its tokens never are.
    fs.writeFileSync(
      path.join(home, "credentials.json"),
      JSON.stringify({
        current: "https://api.pulumi.com",
        accessTokens: { "https://api.pulumi.com": "pul-x" },
      }),
    );
    expect(currentBackendUrl(env, project)).toBe("https://api.pulumi.com");
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      "name: p\nruntime: nodejs\nbackend:\n  url: file:///srv/p\n",
    );
    expect(currentBackendUrl(env, project)).toBe("file:///srv/p");
    expect(currentBackendUrl({ ...env, PULUMI_BACKEND_URL: "file:///srv/env" }, project)).toBe(
      "file:///srv/env",
    );
  });
});

describe("a backend URL as a place hashes it", () => {
  test.each([
    // Relative paths are taken from the project's folder, as the CLI takes them from its own.
    { url: "file://.state", resolved: "file://box-1/srv/project/.state" },
    { url: "file://./x", resolved: "file://box-1/srv/project/x" },
    { url: "file://../shared/state", resolved: "file://box-1/srv/shared/state" },
    { url: "file://", resolved: "file://box-1/srv/project" },
    // `~` is the user's home, the query string is kept.
    { url: "file://~", resolved: "file://box-1/home/me" },
    { url: "file://~/state?no_tmp_dir=false", resolved: "file://box-1/home/me/state?no_tmp_dir=false" },
    // An absolute path, and every other scheme, stay as given: their places are unchanged.
    { url: "file:///srv/state", resolved: "file:///srv/state" },
    { url: "s3://bucket/state", resolved: "s3://bucket/state" },
    { url: "https://api.pulumi.com", resolved: "https://api.pulumi.com" },
    { url: "", resolved: "" },
  ])("$url is $resolved", ({ url, resolved }) => {
    expect(resolvedBackendUrl(url, "/srv/project", "box-1", "/home/me")).toBe(resolved);
  });

  test("the same relative URL in two folders or on two machines names two places; the old way names one", () => {
    const parts = { ...PARTS, backendUrl: "file://.state" };
    const one = placeHere(parts, "/srv/one", "box-1");
    const places = [one, placeHere(parts, "/srv/two", "box-1"), placeHere(parts, "/srv/one", "box-2")];
    expect(new Set(places.map((p) => p.here)).size).toBe(3);
    expect(places.map((p) => p.oldWay)).toEqual([placeOf(parts), placeOf(parts), placeOf(parts)]);
    expect(one.here).toBe(placeOf({ ...parts, backendUrl: "file://box-1/srv/one/.state" }));
  });

  test("an absolute URL has one place, the same as before relative URLs were resolved", () => {
    expect(placeHere(PARTS, "/anywhere", "box-9")).toEqual({ here: placeOf(PARTS), oldWay: undefined });
  });
});

describe("judging the nonce's record", () => {
  const A = "aaaaaaaaaaaaaaaa";
  const B = "bbbbbbbbbbbbbbbb";
  const OLD = "cccccccccccccccc";

  test("a record of this place hashed the old way is this place, once re-recorded", () => {
    expect(judgePlace(OLD, B, undefined, undefined, OLD)).toEqual({ keep: true, place: B });
    expect(judgePlace(OLD, B, undefined, undefined, undefined)).toHaveProperty("failure");
  });

  test.each([
    { recorded: undefined, movedFrom: A, copyOf: A },
    { recorded: B, movedFrom: A, copyOf: B },
    { recorded: A, movedFrom: A, copyOf: A },
  ])("both confirmations at once are refused in one line naming both (record $recorded)", (c) => {
    expect(judgePlace(c.recorded, B, c.movedFrom, c.copyOf)).toEqual({ failure: BOTH_CONFIRMATIONS });
    expect(BOTH_CONFIRMATIONS).toBe(
      `${MOVED_FROM_ENV} and ${COPY_OF_ENV} are both set, but a stack is either moved (the nonce stays) or copied (a fresh nonce): set only the one that is true (docs/reliability.md)`,
    );
  });

  const here = { here: B, oldWay: OLD };
  test.each([
    { name: "this place", recorded: B, movedFrom: undefined, copyOf: undefined, ok: true },
    {
      name: "this place hashed the old way",
      recorded: OLD,
      movedFrom: undefined,
      copyOf: undefined,
      ok: true,
    },
    {
      name: "a record from before places",
      recorded: undefined,
      movedFrom: undefined,
      copyOf: undefined,
      ok: true,
    },
    { name: "a confirmed move", recorded: A, movedFrom: A, copyOf: undefined, ok: true },
  ])("a run without the record acts in $name", ({ recorded, movedFrom, copyOf }) => {
    expect(judgeUnplanned(recorded, here, movedFrom, copyOf)).toBeUndefined();
  });

  test("a run without the record is refused in another place with judgePlace's line", () => {
    const expected = judgePlace(A, B, undefined, undefined) as { failure: string };
    expect(judgeUnplanned(A, here, undefined, undefined)).toBe(expected.failure);
    expect(judgeUnplanned(A, here, "dddddddddddddddd", undefined)).toBe(expected.failure);
    expect(judgeUnplanned(B, here, A, A)).toBe(BOTH_CONFIRMATIONS);
  });

  test("a declared copy without the record is refused: its fresh nonce needs a full run", () => {
    expect(judgeUnplanned(A, here, undefined, A)).toBe(
      `this run declares a copy (${COPY_OF_ENV}=${A}), which takes a nonce of its own, but the stack's nonce record is not in it (--target, --exclude or a delete): run once without --target and --exclude, then go on (docs/reliability.md)`,
    );
  });
});

describe("a resource's place record", () => {
  const P = "aaaaaaaaaaaaaaaa";
  const ONE = backendOf("file:///srv/one");
  const TWO = backendOf("file:///srv/two");
  const record = { place: P, backend: ONE };

  test("is read tolerantly from the outputs: anything but two 16-hex strings is no record", () => {
    const outputs = (place: unknown, backend: unknown) => ({
      [PLACE_RECORD_KEY]: place,
      [PLACE_BACKEND_KEY]: backend,
      subject: "Hi",
    });
    expect(placeRecordOf(outputs(P, ONE))).toEqual(record);
    expect(
      [
        undefined,
        {},
        { [PLACE_RECORD_KEY]: P },
        outputs(P, "x"),
        outputs(1, ONE),
        outputs({ place: P }, ONE),
      ].map(placeRecordOf),
    ).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  test("names the backend alone: resolved the program's way, a trailing slash aside", () => {
    expect(ONE).toMatch(/^[0-9a-f]{16}$/);
    expect(backendOf("file:///srv/one/")).toBe(ONE);
    expect(TWO).not.toBe(ONE);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "place-record-"));
    expect(backendHere({ PULUMI_BACKEND_URL: "file://.state" }, dir)).toBe(
      backendOf(`file://${os.hostname()}${path.join(dir, ".state")}`),
    );
    expect([recordMoved(record, ONE), recordMoved(record, TWO), recordMoved(undefined, TWO)]).toEqual([
      false,
      true,
      false,
    ]);
  });

  test.each([
    {
      name: "no record (a state made before records)",
      rec: undefined,
      backend: TWO,
      moved: undefined,
      copy: undefined,
    },
    { name: "its own backend", rec: record, backend: ONE, moved: undefined, copy: undefined },
    { name: "a confirmed move", rec: record, backend: TWO, moved: P, copy: undefined },
  ])("a change and a delete act with $name", ({ rec, backend, moved, copy }) => {
    expect([
      judgeRecord(rec, backend, moved, copy, "update"),
      judgeRecord(rec, backend, moved, copy, "delete"),
    ]).toEqual([undefined, undefined]);
  });

  test("another backend refuses both, unless confirmed; a declared copy may change, not delete; both confirmations never", () => {
    const refused = judgeRecord(record, TWO, undefined, undefined, "delete");
    expect(refused).toBe(
      `this stack's state was last used in another place (another backend, organization, project or stack: ${P} there, another backend here), ` +
        "and a copy must not take over the objects of the stack it was copied from. " +
        `If the stack moved here, run again with ${MOVED_FROM_ENV}=${P}; if it is a copy, with ${COPY_OF_ENV}=${P}, ` +
        "which gives it a nonce of its own (docs/reliability.md)",
    );
    expect(judgeRecord(record, TWO, "bbbbbbbbbbbbbbbb", undefined, "update")).toBe(refused);
    expect(judgeRecord(record, TWO, undefined, P, "update")).toBeUndefined();
    expect(judgeRecord(record, TWO, undefined, P, "delete")).toBe(
      judgeUnplanned(P, { here: TWO, oldWay: undefined }, undefined, P),
    );
    expect(judgeRecord(record, ONE, P, P, "update")).toBe(BOTH_CONFIRMATIONS);
  });
});
