// `npm run bench -- --only=content`: the content checks (provider/core/content-checks.ts) on a
// 100 KB newsletter (test/fixtures/content/newsletter.html, its body repeated to 100 KB, its footer
// and unsubscribe link kept) and on a 10 MB body, each in a fresh Node process: the median time of
// one check, and the peak memory it adds (the process's high-water RSS after the checks, less the
// one before them, with the input already built).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { checkContent } from "../provider/core/content-checks";

const ROOT = path.resolve(__dirname, "../..");

/** The cases: their input, and how many checks the median is taken over. */
const CASES = {
  newsletter100KB: { rounds: 31, input: () => newsletter(100 * 1024) },
  body10MB: { rounds: 5, input: () => newsletter(10 * 1024 * 1024) },
} as const;

type CaseName = keyof typeof CASES;

/** The fixture newsletter, its main block repeated until the html is `bytes` long. */
function newsletter(bytes: number): string {
  const html = fs.readFileSync(path.join(ROOT, "test/fixtures/content/newsletter.html"), "utf8");
  const block = /<tr>\s*<td style="padding: 0 24px;">[\s\S]*?<\/tr>/.exec(html)?.[0] ?? "<p>x</p>";
  const times = Math.max(0, Math.ceil((bytes - html.length) / block.length));
  return html.replace(block, block.repeat(times + 1));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** In the worker process: runs one case, prints its figures as JSON. */
function worker(name: CaseName): void {
  const { rounds, input } = CASES[name];
  const content = input();
  const before = process.resourceUsage().maxRSS;
  const times: number[] = [];
  let findings = 0;
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    findings = checkContent({
      subject: "Spring is here",
      content,
      format: "html",
      marketing: true,
      formatField: "contentType",
    }).length;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const peakKB = process.resourceUsage().maxRSS - before;
  process.stdout.write(
    JSON.stringify({
      bytes: Buffer.byteLength(content),
      rounds,
      medianMs: Math.round(median(times) * 100) / 100,
      addedPeakMB: Math.round((peakKB / 1024) * 10) / 10,
      findings,
    }),
  );
}

/** The bench part: each case in its own process, into `results.contentChecks`. */
export async function contentChecks(results: Record<string, unknown>): Promise<void> {
  const figures: Record<string, unknown> = {};
  for (const name of Object.keys(CASES) as CaseName[]) {
    const out = execFileSync(process.execPath, [__filename, name], { encoding: "utf8" });
    figures[name] = JSON.parse(out);
    console.log(`content checks ${name}: ${out}`);
  }
  results.contentChecks = figures;
}

if (require.main === module) {
  const name = process.argv[2] as CaseName;
  if (!Object.hasOwn(CASES, name)) throw new Error(`bench/content: no case ${name}`);
  worker(name);
}
