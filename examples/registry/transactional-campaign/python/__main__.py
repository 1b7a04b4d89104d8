import pulumi
import pulumi_sender as sender

password_reset = sender.TransactionalCampaign("passwordReset",
    title="Password reset link",
    subject="Reset your password",
    from_="Example News",
    reply_to="news@example.com",
    editor="html",
    content="<p>Follow the link in this email to reset your password.</p>")
pulumi.export("passwordResetId", password_reset.id)
