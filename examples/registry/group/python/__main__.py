import pulumi
import pulumi_sender as sender

early_birds = sender.Group("earlyBirds", title="Early birds")
early_birds_joined = sender.Webhook("earlyBirdsJoined",
    url="https://hooks.example.com/sender/early-birds",
    topic="groups/new-subscriber",
    relation_id=early_birds.id)
pulumi.export("earlyBirdsGroupId", early_birds.id)
