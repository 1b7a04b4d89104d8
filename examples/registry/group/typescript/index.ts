import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const earlyBirds = new sender.Group("earlyBirds", {title: "Early birds"});
const earlyBirdsJoined = new sender.Webhook("earlyBirdsJoined", {
    url: "https://hooks.example.com/sender/early-birds",
    topic: "groups/new-subscriber",
    relationId: earlyBirds.id,
});
export const earlyBirdsGroupId = earlyBirds.id;
