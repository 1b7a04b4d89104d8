// bench/programs/native as plain JavaScript: N autonamed Campaigns on the native plugin, through the
// Node.js SDK compiled to JavaScript (the bench links it as node_modules/pulumi-sender-native).
const pulumi = require("@pulumi/pulumi");
const sender = require("pulumi-sender-native");

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
