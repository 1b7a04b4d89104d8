package main

import (
	"github.com/pulumi-sender/pulumi-sender/sdks/go/sender"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		passwordReset, err := sender.NewTransactionalCampaign(ctx, "passwordReset", &sender.TransactionalCampaignArgs{
			Title:   pulumi.String("Password reset link"),
			Subject: pulumi.String("Reset your password"),
			From:    pulumi.String("Example News"),
			ReplyTo: pulumi.String("news@example.com"),
			Editor:  pulumi.String("html"),
			Content: pulumi.String("<p>Follow the link in this email to reset your password.</p>"),
		})
		if err != nil {
			return err
		}
		ctx.Export("passwordResetId", passwordReset.ID())
		return nil
	})
}
