import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { beforeEach, describe, expect } from "vitest";
import { SenderClient, SenderHttpError, SenderTimeoutError } from "../../../provider/client";
import { Claims } from "../../../provider/core/claims";
import { journalAdd, journalForget, journalIds, journalKey } from "../../../provider/core/create-journal";
import {
  type CreateOnceSpec,
  createOnce,
  createOptionsOf,
  keepAutoname,
  removeLeftovers,
  settleWindowMs,
} from "../../../provider/core/create-once";
import { test } from "../../support/pulumi-words";

interface Obj {
  id: string;
  title: string;
}

/** A fake service: what exists, and a script of what each create attempt does. */
function fakeService(options: {
  existing?: Obj[];
  /** Per attempt: "ok", "lost" (made, answer lost), "fail" (503, nothing made), "late" (made after `lateLooks` looks). */
  attempts: Array<"ok" | "lost" | "fail" | "late" | "truncated">;
  title?: string;
  autonamed?: boolean;
  lateLooks?: number;
  findFailsFrom?: number;
  findFailsUntil?: number;
  /** Proves ownership by this exact title (a marked create); `autonamed` means the title itself. */
  ownTitle?: string;
  /** Titles find also returns (look-alikes of a neighbour stack). */
  alike?: string;
}) {
  const objects: Obj[] = [...(options.existing ?? [])];
  const log: string[] = [];
  let next = 100;
  let attempt = 0;
  let looks = 0;
  let pendingLate: Obj | undefined;
  let lateAfter = 0;
  const title = options.title ?? "welcome-1a2b3c4d";
  const make = () => {
    const made = { id: `c${next++}`, title };
    objects.push(made);
    return made;
  };
  const timeout = () =>
    new SenderTimeoutError({
      method: "POST",
      path: "/v2/campaigns",
      timeoutMs: 2000,
      phase: "response",
      attempts: 1,
      ambiguous: true,
    });
  const spec: CreateOnceSpec<Obj> = {
    kind: "Campaign",
    describe: `campaign "${title}"`,
    async create() {
      const what = options.attempts[attempt++] ?? "ok";
      log.push(`create:${what}`);
      if (what === "ok") return make();
      if (what === "lost") {
        make();
        throw timeout();
      }
      if (what === "truncated") {
        make();
        throw Object.assign(new Error("POST /v2/campaigns answered 201 with an unexpected body"), {
          status: 201,
          ambiguous: true,
        });
      }
      if (what === "late") {
        pendingLate = { id: `c${next++}`, title };
        lateAfter = looks + (options.lateLooks ?? 2);
        throw timeout();
      }
      throw new SenderHttpError({
        method: "POST",
        path: "/v2/campaigns",
        status: 503,
        apiMessage: "Service Unavailable",
        ambiguous: true,
      });
    },
    async find() {
      looks++;
      log.push("find");
      if (
        options.findFailsFrom !== undefined &&
        looks >= options.findFailsFrom &&
        looks <= (options.findFailsUntil ?? Number.POSITIVE_INFINITY)
      ) {
        throw new SenderHttpError({
          method: "GET",
          path: "/v2/campaigns",
          status: 503,
          apiMessage: "Service Unavailable",
          attempts: 5,
        });
      }
      if (pendingLate && looks > lateAfter) {
        objects.push(pendingLate);
        pendingLate = undefined;
      }
      return objects.filter((o) => o.title === title || o.title === options.alike);
    },
    ...(options.autonamed ? { owns: (o: Obj) => o.title === title } : {}),
    ...(options.ownTitle ? { owns: (o: Obj) => o.title === options.ownTitle } : {}),
    idOf: (o) => o.id,
    async remove(id) {
      log.push(`remove:${id}`);
      objects.splice(
        objects.findIndex((o) => o.id === id),
        1,
      );
    },
  };
  return { spec, objects, log };
}

const fast = { settleMs: 2_000, sleep: async () => {} };

// What one provider process claimed and listed; each test is a new process.
let claims: Claims;
beforeEach(() => {
  claims = new Claims();
});

describe("createOnce", () => {
  test("adopts an object this resource owns before creating (an interrupted up), removing owned extras", async () => {
    const svc = fakeService({
      existing: [
        { id: "c1", title: "welcome-1a2b3c4d" },
        { id: "c2", title: "welcome-1a2b3c4d" },
      ],
      attempts: [],
      autonamed: true,
    });
    const got = await createOnce(claims, svc.spec, fast);
    expect([got.id, svc.log, svc.objects.map((o) => o.id)]).toEqual(["c1", ["find", "remove:c2"], ["c1"]]);
  });

  test("never adopts a look-alike with an explicit title that was there before the create", async () => {
    const svc = fakeService({
      existing: [{ id: "c1", title: "Welcome" }],
      title: "Welcome",
      attempts: ["fail"],
    });
    const got = await createOnce(claims, svc.spec, fast);
    expect([got.id, svc.log, svc.objects.map((o) => o.id)]).toEqual([
      "c100",
      ["find", "create:fail", "find", "create:ok"],
      ["c1", "c100"],
    ]);
  });

  test("never adopts an unprovable object that appeared during the create: it names it and creates nothing more", async () => {
    const svc = fakeService({
      existing: [{ id: "c1", title: "Welcome" }],
      title: "Welcome",
      attempts: ["lost"],
    });
    await expect(createOnce(claims, svc.spec, fast)).rejects.toThrow(
      'POST /v2/campaigns timed out after 2000 ms waiting for the answer. 1 candidate(s) for the campaign "Welcome" appeared meanwhile (c100), ' +
        "and nothing proves whose they are: another stack may have made them, so none is reclaimed and nothing else was created. " +
        'Check them in Sender and set adoptId: "c100" on this resource if one is its own.',
    );
    expect([svc.log, svc.objects.map((o) => o.id)]).toEqual([
      ["find", "create:lost", "find"],
      ["c1", "c100"],
    ]);
  });

  test("fails with every candidate and the adoptId to set when several appeared", async () => {
    const svc = fakeService({ title: "Welcome", attempts: ["lost"] });
    svc.spec.create = ((create) => async () => {
      svc.objects.push({ id: "c9", title: "Welcome" }); // a neighbour stack, at the same moment
      return create();
    })(svc.spec.create);
    await expect(createOnce(claims, svc.spec, fast)).rejects.toThrow(
      'POST /v2/campaigns timed out after 2000 ms waiting for the answer. 2 candidate(s) for the campaign "Welcome" appeared meanwhile (c9, c100), ' +
        "and nothing proves whose they are: another stack may have made them, so none is reclaimed and nothing else was created. " +
        'Check them in Sender and set adoptId: "c9" or adoptId: "c100" on this resource if one is its own.',
    );
    expect(svc.objects.length).toBe(2);
  });

  test("a marked create adopts its marked object after a lost answer", async () => {
    const svc = fakeService({
      title: "Welcome [1a2b3c4d]",
      ownTitle: "Welcome [1a2b3c4d]",
      attempts: ["lost"],
    });
    const got = await createOnce(claims, svc.spec, fast);
    expect([got.id, svc.log, svc.objects.length]).toEqual(["c100", ["find", "create:lost", "find"], 1]);
  });

  test("a marked create never adopts a neighbour's look-alike that appeared meanwhile, and makes its own", async () => {
    const svc = fakeService({
      title: "Welcome [1a2b3c4d]",
      ownTitle: "Welcome [1a2b3c4d]",
      alike: "Welcome",
      attempts: ["fail"],
    });
    svc.spec.create = ((create) => async () => {
      if (svc.objects.length === 0) svc.objects.push({ id: "c9", title: "Welcome" }); // the neighbour's
      return create();
    })(svc.spec.create);
    const got = await createOnce(claims, svc.spec, fast);
    // The look after the create is for a late copy of the failed attempt: none, nothing removed.
    expect([got.id, svc.log, svc.objects.map((o) => o.id)]).toEqual([
      "c100",
      ["find", "create:fail", "find", "create:ok", "find"],
      ["c9", "c100"],
    ]);
  });

  test("a marked create adopts the object a killed run made, found in the process's list, and makes none", async () => {
    const svc = fakeService({
      existing: [
        { id: "c7", title: "Welcome" },
        { id: "c8", title: "Welcome [1a2b3c4d]" },
      ],
      title: "Welcome [1a2b3c4d]",
      ownTitle: "Welcome [1a2b3c4d]",
      alike: "Welcome",
      attempts: [],
    });
    const got = await createOnce(claims, svc.spec, fast);
    expect([got.id, svc.log]).toEqual(["c8", ["find"]]);
  });

  test("keeps looking until a late commit shows, instead of creating again", async () => {
    const svc = fakeService({ attempts: ["late"], autonamed: true, lateLooks: 3 });
    const got = await createOnce(claims, svc.spec, fast);
    expect([got.id, svc.log, svc.objects.length]).toEqual([
      "c100",
      ["find", "create:late", "find", "find", "find", "find"],
      1,
    ]);
  });

  test("looks once after a 503, which is the service's own answer", async () => {
    // Five attempts by default, as the client gives any request; each 503 is followed by one look.
    const svc = fakeService({ attempts: ["fail", "fail", "fail", "fail", "fail"], autonamed: true });
    await expect(createOnce(claims, svc.spec, { ...fast, settleMs: 60_000 })).rejects.toThrow(
      'POST /v2/campaigns failed with 503: Service Unavailable. The service may have made the campaign "welcome-1a2b3c4d" anyway: ' +
        "no such object turned up in the look-ups that followed. Running `pulumi up` again reclaims it if it exists, as it carries this resource's mark.",
    );
    expect(svc.log).toEqual(["find", ...Array(5).fill(["create:fail", "find"]).flat()]);
  });

  test("makes a final look-up after the last attempt: [503, 503, lost] adopts what the last one made", async () => {
    const svc = fakeService({ attempts: ["fail", "fail", "lost"], autonamed: true });
    const got = await createOnce(claims, svc.spec, fast);
    expect([got.id, svc.objects.length, svc.log.at(-1)]).toEqual(["c100", 1, "find"]);
  });

  test("treats a 2xx with an unreadable body as ambiguous: it looks and adopts", async () => {
    const svc = fakeService({ attempts: ["truncated"], autonamed: true });
    const got = await createOnce(claims, svc.spec, fast);
    expect([got.id, svc.log, svc.objects.length]).toEqual(["c100", ["find", "create:truncated", "find"], 1]);
  });

  test("treats a stack overflow while reading the answer (a 2xx nested too deep) as ambiguous: it looks and adopts", async () => {
    const svc = fakeService({ attempts: ["lost"], autonamed: true });
    svc.spec.create = ((create) => async () => {
      await create().catch(() => undefined);
      throw new RangeError("Maximum call stack size exceeded");
    })(svc.spec.create);
    const got = await createOnce(claims, svc.spec, fast);
    expect([got.id, svc.log, svc.objects.length]).toEqual(["c100", ["find", "create:lost", "find"], 1]);
  });

  test("says the object may exist and how to adopt it when the look-up fails", async () => {
    const svc = fakeService({ attempts: ["lost"], autonamed: true, findFailsFrom: 2 });
    await expect(createOnce(claims, svc.spec, fast)).rejects.toThrow(
      'POST /v2/campaigns timed out after 2000 ms waiting for the answer. The service may have made the campaign "welcome-1a2b3c4d" anyway: ' +
        "the look-up for it failed too (GET /v2/campaigns failed with 503: Service Unavailable). Running `pulumi up` again reclaims it if it exists, as it carries this resource's mark.",
    );
    expect(svc.objects.length).toBe(1);
    // The preflight look, then three rounds of the failing look-up.
    expect(svc.log).toEqual(["find", "create:lost", "find", "find", "find"]);
  });

  test("insists on a look-up that fails for a while, then adopts", async () => {
    const svc = fakeService({ attempts: ["lost"], autonamed: true, findFailsFrom: 2, findFailsUntil: 3 });
    const got = await createOnce(claims, svc.spec, fast);
    expect([got.id, svc.log, svc.objects.length]).toEqual([
      "c100",
      ["find", "create:lost", "find", "find", "find"],
      1,
    ]);
  });

  test("removes an owned copy a late commit made after it created again", async () => {
    // The window closes before the late commit shows, so the create is tried again; the look
    // after that create finds the late copy and removes it.
    const svc = fakeService({ attempts: ["late", "ok"], autonamed: true, lateLooks: 1 });
    const got = await createOnce(claims, svc.spec, { settleMs: 0, sleep: async () => {} });
    expect([got.id, svc.log, svc.objects.map((o) => o.id)]).toEqual([
      "c101",
      ["find", "create:late", "find", "create:ok", "find", "remove:c100"],
      ["c101"],
    ]);
  });

  test("does not retry nor look after an unambiguous failure", async () => {
    const svc = fakeService({ attempts: [] });
    svc.spec.create = async () => {
      throw new SenderHttpError({ method: "POST", path: "/v2/campaigns", status: 422, apiMessage: "bad" });
    };
    await expect(createOnce(claims, svc.spec, fast)).rejects.toThrow(
      "POST /v2/campaigns failed with 422: bad",
    );
    expect(svc.log).toEqual(["find"]);
  });

  test("without a proof, a failing look-up ends the create with what to do, and nothing more is created", async () => {
    const svc = fakeService({ title: "Welcome", attempts: ["lost"], findFailsFrom: 2 });
    await expect(createOnce(claims, svc.spec, fast)).rejects.toThrow(
      "the look-up for it failed too (GET /v2/campaigns failed with 503: Service Unavailable). " +
        'Nothing else was created: look for it in Sender and, if it is there, set `adoptId: "<its id>"` on this resource.',
    );
    expect([svc.log, svc.objects.length]).toEqual([["find", "create:lost", "find", "find", "find"], 1]);
  });

  test("looks before the first attempt in the kind's known list when there is one, never with a fresh look-up", async () => {
    const svc = fakeService({
      title: "Welcome [1a2b3c4d]",
      ownTitle: "Welcome [1a2b3c4d]",
      attempts: ["ok"],
    });
    svc.spec.known = async () => {
      svc.log.push("known");
      return [];
    };
    await createOnce(claims, svc.spec, fast);
    expect(svc.log).toEqual(["known", "create:ok"]);
  });

  test("records what it made in the journal it is given", async () => {
    process.env.PULUMI_SENDER_JOURNAL_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    const svc = fakeService({
      title: "Welcome [1a2b3c4d]",
      ownTitle: "Welcome [1a2b3c4d]",
      attempts: ["ok"],
    });
    const key = journalKey("Campaign", "1a2b3c4d", "http://127.0.0.1:1");
    const got = await createOnce(claims, { ...svc.spec, journal: key }, fast);
    expect([...journalIds(key)]).toEqual([got.id]);
  });
});

describe("the late-commit window", () => {
  test("is one attempt timeout plus the retry deadline, at most five minutes", () => {
    expect([
      settleWindowMs(10_000, 120_000),
      settleWindowMs(2_000, 3_000),
      settleWindowMs(60_000, 600_000),
    ]).toEqual([130_000, 5_000, 300_000]);
  });

  test("a create gets as many attempts as the client gives any request (sender:maxAttempts)", () => {
    const client = (maxAttempts?: number) =>
      new SenderClient({
        baseUrl: "http://127.0.0.1:9",
        apiToken: "tok-create-options",
        timeoutMs: 3_000,
        ...(maxAttempts !== undefined ? { retry: { maxAttempts } } : {}),
      });
    expect([createOptionsOf(client(), 120_000), createOptionsOf(client(8), 3_000)]).toEqual([
      { attempts: 5, settleMs: 123_000 },
      { attempts: 8, settleMs: 6_000 },
    ]);
  });

  test("looks until the window closes, then creates again; the copy the late commit makes is removed by the next touch", async () => {
    // The late copy lands after the first create's window: settleMs 0 means one look only.
    const svc = fakeService({ attempts: ["late", "ok"], ownTitle: "welcome-1a2b3c4d", lateLooks: 5 });
    const { remove: _remove, ...withoutRemove } = svc.spec;
    const got = await createOnce(claims, withoutRemove, { settleMs: 0, sleep: async () => {} });
    expect([got.id, svc.log]).toEqual(["c101", ["find", "create:late", "find", "create:ok"]]);
    // Later, the late commit shows; the next touch of the resource finds it and removes it.
    for (let i = 0; i < 5; i++) await svc.spec.find();
    expect(svc.objects.map((o) => o.id)).toEqual(["c101", "c100"]);
    const removed = await removeLeftovers<{ id: string; title: string }>({
      kind: "Campaign",
      ownId: got.id,
      idOf: (o) => o.id,
      list: async () => svc.objects.filter((o) => o.title === "welcome-1a2b3c4d"),
      removable: () => true,
      remove: async (id) => {
        svc.objects.splice(
          svc.objects.findIndex((o) => o.id === id),
          1,
        );
      },
    });
    expect([removed, svc.objects.map((o) => o.id)]).toEqual([["c100"], ["c101"]]);
  });
});

describe("removeLeftovers", () => {
  test("deletes marked drafts other than the resource's own object, and only those", async () => {
    const objects = [
      { id: "c1", status: "DRAFT" }, // the resource's own
      { id: "c2", status: "DRAFT" },
      { id: "c3", status: "SENT" },
    ];
    const deleted: string[] = [];
    const removed = await removeLeftovers({
      kind: "Campaign",
      ownId: "c1",
      idOf: (o: { id: string; status: string }) => o.id,
      list: async () => objects,
      removable: (o) => o.status === "DRAFT",
      remove: async (id) => {
        deleted.push(id);
      },
    });
    expect([removed, deleted]).toEqual([["c2"], ["c2"]]);
  });

  test("never fails the operation: a failed list is a warning", async () => {
    const removed = await removeLeftovers({
      kind: "Campaign",
      ownId: "c1",
      idOf: (o: { id: string }) => o.id,
      list: async () => {
        throw new Error("GET /v2/campaigns failed with 503");
      },
      removable: () => true,
      remove: async () => {},
    });
    expect(removed).toEqual([]);
  });
});

describe("sharedList", () => {
  test("takes one list per kind per process: concurrent callers share it, another kind has its own", async () => {
    const owner = {};
    const loads: string[] = [];
    const load = (kind: string) => async () => {
      loads.push(kind);
      return [kind];
    };
    const got = await Promise.all([
      claims.sharedList(owner, "Campaign", load("Campaign")),
      claims.sharedList(owner, "Campaign", load("Campaign")),
      claims.sharedList(owner, "TransactionalCampaign", load("TransactionalCampaign")),
    ]);
    await claims.sharedList(owner, "Campaign", load("Campaign"));
    expect([got, loads]).toEqual([
      [["Campaign"], ["Campaign"], ["TransactionalCampaign"]],
      ["Campaign", "TransactionalCampaign"],
    ]);
    claims = new Claims(); // a new process
    await claims.sharedList(owner, "Campaign", load("Campaign"));
    expect(loads).toEqual(["Campaign", "TransactionalCampaign", "Campaign"]);
  });

  test("forgets a failed list, so that the next caller takes it again", async () => {
    const owner = {};
    let calls = 0;
    const load = async () => {
      calls++;
      if (calls === 1) throw new Error("503");
      return ["ok"];
    };
    await expect(claims.sharedList(owner, "Campaign", load)).rejects.toThrow("503");
    expect([await claims.sharedList(owner, "Campaign", load), calls]).toEqual([["ok"], 2]);
  });
});

describe("the create journal", () => {
  test("remembers the ids a resource made, per kind, mark and account, and forgets a deleted one", () => {
    process.env.PULUMI_SENDER_JOURNAL_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    const key = journalKey("Campaign", "1a2b3c4d", "https://api.sender.net");
    const other = journalKey("Campaign", "1a2b3c4d", "http://127.0.0.1:9");
    expect(key).toMatch(/^Campaign-1a2b3c4d-[0-9a-f]{8}$/);
    journalAdd(key, "c1");
    journalAdd(key, "c2");
    journalAdd(key, "c1");
    expect([[...journalIds(key)], [...journalIds(other)]]).toEqual([["c1", "c2"], []]);
    journalForget(key, "c1");
    expect([...journalIds(key)]).toEqual(["c2"]);
  });

  const fileOf = (dir: string, key: string) => path.join(dir, `${key}.json`);

  test("its folder is private (0700), also one an older version made 0755; its files 0600", () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    const dir = path.join(home, "sender-creates");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    process.env.PULUMI_SENDER_JOURNAL_DIR = dir;
    const key = journalKey("Campaign", "1a2b3c4d", "https://api.sender.net");
    journalAdd(key, "c1");
    expect([fs.statSync(dir).mode & 0o777, fs.statSync(fileOf(dir, key)).mode & 0o777]).toEqual([
      0o700, 0o600,
    ]);
    // Nothing else is left in the folder (no temporary file).
    expect(fs.readdirSync(dir)).toEqual([`${key}.json`]);
  });

  test("never writes through a symlink planted as the journal: it is an error, and the target stays", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    process.env.PULUMI_SENDER_JOURNAL_DIR = dir;
    const key = journalKey("Campaign", "1a2b3c4d", "https://api.sender.net");
    const victim = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "victim-")), "victim.json");
    const before = JSON.stringify({ ids: ["c1", "other"] });
    fs.writeFileSync(victim, before);
    fs.symlinkSync(victim, fileOf(dir, key));
    expect(() => journalIds(key)).toThrow(
      `the create journal ${fileOf(dir, key)} cannot be read (it is a symbolic link)`,
    );
    journalForget(key, "c1"); // a warning: the link is neither followed nor rewritten
    expect([fs.readFileSync(victim, "utf8"), fs.lstatSync(fileOf(dir, key)).isSymbolicLink()]).toEqual([
      before,
      true,
    ]);
    journalAdd(key, "c3"); // a warning too: a journal it cannot read is not replaced
    expect(fs.readFileSync(victim, "utf8")).toBe(before);
  });

  test("a journal that does not parse is an error naming its path, never an empty journal", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    process.env.PULUMI_SENDER_JOURNAL_DIR = dir;
    const key = journalKey("Campaign", "1a2b3c4d", "https://api.sender.net");
    fs.writeFileSync(fileOf(dir, key), "{not json");
    expect(() => journalIds(key)).toThrow(`the create journal ${fileOf(dir, key)} cannot be read (not JSON`);
    fs.writeFileSync(fileOf(dir, key), JSON.stringify({ ids: [1] }));
    expect(() => journalIds(key)).toThrow(
      'not of the form {"ids": ["<id>", ...], "absent"?: "<fingerprint>", "recorded"?: ["<id>", ...]}',
    );
  });

  test("a folder planted as a symlink is refused", () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "journal-"));
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "elsewhere-"));
    fs.symlinkSync(elsewhere, path.join(home, "sender-creates"));
    process.env.PULUMI_SENDER_JOURNAL_DIR = path.join(home, "sender-creates");
    const key = journalKey("Campaign", "1a2b3c4d", "https://api.sender.net");
    journalAdd(key, "c1");
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });
});

describe("keepAutoname", () => {
  const news = { subject: "Hi", title: "welcome-2b2b2b2b", autonamed: true };
  test("keeps a new resource's autoname", () => {
    expect(keepAutoname({}, news)).toEqual(news);
  });
  test("keeps the autoname an existing resource was made with (a rename with aliases)", () => {
    expect(keepAutoname({ subject: "Hi", title: "welcome-1a1a1a1a", autonamed: true }, news)).toEqual({
      ...news,
      title: "welcome-1a1a1a1a",
    });
  });
  test("leaves a resource made before autonaming, without a title, without one", () => {
    expect(keepAutoname({ subject: "Hi" }, news)).toEqual({ subject: "Hi" });
  });
  test("autonames a resource whose explicit title was dropped", () => {
    expect(keepAutoname({ subject: "Hi", title: "Welcome" }, news)).toEqual(news);
  });
  test("leaves explicit titles alone", () => {
    const explicit = { subject: "Hi", title: "Welcome" };
    expect(keepAutoname({ subject: "Hi", title: "Old", autonamed: true }, explicit)).toEqual(explicit);
  });
});
