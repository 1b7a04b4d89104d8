import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const launch = new sender.Campaign("launch", {
    title: "Spring launch",
    subject: "Our spring collection is here",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<h1>Spring is here</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>",
});
const launchProof = new sender.CampaignProof("launchProof", {
    campaignId: launch.id,
    addresses: [
        "editor@example.com",
        "legal@example.com",
    ],
    contentHash: launch.contentHash,
});
export const launchProofedHash = launchProof.proofedHash;
