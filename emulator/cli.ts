#!/usr/bin/env node
import "../provider/core/node-version";
import { emulatorMain } from "./main";

emulatorMain(process.argv.slice(2), [...process.execArgv, __filename]);
