// N autonamed Campaigns (no title) on the dynamic resources: the same program as bench/programs/native.
import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

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
