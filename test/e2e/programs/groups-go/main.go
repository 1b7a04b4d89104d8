// yaml-groups on the generated Go SDK and the native plugin (issue 58): a group made by title and
// one found by name, whose ids the campaign's groups and the webhook's relationId take. Stack
// config renames the group and sets its delete opt-in. The test writes its go.mod.
package main

import (
	"github.com/pulumi-sender/pulumi-sender/sdks/go/sender"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		title := cfg.Get("groupTitle")
		if title == "" {
			title = "Early birds"
		}
		mainList := sender.LookupGroupOutput(ctx, sender.LookupGroupOutputArgs{Name: pulumi.String("Main list")})
		earlyBirds, err := sender.NewGroup(ctx, "earlyBirds", &sender.GroupArgs{
			Title:            pulumi.String(title),
			DeleteEvenIfUsed: pulumi.Bool(cfg.GetBool("deleteEvenIfUsed")),
		})
		if err != nil {
			return err
		}
		groupId := earlyBirds.ID().ToStringOutput()
		news, err := sender.NewCampaign(ctx, "news", &sender.CampaignArgs{
			Title:       pulumi.String("Early news"),
			Subject:     pulumi.String("For the early birds"),
			From:        pulumi.String("Example News"),
			ReplyTo:     pulumi.String("news@example.com"),
			ContentType: pulumi.String("html"),
			Content:     pulumi.String("<p>Hello</p>"),
			Groups:      pulumi.StringArray{groupId, mainList.Id()},
		})
		if err != nil {
			return err
		}
		earlyJoins, err := sender.NewWebhook(ctx, "earlyJoins", &sender.WebhookArgs{
			Url:        pulumi.String("https://hooks.example.com/sender/early-birds"),
			Topic:      pulumi.String("groups/new-subscriber"),
			RelationId: groupId,
		})
		if err != nil {
			return err
		}
		ctx.Export("groupId", earlyBirds.ID())
		ctx.Export("groupTitle", earlyBirds.Title)
		ctx.Export("mainListId", mainList.Id())
		ctx.Export("campaignId", news.ID())
		ctx.Export("webhookId", earlyJoins.ID())
		return nil
	})
}
