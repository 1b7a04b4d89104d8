// `npm run schema`: writes the package schema (sdks/schema.json) from the field tables.
import * as fs from "node:fs";
import { printLine } from "../core/diagnostics";
import { packageSchemaText } from "./package-schema";
import { packageVersion } from "./server";

const target = process.argv[2] ?? "sdks/schema.json";
fs.writeFileSync(target, packageSchemaText(packageVersion()));
printLine(`schema: wrote ${target}`);
