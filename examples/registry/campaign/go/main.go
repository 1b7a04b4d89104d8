package main

import (
	"github.com/pulumi-sender/pulumi-sender/sdks/go/sender"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		customers, err := sender.GetTag(ctx, &sender.GetTagArgs{
			Name: "Customers",
		}, nil)
		if err != nil {
			return err
		}
		newsletter, err := sender.GetTag(ctx, &sender.GetTagArgs{
			Name: "Newsletter",
		}, nil)
		if err != nil {
			return err
		}
		churned, err := sender.GetTag(ctx, &sender.GetTagArgs{
			Name: "Churned",
		}, nil)
		if err != nil {
			return err
		}
		welcome, err := sender.NewCampaign(ctx, "welcome", &sender.CampaignArgs{
			Title:       pulumi.String("Welcome series"),
			Subject:     pulumi.String("Welcome to Example News"),
			From:        pulumi.String("Example News"),
			ReplyTo:     pulumi.String("news@example.com"),
			ContentType: pulumi.String("html"),
			Content:     pulumi.String("<h1>Welcome!</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"),
		})
		if err != nil {
			return err
		}
		welcomeAudience, err := sender.NewCampaignTargeting(ctx, "welcomeAudience", &sender.CampaignTargetingArgs{
			CampaignId: welcome.ID().ToIDOutput().ToStringOutput(),
			TagIds: pulumi.StringArray{
				pulumi.String(customers.Id),
				pulumi.String(newsletter.Id),
			},
			ExcludedTagIds: pulumi.StringArray{
				pulumi.String(churned.Id),
			},
		})
		if err != nil {
			return err
		}
		welcomeNudge, err := sender.NewCampaignFollowUp(ctx, "welcomeNudge", &sender.CampaignFollowUpArgs{
			CampaignId: welcome.ID().ToIDOutput().ToStringOutput(),
			Subject:    pulumi.String("Did you miss our welcome?"),
			DelayHours: pulumi.Int(48),
		})
		if err != nil {
			return err
		}
		welcomeGuide, err := sender.NewAttachment(ctx, "welcomeGuide", &sender.AttachmentArgs{
			CampaignId: welcome.ID().ToIDOutput().ToStringOutput(),
			Url:        pulumi.String("https://example.com/files/welcome-guide.pdf"),
		})
		if err != nil {
			return err
		}
		welcomeSend, err := sender.NewCampaignSchedule(ctx, "welcomeSend", &sender.CampaignScheduleArgs{
			CampaignId:   welcome.ID().ToIDOutput().ToStringOutput(),
			ScheduleTime: pulumi.String("2030-01-15T09:00:00+01:00"),
		}, pulumi.DependsOn([]pulumi.Resource{
			welcomeAudience,
			welcomeNudge,
			welcomeGuide,
		}))
		if err != nil {
			return err
		}
		ctx.Export("welcomeId", welcome.ID())
		ctx.Export("welcomeScheduledFor", welcomeSend.ScheduleTimeUtc)
		return nil
	})
}
