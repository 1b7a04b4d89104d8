package main

import (
	"github.com/pulumi-sender/pulumi-sender/sdks/go/sender"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		invokeGetCampaigns, err := sender.GetCampaigns(ctx, &sender.GetCampaignsArgs{
			Status:   pulumi.StringRef("SENT"),
			MaxItems: pulumi.IntRef(1),
		}, nil)
		if err != nil {
			return err
		}
		sentCampaigns := invokeGetCampaigns.Campaigns
		invokeGetCampaignReport, err := sender.GetCampaignReport(ctx, &sender.GetCampaignReportArgs{
			Id: sentCampaigns[0].Id,
		}, nil)
		if err != nil {
			return err
		}
		latestOpenRateVar := invokeGetCampaignReport.OpenRate
		ctx.Export("latestSentCampaign", pulumi.Any(sentCampaigns[0].Title))
		ctx.Export("latestOpenRate", pulumi.Any(latestOpenRateVar))
		return nil
	})
}
