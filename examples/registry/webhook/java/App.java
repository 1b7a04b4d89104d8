package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
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
        var newSubscriber = new Webhook("newSubscriber", WebhookArgs.builder()
            .url("https://hooks.example.com/sender/new-subscriber")
            .topic("groups/new-subscriber")
            .relationId("grp001")
            .build());

        ctx.export("newSubscriberHookStatus", newSubscriber.status());
    }
}
