import pulumi
import pulumi_sender as sender

sent_campaigns = sender.get_campaigns(status="SENT",
    max_items=1).campaigns
latest_open_rate_var = sender.get_campaign_report(id=sent_campaigns[0].id).open_rate
pulumi.export("latestSentCampaign", sent_campaigns[0].title)
pulumi.export("latestOpenRate", latest_open_rate_var)
