import * as fs from "node:fs";
import * as path from "node:path";

function findRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const pkg = path.join(dir, "package.json");
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, "utf8")).name === "pulumi-sender") return dir;
  }
  throw new Error(`no pulumi-sender package.json above ${from}`);
}

/** The repository root (found by walking up, so that compiled copies of this file work too). */
export const ROOT = findRoot(__dirname);
