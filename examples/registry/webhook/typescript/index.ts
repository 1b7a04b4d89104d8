import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const mainList = sender.getGroupOutput({
    name: "Main list",
});
const newSubscriber = new sender.Webhook("newSubscriber", {
    url: "https://hooks.example.com/sender/new-subscriber",
    topic: "groups/new-subscriber",
    relationId: mainList.id,
});
export const newSubscriberHookStatus = newSubscriber.status;
