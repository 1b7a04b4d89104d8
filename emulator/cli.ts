#!/usr/bin/env node
import "../provider/client/node-version";
import { emulatorMain } from "./main";

emulatorMain(process.argv.slice(2), [...process.execArgv, __filename]);
