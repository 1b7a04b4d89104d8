import { describe, expect, test } from "vitest";
import { closeNames } from "../../../provider/functions/audiences";
import { getFilter, getFilters, getTag, getTags, SenderFunctionError } from "../../../sdk/functions";
import { TOKEN, useEmulator } from "./helpers";

const emulator = useEmulator();

// The seeded tags and filters (emulator/seed.ts).
const SEEDED_TAGS = [
  { id: "tag001", name: "Customers" },
  { id: "tag002", name: "Newsletter" },
  { id: "tag003", name: "VIP" },
  { id: "tag004", name: "Churned" },
];
const SEEDED_FILTERS = [
  { id: "flt001", name: "Opened last 30 days" },
  { id: "flt002", name: "Bought twice" },
  { id: "flt003", name: "Inactive" },
];

/** The error a call fails with, so that its reason and whole message can be compared. */
async function failureOf(call: Promise<unknown>): Promise<SenderFunctionError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof SenderFunctionError))
    throw new Error(`expected a SenderFunctionError, got ${error}`);
  return error;
}

async function addTags(tags: { id: string; name: string }[]): Promise<void> {
  const answer = await fetch(`${emulator.url}/__emulator/tags`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tags }),
  });
  expect(answer.status).toBe(200);
}

describe("getTag / getFilter", () => {
  test("should find the seeded VIP tag by its exact name", async () => {
    await emulator.clearRequests();
    expect(await getTag({ name: "VIP" })).toEqual({ id: "tag003", name: "VIP" });
    // One page: the emulator's list fits in 100.
    expect(await emulator.requests()).toEqual([
      { method: "GET", path: "/v2/tags?page=1&limit=100", status: 200 },
    ]);
  });

  test("should find a filter by a name with spaces", async () => {
    expect(await getFilter({ name: "Opened last 30 days" })).toEqual({
      id: "flt001",
      name: "Opened last 30 days",
    });
  });

  test("should fail with one line naming the close names when the case differs", async () => {
    const error = await failureOf(getTag({ name: "vip" }));
    expect(error.reason).toBe("not-found");
    expect(error.message).toBe(
      'getTag: no tag is named "vip" (close names: "VIP"); names match exactly, case included',
    );
    expect(error.message).not.toContain("\n");
    expect(error.message).not.toContain(TOKEN);
  });

  test("should list names at most 2 edits away, the closest first", async () => {
    const error = await failureOf(getTag({ name: "Churn" }));
    expect(error.message).toBe(
      'getTag: no tag is named "Churn" (close names: "Churned"); names match exactly, case included',
    );
    const none = await failureOf(getFilter({ name: "Nothing like it" }));
    expect(none.message).toBe(
      'getFilter: no filter is named "Nothing like it" (the account has 3 filters, none close to it); names match exactly, case included',
    );
  });

  test("should refuse an empty name before any request", async () => {
    await emulator.clearRequests();
    const error = await failureOf(getTag({ name: "" }));
    expect(error.reason).toBe("argument");
    expect(error.message).toBe("getTag: name must be a non-empty string");
    expect(await emulator.requests()).toEqual([]);
  });
});

describe("getTags / getFilters", () => {
  test("should list the seeded filters", async () => {
    expect(await getFilters()).toEqual({ filters: SEEDED_FILTERS });
  });

  test("should read every page, and fail naming the ids when two tags share a name", async () => {
    // 150 more tags make two pages of 100; two of them are both named "Twin".
    const more = Array.from({ length: 150 }, (_, i) => ({
      id: `bulk${String(i).padStart(3, "0")}`,
      name: i === 10 ? "Twin" : i === 140 ? "Twin" : `Bulk ${i}`,
    }));
    await addTags(more);
    await emulator.clearRequests();
    const { tags } = await getTags();
    expect(tags).toHaveLength(154);
    expect(tags.slice(0, 4)).toEqual(SEEDED_TAGS);
    expect(tags[153]).toEqual({ id: "bulk149", name: "Bulk 149" });
    expect((await emulator.requests()).map((r) => r.path)).toEqual([
      "/v2/tags?page=1&limit=100",
      "/v2/tags?page=2&limit=100",
    ]);
    // The second page is read too: bulk140 is on it.
    const error = await failureOf(getTag({ name: "Twin" }));
    expect(error.reason).toBe("ambiguous");
    expect(error.message).toBe(
      'getTag: 2 tags are named "Twin" (bulk010, bulk140): rename all but one in Sender, or name the tag by id',
    );
    expect(await getTag({ name: "Bulk 149" })).toEqual({ id: "bulk149", name: "Bulk 149" });
  });
});

describe("closeNames", () => {
  test.each([
    // [looked up, names, close names] — equal ignoring case first (0), then by edits, then by name.
    ["vip", ["VIP", "Vip", "VIPs", "Other"], ["VIP", "Vip", "VIPs"]],
    ["Customer", ["Customers", "customer", "Costumer", "Costumers"], ["customer", "Customers", "Costumer"]],
    ["abc", ["abcdef", "xyz"], []],
    ["a", ["A", "b", "c", "d", "e", "f", "g"], ["A", "b", "c", "d", "e"]],
  ])("closeNames(%j) among %j is %j", (name, names, expected) => {
    expect(
      closeNames(
        name,
        names.map((n) => ({ name: n })),
      ),
    ).toEqual(expected);
  });
});
