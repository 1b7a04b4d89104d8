// A Go program on the generated Go SDK and the native plugin: a campaign and a function.
// The tests write its go.mod: a replace directive to sdks/go (native.test.ts), or the module
// fetched through a Go module proxy (sdk-packages.test.ts).
package main

import (
	"github.com/pulumi-sender/pulumi-sender/sdks/go/sender"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		subject := config.Get(ctx, "subject")
		if subject == "" {
			subject = "Hello from Go"
		}
		campaign, err := sender.NewCampaign(ctx, "go-news", &sender.CampaignArgs{
			Title:       pulumi.String("News from Go"),
			Subject:     pulumi.String(subject),
			From:        pulumi.String("Example News"),
			ReplyTo:     pulumi.String("news@example.com"),
			ContentType: pulumi.String("text"),
			Content:     pulumi.String("Hello."),
		})
		if err != nil {
			return err
		}
		plans, err := sender.GetPlans(ctx, &sender.GetPlansArgs{})
		if err != nil {
			return err
		}
		names := []string{}
		for _, plan := range plans.Plans {
			// A plan's name may be absent (nil): the schema does not require it.
			if plan.Name != nil {
				names = append(names, *plan.Name)
			}
		}
		seeded, err := sender.GetCampaigns(ctx, &sender.GetCampaignsArgs{Status: pulumi.StringRef("SENT")})
		if err != nil {
			return err
		}
		first := seeded.Campaigns[0]
		ctx.Export("seeded", pulumi.ToStringArray([]string{first.Id, first.Status, first.Subject}))
		ctx.Export("campaignId", campaign.ID())
		ctx.Export("subject", campaign.Subject)
		ctx.Export("planNames", pulumi.ToStringArray(names))
		return nil
	})
}
