#!/usr/bin/env node
import "../node-version";
import { AdoptUsageError, runAdopt } from "./main";

runAdopt(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  progress: (line) => process.stderr.write(`${line}\n`),
}).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof AdoptUsageError ? 2 : 1;
  },
);
