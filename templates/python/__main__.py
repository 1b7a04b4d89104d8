"""Sender.net campaigns on the native sender provider plugin."""
import pulumi
import pulumi_sender as sender

# A draft campaign: creating or updating it never sends it. Without a title, the plugin names it
# `welcome-<8 hex>` from the stack and the resource, which lets a repeated `up` recognize it.
welcome = sender.Campaign(
    "welcome",
    subject="Welcome to Example News",
    from_="Example News",
    reply_to="news@example.com",
    content_type="html",
    content="<h1>Welcome!</h1><p>Thanks for joining.</p><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>",
)

# Who it goes to: the tag of your account with this name (the local emulator has "Customers"); a
# name no tag has fails with one line naming the close ones.
customers = sender.get_tag_output(name="Customers")
sender.CampaignTargeting("welcome-audience", campaign_id=welcome.id, tag_ids=[customers.id])

pulumi.export("campaignId", welcome.id)
pulumi.export("campaignStatus", welcome.status)
