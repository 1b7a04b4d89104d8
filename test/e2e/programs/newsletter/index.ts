import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender";

// An autonamed campaign, an explicitly titled one, one whose long name is cut into its title
// (emoji, two UTF-16 units each, after one letter: a cut on UTF-16 units would split one), and,
// with `extra`, one more explicitly titled campaign, with `extraAuto` one more autonamed one.
const config = new pulumi.Config();
const common = {
  from: "Example News",
  replyTo: "news@example.com",
  contentType: "html",
  content: "<p>Hello</p>",
} as const;
const digest = new sender.Campaign("digest", {
  ...common,
  subject: config.get("digestSubject") ?? "The digest",
});
const weekly = new sender.Campaign("weekly", {
  ...common,
  title: config.get("weeklyTitle") ?? "Weekly news",
  subject: config.get("weeklySubject") ?? "This week",
});
const wide = new sender.Campaign(`w${"😀".repeat(260)}`, { ...common, subject: "Wide" });
const extra =
  config.get("extra") === "true"
    ? new sender.Campaign("extra", { ...common, title: "Extra", subject: "Extra" })
    : undefined;

const extraAuto =
  config.get("extraAuto") === "true"
    ? new sender.Campaign("extra-auto", { ...common, subject: "Extra auto" })
    : undefined;

export const digestId = digest.id;
export const weeklyId = weekly.id;
export const wideId = wide.id;
export const extraId = extra?.id;
export const extraAutoId = extraAuto?.id;
