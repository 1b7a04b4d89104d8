// `npm run reference`: renders every kind's section of the resource reference from the registry.
import * as fs from "node:fs";
import { printLine } from "../provider/core/diagnostics";
import { updateReference } from "./resource-reference";

const target = process.argv[2] ?? "docs/resources.md";
fs.writeFileSync(target, updateReference(fs.readFileSync(target, "utf8")));
printLine(`reference: wrote ${target}`);
