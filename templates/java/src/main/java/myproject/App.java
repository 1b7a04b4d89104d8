package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import io.github.pulumi_sender.sender.Campaign;
import io.github.pulumi_sender.sender.CampaignArgs;
import io.github.pulumi_sender.sender.CampaignTargeting;
import io.github.pulumi_sender.sender.CampaignTargetingArgs;
import io.github.pulumi_sender.sender.SenderFunctions;
import io.github.pulumi_sender.sender.inputs.GetTagArgs;
import java.util.List;
import java.util.stream.Collectors;

// Sender.net campaigns on the native sender provider plugin.
public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        // A draft campaign: creating or updating it never sends it. Without a title, the plugin names
        // it `welcome-<8 hex>` from the stack and the resource, which lets a repeated `up` recognize it.
        var welcome = new Campaign("welcome", CampaignArgs.builder()
            .subject("Welcome to Example News")
            .from("Example News")
            .replyTo("news@example.com")
            .contentType("html")
            .content("<h1>Welcome!</h1><p>Thanks for joining.</p><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>")
            .build());

        // Who it goes to: the tag of your account with this name (the local emulator has "Customers");
        // a name no tag has fails with one line naming the close ones.
        var customers = SenderFunctions.getTag(GetTagArgs.builder().name("Customers").build());
        new CampaignTargeting("welcome-audience", CampaignTargetingArgs.builder()
            .campaignId(welcome.id())
            .tagIds(customers.applyValue(tag -> List.of(tag.id())))
            .build());

        ctx.export("campaignId", welcome.id());
        ctx.export("campaignStatus", welcome.status());
        // A data source: the names of the account's plans.
        ctx.export("plans", SenderFunctions.getPlans().applyValue(result -> result.plans().stream()
            .map(plan -> plan.name().orElse(""))
            .collect(Collectors.toList())));
    }
}
