// Sender.net campaigns on the native sender provider plugin.
package main

import (
	"github.com/pulumi-sender/pulumi-sender/sdks/go/sender"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// A draft campaign: creating or updating it never sends it. Without a title, the plugin names
		// it `welcome-<8 hex>` from the stack and the resource, which lets a repeated `up` recognize it.
		welcome, err := sender.NewCampaign(ctx, "welcome", &sender.CampaignArgs{
			Subject:     pulumi.String("Welcome to Example News"),
			From:        pulumi.String("Example News"),
			ReplyTo:     pulumi.String("news@example.com"),
			ContentType: pulumi.String("html"),
			Content:     pulumi.String("<h1>Welcome!</h1><p>Thanks for joining.</p><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"),
		})
		if err != nil {
			return err
		}
		// Who it goes to: the tag of your account with this name (the local emulator has "Customers");
		// a name no tag has fails with one line naming the close ones.
		customers, err := sender.GetTag(ctx, &sender.GetTagArgs{Name: "Customers"})
		if err != nil {
			return err
		}
		_, err = sender.NewCampaignTargeting(ctx, "welcome-audience", &sender.CampaignTargetingArgs{
			CampaignId: welcome.ID().ToStringOutput(),
			TagIds:     pulumi.StringArray{pulumi.String(customers.Id)},
		})
		if err != nil {
			return err
		}
		ctx.Export("campaignId", welcome.ID())
		ctx.Export("campaignStatus", welcome.Status)
		return nil
	})
}
