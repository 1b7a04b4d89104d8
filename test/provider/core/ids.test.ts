import { describe, expect, test } from "vitest";
import { ID_MAX_LENGTH, idInput, idListInput, idProblem } from "../../../provider/core/ids";

const messageOf = (schema: ReturnType<typeof idInput> | ReturnType<typeof idListInput>, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.message);
};

describe("ids in check", () => {
  test.each([
    ["", "is empty"],
    [".", 'is ".", which URL normalisation would turn into another path'],
    ["..", 'is "..", which URL normalisation would turn into another path'],
    ["a/b", 'contains "/"'],
    ["a\u0000b", "contains a control character"],
    ["x".repeat(ID_MAX_LENGTH + 1), `is ${ID_MAX_LENGTH + 1} characters long (at most ${ID_MAX_LENGTH})`],
  ])("refuses %j", (value, problem) => {
    expect(idProblem(value)).toBe(problem);
  });

  test("accepts a service id", () => {
    expect([idProblem("b6gXkQ"), messageOf(idInput("campaign"), "b6gXkQ")]).toEqual([undefined, undefined]);
  });

  test("names the field in one line, with the value cut short", () => {
    expect(messageOf(idInput("campaign"), "..")).toEqual([
      'must be a campaign id: ".." is "..", which URL normalisation would turn into another path',
    ]);
    expect(messageOf(idInput("campaign"), "y".repeat(100_000))).toEqual([
      `must be a campaign id: "${"y".repeat(16)}…(100000 chars)" is 100000 characters long (at most 128)`,
    ]);
    expect(messageOf(idListInput("tag"), ["tag001", "."])).toEqual([
      'must be a tag id: "." is ".", which URL normalisation would turn into another path',
    ]);
    expect(messageOf(idInput("campaign"), 7)).toEqual(["must be a campaign id (a string)"]);
  });
});
