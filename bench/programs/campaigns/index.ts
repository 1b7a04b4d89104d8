// N plain Campaigns: the provider under measurement.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < count; i++) {
  new sender.Campaign(`c${i}`, {
    title: `Bench ${i}`,
    subject: `Bench subject ${i}`,
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<p>bench</p>",
  });
}
