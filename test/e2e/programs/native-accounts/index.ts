// Two Sender accounts in one program: an explicit provider per account, each with its own token
// (a secret) and base URL, and a campaign in each.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const config = new pulumi.Config();

function account(name: string) {
  const provider = new sender.Provider(name, {
    apiToken: config.requireSecret(`${name}Token`),
    baseUrl: config.require(`${name}Url`),
    maxAttempts: 3,
  });
  const campaign = new sender.Campaign(
    `${name}-news`,
    {
      title: `News of ${name}`,
      subject: `Hello from ${name}`,
      from: "Example News",
      replyTo: "news@example.com",
      contentType: "text",
      content: "Hello.",
    },
    { provider },
  );
  const active = sender.getActiveSubscribersOutput({ provider });
  return { id: campaign.id, active: active.activeSubscribers };
}

export const first = account("first");
export const second = account("second");
