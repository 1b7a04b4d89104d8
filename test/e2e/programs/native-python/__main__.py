"""A Python program on the generated Python SDK and the native plugin: a campaign and a function."""
import pulumi
import pulumi_sender as sender

config = pulumi.Config()
campaign = sender.Campaign(
    "py-news",
    title="News from Python",
    subject=config.get("subject") or "Hello from Python",
    from_="Example News",
    reply_to="news@example.com",
    content_type="text",
    content="Hello.",
)
plans = sender.get_plans()
seeded = sender.get_campaign(id="snt001")
pulumi.export("seeded", [seeded.id, seeded.status, seeded.subject])
pulumi.export("campaignId", campaign.id)
pulumi.export("subject", campaign.subject)
pulumi.export("planNames", [plan.name for plan in plans.plans])
