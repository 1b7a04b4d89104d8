import { describe, expect, test } from "vitest";
import { closeNames } from "../../../provider/functions/audiences";
import {
  getField,
  getFields,
  getFilter,
  getFilters,
  getGroup,
  getGroups,
  getTag,
  getTags,
  SenderFunctionError,
} from "../../../sdk/functions";
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

describe("getGroups / getGroup", () => {
  const MAIN_LIST = { id: "grp001", title: "Main list", recipientCount: 20, activeSubscribers: 20 };
  const BETA = { id: "grp002", title: "Beta testers", recipientCount: 6, activeSubscribers: 5 };

  test("should list the seeded groups and find one by its exact title in one request", async () => {
    expect(await getGroups()).toEqual({ groups: [MAIN_LIST, BETA] });
    await emulator.clearRequests();
    expect(await getGroup({ name: "Beta testers" })).toEqual(BETA);
    expect(await emulator.requests()).toEqual([
      { method: "GET", path: "/v2/groups?page=1&limit=100", status: 200 },
    ]);
  });

  test("should fail with one line naming the close titles when none matches", async () => {
    const error = await failureOf(getGroup({ name: "beta tester" }));
    expect(error.reason).toBe("not-found");
    expect(error.message).toBe(
      'getGroup: no group is named "beta tester" (close names: "Beta testers"); names match exactly, case included',
    );
    const far = await failureOf(getGroup({ name: "Customers" }));
    expect(far.message).toBe(
      'getGroup: no group is named "Customers" (the account has 2 groups, none close to it); names match exactly, case included',
    );
  });

  test("should find a group made through the API, and name both ids when two share a title", async () => {
    const made = async (title: string) => {
      const answer = await fetch(`${emulator.url}/v2/groups`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ title }),
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { data: { id: string } }).data.id;
    };
    const first = await made("Twins");
    expect(await getGroup({ name: "Twins" })).toEqual({
      id: first,
      title: "Twins",
      recipientCount: 0,
      activeSubscribers: 0,
    });
    const second = await made("Twins");
    const error = await failureOf(getGroup({ name: "Twins" }));
    expect(error.reason).toBe("ambiguous");
    expect(error.message).toBe(
      `getGroup: 2 groups are named "Twins" (${first}, ${second}): rename all but one in Sender, or name the group by id`,
    );
  });
});

describe("getFields / getField", () => {
  test("should list the seeded fields with their personalization tags and find one by title", async () => {
    const { fields } = await getFields();
    expect(fields.map((field) => field.fieldName)).toEqual([
      "{$email}",
      "{$firstname}",
      "{$lastname}",
      "{$phone}",
      "{$company}",
      "{$birthday}",
    ]);
    expect(await getField({ name: "Birthday" })).toEqual({
      id: "col006",
      title: "Birthday",
      fieldName: "{$birthday}",
      type: "datetime",
      isDefault: false,
    });
    const error = await failureOf(getField({ name: "Firstname" }));
    expect(error.message).toBe(
      'getField: no field is named "Firstname" (close names: "First name"); names match exactly, case included',
    );
  });
});
