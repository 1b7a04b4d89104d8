// bench/programs/autonamed as plain JavaScript: N autonamed Campaigns on the dynamic resources.
const pulumi = require("@pulumi/pulumi");
const sender = require("pulumi-sender");

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
