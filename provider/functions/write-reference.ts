// `npm run docs:data-sources`: writes docs/data-sources.md from the data-source declarations.
import * as fs from "node:fs";
import { dataSourceReference } from "./reference";

const target = process.argv[2] ?? "docs/data-sources.md";
fs.writeFileSync(target, dataSourceReference());
console.log(`data sources: wrote ${target}`);
