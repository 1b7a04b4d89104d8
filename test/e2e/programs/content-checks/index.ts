import * as fs from "node:fs";
import * as path from "node:path";
import * as sender from "pulumi-sender";

// One campaign whose body (body.html, which the test writes) is what a reviewer would stop.
new sender.Campaign("news", {
  title: "Content checks",
  subject: "Spring is here",
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: fs.readFileSync(path.join(__dirname, "body.html"), "utf8"),
});
