import { describe, expect, test } from "vitest";
import type * as api from "../../../provider/client/schemas";
import { ListedRecords } from "../../../provider/core/listed-records";

// A list for diff's sent check and the paged reads (here the campaign list): read lazily, a page at
// a time, never more pages than lookups asked for.

const campaign = (id: string, status = "DRAFT") => ({ id, status }) as api.Campaign;

/** A list of `total` campaigns `c0`..`c<total-1>` in pages of `perPage`; records each page read. */
function listOf(total: number, perPage: number, fail: number[] = []) {
  const reads: number[] = [];
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const readPage = async (page: number, limit: number): Promise<api.Page<api.Campaign>> => {
    reads.push(page);
    expect(limit).toBe(100);
    if (fail.includes(page)) throw new Error(`page ${page} failed`);
    const ids = Array.from({ length: total }, (_, i) => `c${i}`).slice((page - 1) * perPage, page * perPage);
    return { data: ids.map((id) => campaign(id)), meta: { current_page: page, last_page: lastPage, total } };
  };
  return { reads, list: new ListedRecords(readPage) };
}

describe("ListedRecords", () => {
  test("thirty lookups of a one-page list: one read, every campaign found", async () => {
    const { reads, list } = listOf(40, 100);
    const found = await Promise.all(Array.from({ length: 30 }, (_, i) => list.find(`c${i}`)));
    expect(found.map((c) => c?.id)).toEqual(Array.from({ length: 30 }, (_, i) => `c${i}`));
    expect(reads).toEqual([1]);
  });

  test("one lookup of a campaign on page 3: page 1 only, then the caller reads it", async () => {
    const { reads, list } = listOf(250, 100);
    expect(await list.find("c230")).toBeUndefined();
    expect(reads).toEqual([1]);
  });

  test("three lookups at once of a three-page list: each page read once", async () => {
    const { reads, list } = listOf(250, 100);
    const found = await Promise.all(["c5", "c150", "c249"].map((id) => list.find(id)));
    expect(found.map((c) => c?.id)).toEqual(["c5", "c150", "c249"]);
    expect(reads).toEqual([1, 2, 3]);
  });

  test("an id the list does not hold: undefined once the last page is read, and no read past it", async () => {
    const { reads, list } = listOf(150, 100);
    await Promise.all(["c1", "c2"].map((id) => list.find(id)));
    expect(await list.find("gone")).toBeUndefined();
    expect(await list.find("gone")).toBeUndefined();
    expect(reads).toEqual([1, 2]);
  });

  test("a failed page ends the list there: lookups answer undefined, never throw", async () => {
    const { reads, list } = listOf(250, 100, [2]);
    const found = await Promise.all(["c5", "c150", "c249"].map((id) => list.find(id)));
    expect(found.map((c) => c?.id)).toEqual(["c5", undefined, undefined]);
    expect(reads).toEqual([1, 2]);
  });
});
