import * as fs from "node:fs";
import * as path from "node:path";

/** What the docs of a checkout refer to that does not exist, one line each: `<file>: <problem>`. */
export function docProblems(root: string, files: readonly string[], scripts: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const prose = withoutFences(text);
    for (const [, target] of prose.matchAll(/\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g)) {
      const link = target as string;
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
      const [where, anchor] = link.split("#") as [string, string | undefined];
      const target_ = where === "" ? file : path.normalize(path.join(path.dirname(file), where));
      const full = path.join(root, target_);
      if (!fs.existsSync(full)) {
        problems.push(`${file}: link ${link}: no ${target_}`);
        continue;
      }
      if (
        anchor !== undefined &&
        target_.endsWith(".md") &&
        !anchorsOf(fs.readFileSync(full, "utf8")).has(anchor)
      )
        problems.push(`${file}: link ${link}: ${target_} has no heading #${anchor}`);
    }
    for (const [, name] of text.matchAll(/\bnpm run (?:--silent )?([a-z][\w:.-]*)/g))
      if (!scripts.has(name as string)) problems.push(`${file}: npm run ${name}: no such script`);
    for (const [, ref, from, to] of text.matchAll(
      /(?<![\w/.:-])((?:[\w.-]+\/)*[\w.-]+\.(?:ts|mts|js|md|sh|json|ya?ml|go|py|toml)):(\d+)(?:-(\d+))?\b/g,
    )) {
      const candidates = [ref as string, path.join(path.dirname(file), ref as string)];
      const found = candidates.find(
        (c) => fs.existsSync(path.join(root, c)) && fs.statSync(path.join(root, c)).isFile(),
      );
      if (found === undefined) {
        problems.push(`${file}: ${ref}:${from}: no ${ref}`);
        continue;
      }
      const content = fs.readFileSync(path.join(root, found), "utf8");
      const lines = content.split("\n").length - (content.endsWith("\n") ? 1 : 0);
      const last = Number(to ?? from);
      if (last > lines)
        problems.push(`${file}: ${ref}:${from}${to ? `-${to}` : ""}: ${found} has ${lines} lines`);
    }
  }
  return problems;
}

/** The text without its fenced code blocks (a link there is code, not a link). */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "");
}

/** The anchors GitHub gives a Markdown file's headings (github-slugger's rules), and explicit ids. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(text).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = (heading as string)
      .replace(/`/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id as string);
  return anchors;
}

/** The scripts of every package.json in `files` (paths relative to `root`). */
export function scriptsOf(root: string, files: readonly string[]): Set<string> {
  const scripts = new Set<string>();
  for (const file of files) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) as {
      scripts?: Record<string, string>;
    };
    for (const name of Object.keys(pkg.scripts ?? {})) scripts.add(name);
  }
  return scripts;
}
