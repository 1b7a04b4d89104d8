import pulumi
import pulumi_sender as sender

customers = sender.get_tag(name="Customers")
newsletter = sender.get_tag(name="Newsletter")
churned = sender.get_tag(name="Churned")
welcome = sender.Campaign("welcome",
    title="Welcome series",
    subject="Welcome to Example News",
    from_="Example News",
    reply_to="news@example.com",
    content_type="html",
    content="<h1>Welcome!</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>")
welcome_audience = sender.CampaignTargeting("welcomeAudience",
    campaign_id=welcome.id,
    tag_ids=[
        customers.id,
        newsletter.id,
    ],
    excluded_tag_ids=[churned.id])
welcome_nudge = sender.CampaignFollowUp("welcomeNudge",
    campaign_id=welcome.id,
    subject="Did you miss our welcome?",
    delay_hours=48)
welcome_guide = sender.Attachment("welcomeGuide",
    campaign_id=welcome.id,
    url="https://example.com/files/welcome-guide.pdf")
welcome_send = sender.CampaignSchedule("welcomeSend",
    campaign_id=welcome.id,
    schedule_time="2030-01-15T09:00:00+01:00",
    opts = pulumi.ResourceOptions(depends_on=[
            welcome_audience,
            welcome_nudge,
            welcome_guide,
        ]))
pulumi.export("welcomeId", welcome.id)
pulumi.export("welcomeScheduledFor", welcome_send.schedule_time_utc)
