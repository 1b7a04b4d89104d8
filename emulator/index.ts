/** Local emulator of the Sender.net email API v2 (docs/wire-contract.md). */
import "../provider/client/node-version";
import { requireServerPackages } from "./server-packages";

// Before anything loads hono: a deploy-only install gets one line naming what to install.
requireServerPackages();

export { createEmulatorApp, type EmulatorApp, type EmulatorOptions } from "./app";
export { type CliIo, CliUsageError, runCli } from "./cli-main";
export { ApiError, DroppedConnection } from "./errors";
export type { FaultKind, FaultRule, ListedFaultRule } from "./faults";
export type { LoggedRequest } from "./request-log";
export { type RunningEmulator, type StartEmulatorOptions, startEmulator } from "./server";
export { MISSING_SERVER_PACKAGES_MESSAGE, SERVER_PACKAGES } from "./server-packages";
export type { AdminState, EmulatorData } from "./store";
export type * from "./types";
