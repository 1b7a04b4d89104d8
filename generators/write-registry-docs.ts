// `npm run docs:registry`: writes the Pulumi Registry's pages, docs/_index.md and
// docs/installation-configuration.md, from the examples, the language list and the config table.
import * as fs from "node:fs";
import * as path from "node:path";
import { printLine } from "../provider/core/diagnostics";
import { registryExamples } from "../provider/plugin/examples.generated";
import { packageVersion } from "../provider/plugin/server";
import { indexPage, installationPage } from "./registry-pages";

const docs = process.argv[2] ?? "docs";
fs.writeFileSync(path.join(docs, "_index.md"), indexPage(registryExamples));
fs.writeFileSync(path.join(docs, "installation-configuration.md"), installationPage(packageVersion()));
printLine(`docs:registry: wrote ${docs}/_index.md and ${docs}/installation-configuration.md`);
