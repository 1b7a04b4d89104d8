package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumi_sender.sender.Campaign;
import io.github.pulumi_sender.sender.CampaignArgs;
import io.github.pulumi_sender.sender.CampaignProof;
import io.github.pulumi_sender.sender.CampaignProofArgs;
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
        var launch = new Campaign("launch", CampaignArgs.builder()
            .title("Spring launch")
            .subject("Our spring collection is here")
            .from("Example News")
            .replyTo("news@example.com")
            .contentType("html")
            .content("<h1>Spring is here</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>")
            .build());

        var launchProof = new CampaignProof("launchProof", CampaignProofArgs.builder()
            .campaignId(launch.id())
            .addresses(            
                "editor@example.com",
                "legal@example.com")
            .contentHash(launch.contentHash())
            .build());

        ctx.export("launchProofedHash", launchProof.proofedHash());
    }
}
