import * as grpc from "@grpc/grpc-js";
import * as engrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { engineLogSink } from "../../../provider/plugin/engine-log";

// The plugin's lines reach the engine's Log RPC with their severity, text and resource: a gRPC
// server in place of the engine records what it is sent.
let server: InstanceType<typeof grpc.Server>;
let address: string;
const received: Array<{ severity: number; message: string; urn: string }> = [];

beforeAll(async () => {
  server = new grpc.Server();
  server.addService(engrpc.EngineService, {
    log: (call: grpc.ServerUnaryCall<engproto.LogRequest, Empty>, callback: grpc.sendUnaryData<Empty>) => {
      const request = call.request;
      received.push({
        severity: request.getSeverity(),
        message: request.getMessage(),
        urn: request.getUrn(),
      });
      callback(null, new Empty());
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      "127.0.0.1:0",
      grpc.ServerCredentials.createInsecure(),
      (err: Error | null, p: number) => (err ? reject(err) : resolve(p)),
    ),
  );
  address = `127.0.0.1:${port}`;
});
afterAll(() => {
  server?.forceShutdown();
});

describe("engineLogSink", () => {
  test("a warning and a notice arrive as WARNING and INFO, on their resource or on none", async () => {
    const sink = engineLogSink(address);
    await sink("warning", "Campaign kept", "urn:pulumi:dev::p::sender:index:Campaign::welcome");
    await sink("info", "Campaign adopts", undefined);
    expect(received).toEqual([
      {
        severity: engproto.LogSeverity.WARNING,
        message: "Campaign kept",
        urn: "urn:pulumi:dev::p::sender:index:Campaign::welcome",
      },
      { severity: engproto.LogSeverity.INFO, message: "Campaign adopts", urn: "" },
    ]);
  });
});
