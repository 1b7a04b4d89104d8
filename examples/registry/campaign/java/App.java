package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumi_sender.sender.SenderFunctions;
import io.github.pulumi_sender.sender.inputs.GetTagArgs;
import io.github.pulumi_sender.sender.Campaign;
import io.github.pulumi_sender.sender.CampaignArgs;
import io.github.pulumi_sender.sender.CampaignTargeting;
import io.github.pulumi_sender.sender.CampaignTargetingArgs;
import io.github.pulumi_sender.sender.CampaignFollowUp;
import io.github.pulumi_sender.sender.CampaignFollowUpArgs;
import io.github.pulumi_sender.sender.Attachment;
import io.github.pulumi_sender.sender.AttachmentArgs;
import io.github.pulumi_sender.sender.CampaignSchedule;
import io.github.pulumi_sender.sender.CampaignScheduleArgs;
import com.pulumi.resources.CustomResourceOptions;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        final var customers = SenderFunctions.getTag(GetTagArgs.builder()
            .name("Customers")
            .build());

        final var newsletter = SenderFunctions.getTag(GetTagArgs.builder()
            .name("Newsletter")
            .build());

        final var churned = SenderFunctions.getTag(GetTagArgs.builder()
            .name("Churned")
            .build());

        var welcome = new Campaign("welcome", CampaignArgs.builder()
            .title("Welcome series")
            .subject("Welcome to Example News")
            .from("Example News")
            .replyTo("news@example.com")
            .contentType("html")
            .content("<h1>Welcome!</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>")
            .build());

        var welcomeAudience = new CampaignTargeting("welcomeAudience", CampaignTargetingArgs.builder()
            .campaignId(welcome.id())
            .tagIds(Output.all(customers.applyValue(_customers -> _customers.id()),
                newsletter.applyValue(_newsletter -> _newsletter.id())))
            .excludedTagIds(Output.all(churned.applyValue(_churned -> _churned.id())))
            .build());

        var welcomeNudge = new CampaignFollowUp("welcomeNudge", CampaignFollowUpArgs.builder()
            .campaignId(welcome.id())
            .subject("Did you miss our welcome?")
            .delayHours(48)
            .build());

        var welcomeGuide = new Attachment("welcomeGuide", AttachmentArgs.builder()
            .campaignId(welcome.id())
            .url("https://example.com/files/welcome-guide.pdf")
            .build());

        var welcomeSend = new CampaignSchedule("welcomeSend", CampaignScheduleArgs.builder()
            .campaignId(welcome.id())
            .scheduleTime("2030-01-15T09:00:00+01:00")
            .build(), CustomResourceOptions.builder()
                .dependsOn(                
                    welcomeAudience,
                    welcomeNudge,
                    welcomeGuide)
                .build());

        ctx.export("welcomeId", welcome.id());
        ctx.export("welcomeScheduledFor", welcomeSend.scheduleTimeUtc());
    }
}
