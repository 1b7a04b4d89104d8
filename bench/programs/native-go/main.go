// N autonamed Campaigns on the Go SDK and the native plugin: the same program as native-java.
package main

import (
	"fmt"

	"github.com/pulumi-sender/pulumi-sender/sdks/go/sender"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		count := config.RequireInt(ctx, "count")
		for i := 0; i < count; i++ {
			_, err := sender.NewCampaign(ctx, fmt.Sprintf("c%d", i), &sender.CampaignArgs{
				Subject:     pulumi.String(fmt.Sprintf("Bench subject %d", i)),
				From:        pulumi.String("Example News"),
				ReplyTo:     pulumi.String("news@example.com"),
				ContentType: pulumi.String("html"),
				Content:     pulumi.String("<p>bench</p>"),
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
}
