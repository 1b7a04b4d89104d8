package main

import (
	"github.com/pulumi-sender/pulumi-sender/sdks/go/sender"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		launch, err := sender.NewCampaign(ctx, "launch", &sender.CampaignArgs{
			Title:       pulumi.String("Spring launch"),
			Subject:     pulumi.String("Our spring collection is here"),
			From:        pulumi.String("Example News"),
			ReplyTo:     pulumi.String("news@example.com"),
			ContentType: pulumi.String("html"),
			Content:     pulumi.String("<h1>Spring is here</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"),
		})
		if err != nil {
			return err
		}
		launchProof, err := sender.NewCampaignProof(ctx, "launchProof", &sender.CampaignProofArgs{
			CampaignId: launch.ID().ToIDOutput().ToStringOutput(),
			Addresses: pulumi.StringArray{
				pulumi.String("editor@example.com"),
				pulumi.String("legal@example.com"),
			},
			ContentHash: launch.ContentHash,
		})
		if err != nil {
			return err
		}
		ctx.Export("launchProofedHash", launchProof.ProofedHash)
		return nil
	})
}
