// The review sample in docs/gitops.md is the real report's black-friday section
// (examples/gitops/docs/review.md, which test/e2e/gitops.test.ts keeps equal to a real run), as
// scripts/gitops-review-sample.js writes it: a stale page fails here.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/gitops-review-sample.js");
const sample = createRequire(__filename)(SCRIPT) as {
  reviewSection(markdown: string, name: string): string;
  sampleOf(report: string): string;
  withSample(page: string, sample: string): string;
};
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

describe("the review sample of docs/gitops.md", () => {
  test("equals the generator's output from examples/gitops/docs/review.md", () => {
    const page = read("docs/gitops.md");
    expect(sample.withSample(page, sample.sampleOf(read("examples/gitops/docs/review.md")))).toBe(page);
    expect(execFileSync(process.execPath, [SCRIPT, "--check"], { encoding: "utf8" })).toBe("");
  });

  test("quotes the section whole, up to the next section, with image links from docs/", () => {
    const report = [
      "# Campaign review: stack prod",
      "",
      "## black-friday: updated",
      "",
      "| width | before | after |",
      "| desktop | ![before, desktop](images/black-friday-before-desktop.png) | x |",
      "",
      "## monthly-newsletter: updated",
      "",
    ].join("\n");
    expect(sample.sampleOf(report)).toBe(
      [
        "> ## black-friday: updated",
        ">",
        "> | width | before | after |",
        "> | desktop | ![before, desktop](../examples/gitops/docs/images/black-friday-before-desktop.png) | x |",
      ].join("\n"),
    );
  });

  test("a stale sample is replaced by the section of the report", () => {
    const page = read("docs/gitops.md");
    const stale = page.replace("Black Friday\\: 40% off everything", "Black Friday: 40% off");
    expect(stale).not.toBe(page);
    expect(sample.withSample(stale, sample.sampleOf(read("examples/gitops/docs/review.md")))).toBe(page);
  });
});
