import { beforeEach, describe, expect, test } from "vitest";
import { SenderHttpError, SenderTimeoutError } from "../../../provider/client";
import {
  type CreateOnceSpec,
  createOnce,
  keepAutoname,
  resetClaims,
} from "../../../provider/resources/create-once";

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
      return objects.filter((o) => o.title === title);
    },
    ...(options.autonamed ? { owns: (o: Obj) => o.title === title } : {}),
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

beforeEach(() => resetClaims());

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
    const got = await createOnce(svc.spec, fast);
    expect([got.id, svc.log, svc.objects.map((o) => o.id)]).toEqual(["c1", ["find", "remove:c2"], ["c1"]]);
  });

  test("never adopts a look-alike with an explicit title that was there before the create", async () => {
    const svc = fakeService({
      existing: [{ id: "c1", title: "Welcome" }],
      title: "Welcome",
      attempts: ["fail"],
    });
    const got = await createOnce(svc.spec, fast);
    expect([got.id, svc.log, svc.objects.map((o) => o.id)]).toEqual([
      "c100",
      ["find", "create:fail", "find", "create:ok"],
      ["c1", "c100"],
    ]);
  });

  test("adopts the single object that appeared during an explicit-title create whose answer was lost", async () => {
    const svc = fakeService({
      existing: [{ id: "c1", title: "Welcome" }],
      title: "Welcome",
      attempts: ["lost"],
    });
    const got = await createOnce(svc.spec, fast);
    expect([got.id, svc.log]).toEqual(["c100", ["find", "create:lost", "find"]]);
  });

  test("fails with the candidates and the adoptId to set when several appeared", async () => {
    const svc = fakeService({ title: "Welcome", attempts: ["lost"] });
    svc.spec.create = ((create) => async () => {
      svc.objects.push({ id: "c9", title: "Welcome" }); // a neighbour stack, at the same moment
      return create();
    })(svc.spec.create);
    await expect(createOnce(svc.spec, fast)).rejects.toThrow(
      'POST /v2/campaigns timed out after 2000 ms waiting for the answer. 2 candidates for the campaign "Welcome" appeared meanwhile (c9, c100); ' +
        'another stack may have made some of them, so none is adopted. Check them in Sender and set adoptId: "c9" or adoptId: "c100" on this resource, ' +
        "or give it no title so that its autonamed title proves which one is its own.",
    );
  });

  test("keeps looking until a late commit shows, instead of creating again", async () => {
    const svc = fakeService({ attempts: ["late"], autonamed: true, lateLooks: 3 });
    const got = await createOnce(svc.spec, fast);
    expect([got.id, svc.log, svc.objects.length]).toEqual([
      "c100",
      ["find", "create:late", "find", "find", "find", "find"],
      1,
    ]);
  });

  test("looks once after a 503, which is the service's own answer", async () => {
    const svc = fakeService({ attempts: ["fail", "fail", "fail"], autonamed: true });
    await expect(createOnce(svc.spec, { ...fast, settleMs: 60_000 })).rejects.toThrow(
      'POST /v2/campaigns failed with 503: Service Unavailable. The service may have made the campaign "welcome-1a2b3c4d" anyway: ' +
        "no such object turned up in the look-ups that followed. Running `pulumi up` again adopts it when it carries this resource's autonamed title; " +
        'with an explicit title, look for it in Sender first and, if it is there, set `adoptId: "<its id>"` on this resource.',
    );
    expect(svc.log).toEqual(["find", "create:fail", "find", "create:fail", "find", "create:fail", "find"]);
  });

  test("makes a final look-up after the last attempt: [503, 503, lost] adopts what the last one made", async () => {
    const svc = fakeService({ attempts: ["fail", "fail", "lost"], autonamed: true });
    const got = await createOnce(svc.spec, fast);
    expect([got.id, svc.objects.length, svc.log.at(-1)]).toEqual(["c100", 1, "find"]);
  });

  test("treats a 2xx with an unreadable body as ambiguous: it looks and adopts", async () => {
    const svc = fakeService({ attempts: ["truncated"], autonamed: true });
    const got = await createOnce(svc.spec, fast);
    expect([got.id, svc.log, svc.objects.length]).toEqual(["c100", ["find", "create:truncated", "find"], 1]);
  });

  test("says the object may exist and how to adopt it when the look-up fails", async () => {
    const svc = fakeService({ attempts: ["lost"], autonamed: true, findFailsFrom: 2 });
    await expect(createOnce(svc.spec, fast)).rejects.toThrow(
      'POST /v2/campaigns timed out after 2000 ms waiting for the answer. The service may have made the campaign "welcome-1a2b3c4d" anyway: ' +
        "the look-up for it failed too (GET /v2/campaigns failed with 503: Service Unavailable). Running `pulumi up` again adopts it",
    );
    expect(svc.objects.length).toBe(1);
    // The preflight look, then three rounds of the failing look-up.
    expect(svc.log).toEqual(["find", "create:lost", "find", "find", "find"]);
  });

  test("insists on a look-up that fails for a while, then adopts", async () => {
    const svc = fakeService({ attempts: ["lost"], autonamed: true, findFailsFrom: 2, findFailsUntil: 3 });
    const got = await createOnce(svc.spec, fast);
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
    const got = await createOnce(svc.spec, { settleMs: 0, sleep: async () => {} });
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
    await expect(createOnce(svc.spec, fast)).rejects.toThrow("POST /v2/campaigns failed with 422: bad");
    expect(svc.log).toEqual(["find"]);
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
