"""yaml-groups on the generated Python SDK and the native plugin (issue 58).

A group made by title and one found by name, whose ids the campaign's groups and the webhook's
relation_id take. Stack config renames the group and sets its delete opt-in.
"""
import pulumi
import pulumi_sender as sender

config = pulumi.Config()
main = sender.get_group_output(name="Main list")

early_birds = sender.Group(
    "earlyBirds",
    title=config.get("groupTitle") or "Early birds",
    delete_even_if_used=config.get_bool("deleteEvenIfUsed") or False,
)

news = sender.Campaign(
    "news",
    title="Early news",
    subject="For the early birds",
    from_="Example News",
    reply_to="news@example.com",
    content_type="html",
    content="<p>Hello</p>",
    groups=[early_birds.id, main.id],
)

early_joins = sender.Webhook(
    "earlyJoins",
    url="https://hooks.example.com/sender/early-birds",
    topic="groups/new-subscriber",
    relation_id=early_birds.id,
)

pulumi.export("groupId", early_birds.id)
pulumi.export("groupTitle", early_birds.title)
pulumi.export("mainListId", main.id)
pulumi.export("campaignId", news.id)
pulumi.export("webhookId", early_joins.id)
