#!/usr/bin/env node
import "../client/node-version";
import { printError, printText } from "../core/diagnostics";
import { AdoptUsageError, runAdopt } from "./main";

runAdopt(process.argv.slice(2), {
  env: process.env,
  out: printText,
  progress: printError,
}).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    printError(error instanceof Error ? error.message : String(error));
    process.exitCode = error instanceof AdoptUsageError ? 2 : 1;
  },
);
