/** Local emulator of the Sender.net email API v2 (docs/wire-contract.md). */
export { createEmulatorApp, type EmulatorApp, type EmulatorOptions } from "./app";
export { type CliIo, CliUsageError, runCli } from "./cli-main";
export { ApiError, DroppedConnection } from "./errors";
export type { FaultKind, FaultRule, ListedFaultRule } from "./faults";
export type { LoggedRequest } from "./request-log";
export { type RunningEmulator, type StartEmulatorOptions, startEmulator } from "./server";
export type { AdminState, EmulatorData } from "./store";
export type * from "./types";
