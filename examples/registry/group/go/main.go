package main

import (
	"github.com/pulumi-sender/pulumi-sender/sdks/go/sender"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		earlyBirds, err := sender.NewGroup(ctx, "earlyBirds", &sender.GroupArgs{
			Title: pulumi.String("Early birds"),
		})
		if err != nil {
			return err
		}
		_, err = sender.NewWebhook(ctx, "earlyBirdsJoined", &sender.WebhookArgs{
			Url:        pulumi.String("https://hooks.example.com/sender/early-birds"),
			Topic:      pulumi.String("groups/new-subscriber"),
			RelationId: earlyBirds.ID().ToIDOutput().ToStringOutput(),
		})
		if err != nil {
			return err
		}
		ctx.Export("earlyBirdsGroupId", earlyBirds.ID())
		return nil
	})
}
