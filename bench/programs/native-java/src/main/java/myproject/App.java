package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import io.github.pulumi_sender.sender.Campaign;
import io.github.pulumi_sender.sender.CampaignArgs;

// N autonamed Campaigns on the Java SDK and the native plugin: the same program as native-go. Its
// pom.xml is templates/java's, written by bench/run.ts.
public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        int count = ctx.config().requireInteger("count");
        for (int i = 0; i < count; i++) {
            new Campaign("c" + i, CampaignArgs.builder()
                .subject("Bench subject " + i)
                .from("Example News")
                .replyTo("news@example.com")
                .contentType("html")
                .content("<p>bench</p>")
                .build());
        }
    }
}
