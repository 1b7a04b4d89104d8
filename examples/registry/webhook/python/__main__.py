import pulumi
import pulumi_sender as sender

new_subscriber = sender.Webhook("newSubscriber",
    url="https://hooks.example.com/sender/new-subscriber",
    topic="groups/new-subscriber",
    relation_id="grp001")
pulumi.export("newSubscriberHookStatus", new_subscriber.status)
