// Run in a child process by sigterm.test.ts: stops on SIGTERM as the provider processes do, then
// starts a request that the server answers a byte a second, with a timeout far beyond the test's.
import { SenderClient } from "../../../../provider/client";
import { stopOnSigterm } from "../../../../provider/engine-watch";

stopOnSigterm();
const client = new SenderClient({
  baseUrl: process.argv[2] ?? "",
  apiToken: "t0ken-secret-9f8e7d",
  timeoutMs: 600_000,
  retry: { maxAttempts: 1, deadlineMs: 600_000 },
});
client.getCampaign("b6gXkQ").then(
  () => process.stdout.write("answered\n"),
  (error: Error) => process.stdout.write(`failed: ${error.message}\n`),
);
