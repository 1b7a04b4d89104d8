import pulumi
import pulumi_sender as sender

main_list = sender.get_group(name="Main list")
new_subscriber = sender.Webhook("newSubscriber",
    url="https://hooks.example.com/sender/new-subscriber",
    topic="groups/new-subscriber",
    relation_id=main_list.id)
pulumi.export("newSubscriberHookStatus", new_subscriber.status)
