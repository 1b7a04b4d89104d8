import pulumi
import pulumi_sender as sender

launch = sender.Campaign("launch",
    title="Spring launch",
    subject="Our spring collection is here",
    from_="Example News",
    reply_to="news@example.com",
    content_type="html",
    content="<h1>Spring is here</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>")
launch_proof = sender.CampaignProof("launchProof",
    campaign_id=launch.id,
    addresses=[
        "editor@example.com",
        "legal@example.com",
    ],
    content_hash=launch.content_hash)
pulumi.export("launchProofedHash", launch_proof.proofed_hash)
