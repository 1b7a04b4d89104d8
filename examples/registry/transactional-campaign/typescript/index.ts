import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const passwordReset = new sender.TransactionalCampaign("passwordReset", {
    title: "Password reset link",
    subject: "Reset your password",
    from: "Example News",
    replyTo: "news@example.com",
    editor: "html",
    content: "<p>Follow the link in this email to reset your password.</p>",
});
export const passwordResetId = passwordReset.id;
