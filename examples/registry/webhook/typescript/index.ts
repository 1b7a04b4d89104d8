import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const newSubscriber = new sender.Webhook("newSubscriber", {
    url: "https://hooks.example.com/sender/new-subscriber",
    topic: "groups/new-subscriber",
    relationId: "grp001",
});
export const newSubscriberHookStatus = newSubscriber.status;
