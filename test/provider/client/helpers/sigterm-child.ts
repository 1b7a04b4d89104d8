// Run in a child process by sigterm.test.ts: stops on SIGTERM as the provider processes do, then
// starts a request that the server answers a byte a second, with a timeout far beyond the test's.
import { abortRequestsInFlight, PacerRegistry, SenderClient } from "../../../../provider/client";
import { EngineWatch } from "../../../../provider/core/engine-watch";

// What a provider process keeps: the registry of its clients, and its watch, which cuts their requests.
const pacers = new PacerRegistry();
new EngineWatch((why) => abortRequestsInFlight(pacers, why)).stopOnSigterm();
const client = new SenderClient({
  pacers,
  baseUrl: process.argv[2] ?? "",
  apiToken: "t0ken-secret-9f8e7d",
  timeoutMs: 600_000,
  retry: { maxAttempts: 1, deadlineMs: 600_000 },
});
client.getCampaign("b6gXkQ").then(
  () => process.stdout.write("answered\n"),
  (error: Error) => process.stdout.write(`failed: ${error.message}\n`),
);
