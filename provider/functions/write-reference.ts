// `npm run docs:data-sources`: writes docs/data-sources.md from the data-source declarations.
import * as fs from "node:fs";
import { printLine } from "../core/diagnostics";
import { dataSourceReference } from "./reference";

const target = process.argv[2] ?? "docs/data-sources.md";
fs.writeFileSync(target, dataSourceReference());
printLine(`data sources: wrote ${target}`);
