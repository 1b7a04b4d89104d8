package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumi_sender.sender.TransactionalCampaign;
import io.github.pulumi_sender.sender.TransactionalCampaignArgs;
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
        var passwordReset = new TransactionalCampaign("passwordReset", TransactionalCampaignArgs.builder()
            .title("Password reset link")
            .subject("Reset your password")
            .from("Example News")
            .replyTo("news@example.com")
            .editor("html")
            .content("<p>Follow the link in this email to reset your password.</p>")
            .build());

        ctx.export("passwordResetId", passwordReset.id());
    }
}
