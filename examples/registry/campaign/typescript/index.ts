import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const customers = sender.getTagOutput({
    name: "Customers",
});
const newsletter = sender.getTagOutput({
    name: "Newsletter",
});
const churned = sender.getTagOutput({
    name: "Churned",
});
const welcome = new sender.Campaign("welcome", {
    title: "Welcome series",
    subject: "Welcome to Example News",
    from: "Example News",
    replyTo: "news@example.com",
    contentType: "html",
    content: "<h1>Welcome!</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>",
});
const welcomeAudience = new sender.CampaignTargeting("welcomeAudience", {
    campaignId: welcome.id,
    tagIds: [
        customers.id,
        newsletter.id,
    ],
    excludedTagIds: [churned.id],
});
const welcomeNudge = new sender.CampaignFollowUp("welcomeNudge", {
    campaignId: welcome.id,
    subject: "Did you miss our welcome?",
    delayHours: 48,
});
const welcomeGuide = new sender.Attachment("welcomeGuide", {
    campaignId: welcome.id,
    url: "https://example.com/files/welcome-guide.pdf",
});
const welcomeSend = new sender.CampaignSchedule("welcomeSend", {
    campaignId: welcome.id,
    scheduleTime: "2030-01-15T09:00:00+01:00",
}, {
    dependsOn: [
        welcomeAudience,
        welcomeNudge,
        welcomeGuide,
    ],
});
export const welcomeId = welcome.id;
export const welcomeScheduledFor = welcomeSend.scheduleTimeUtc;
