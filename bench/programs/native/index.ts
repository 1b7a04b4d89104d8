// N autonamed Campaigns (no title) on the generated SDK and the native plugin: the same program as
// bench/programs/autonamed.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < count; i++) {
  new sender.Campaign(`c${i}`, {
    subject: `Bench subject ${i}`,
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<p>bench</p>",
  });
}
