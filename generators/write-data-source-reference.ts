// `npm run docs:data-sources`: writes docs/data-sources.md from the data-source declarations.
import * as fs from "node:fs";
import { printLine } from "../provider/core/diagnostics";
import { dataSourceReference } from "./data-source-reference";

const target = process.argv[2] ?? "docs/data-sources.md";
fs.writeFileSync(target, dataSourceReference());
printLine(`data sources: wrote ${target}`);
