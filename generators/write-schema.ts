// `npm run schema`: writes the package schema (sdks/schema.json) from the field tables.
import * as fs from "node:fs";
import { printLine } from "../provider/core/diagnostics";
import { packageSchemaText } from "../provider/plugin/package-schema";
import { packageVersion } from "../provider/plugin/server";

const target = process.argv[2] ?? "sdks/schema.json";
fs.writeFileSync(target, packageSchemaText(packageVersion()));
printLine(`schema: wrote ${target}`);
