// Run in a child process by bounds.test.ts: one call against a hostile server, then one JSON
// line on stdout with the error and the process's peak memory, so that the parent can bound it.
import { SenderClient } from "../../../../provider/client";

const [baseUrl, call] = process.argv.slice(2);

async function main(): Promise<void> {
  const client = new SenderClient({
    baseUrl: baseUrl ?? "",
    apiToken: "t0ken-secret-9f8e7d",
    // Long enough that a slow machine meets the size cap, not the timeout, first.
    timeoutMs: 30_000,
    retry: { maxAttempts: 1 },
  });
  const startRssKb = process.resourceUsage().maxRSS;
  let message = "(no error)";
  let ambiguous: boolean | undefined;
  try {
    if (call === "create") {
      await client.createCampaign({ subject: "s", from: "f", reply_to: "a@b.c", content_type: "html" });
    } else {
      await client.getCampaign("b6gXkQ");
    }
  } catch (error) {
    message = (error as Error).message;
    ambiguous = (error as { ambiguous?: boolean }).ambiguous;
  }
  const peakRssKb = process.resourceUsage().maxRSS;
  process.stdout.write(`${JSON.stringify({ message, ambiguous, startRssKb, peakRssKb })}\n`);
}

void main();
