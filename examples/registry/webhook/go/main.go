package main

import (
	"github.com/pulumi-sender/pulumi-sender/sdks/go/sender"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		newSubscriber, err := sender.NewWebhook(ctx, "newSubscriber", &sender.WebhookArgs{
			Url:        pulumi.String("https://hooks.example.com/sender/new-subscriber"),
			Topic:      pulumi.String("groups/new-subscriber"),
			RelationId: pulumi.String("grp001"),
		})
		if err != nil {
			return err
		}
		ctx.Export("newSubscriberHookStatus", newSubscriber.Status)
		return nil
	})
}
