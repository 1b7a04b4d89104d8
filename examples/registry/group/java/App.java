package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumi_sender.sender.Group;
import io.github.pulumi_sender.sender.GroupArgs;
import io.github.pulumi_sender.sender.Webhook;
import io.github.pulumi_sender.sender.WebhookArgs;
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
        var earlyBirds = new Group("earlyBirds", GroupArgs.builder()
            .title("Early birds")
            .build());

        var earlyBirdsJoined = new Webhook("earlyBirdsJoined", WebhookArgs.builder()
            .url("https://hooks.example.com/sender/early-birds")
            .topic("groups/new-subscriber")
            .relationId(earlyBirds.id())
            .build());

        ctx.export("earlyBirdsGroupId", earlyBirds.id());
    }
}
