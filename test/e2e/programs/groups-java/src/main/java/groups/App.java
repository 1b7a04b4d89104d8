// yaml-groups on the generated Java SDK and the native plugin (issue 58): a group made by title
// and one found by name, whose ids the campaign's groups and the webhook's relationId take. Stack
// config renames the group and sets its delete opt-in. The test writes its pom.xml.
package groups;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumi_sender.sender.Campaign;
import io.github.pulumi_sender.sender.CampaignArgs;
import io.github.pulumi_sender.sender.Group;
import io.github.pulumi_sender.sender.GroupArgs;
import io.github.pulumi_sender.sender.SenderFunctions;
import io.github.pulumi_sender.sender.Webhook;
import io.github.pulumi_sender.sender.WebhookArgs;
import io.github.pulumi_sender.sender.inputs.GetGroupArgs;
import io.github.pulumi_sender.sender.outputs.GetGroupResult;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var config = ctx.config();
        var mainId = SenderFunctions.getGroup(GetGroupArgs.builder().name("Main list").build())
            .applyValue(GetGroupResult::id);

        var earlyBirds = new Group("earlyBirds", GroupArgs.builder()
            .title(config.get("groupTitle").orElse("Early birds"))
            .deleteEvenIfUsed(config.getBoolean("deleteEvenIfUsed").orElse(false))
            .build());

        var news = new Campaign("news", CampaignArgs.builder()
            .title("Early news")
            .subject("For the early birds")
            .from("Example News")
            .replyTo("news@example.com")
            .contentType("html")
            .content("<p>Hello</p>")
            .groups(Output.all(earlyBirds.id(), mainId))
            .build());

        var earlyJoins = new Webhook("earlyJoins", WebhookArgs.builder()
            .url("https://hooks.example.com/sender/early-birds")
            .topic("groups/new-subscriber")
            .relationId(earlyBirds.id())
            .build());

        ctx.export("groupId", earlyBirds.id());
        ctx.export("groupTitle", earlyBirds.title());
        ctx.export("mainListId", mainId);
        ctx.export("campaignId", news.id());
        ctx.export("webhookId", earlyJoins.id());
    }
}
