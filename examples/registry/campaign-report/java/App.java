package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumi_sender.sender.SenderFunctions;
import io.github.pulumi_sender.sender.inputs.GetCampaignsArgs;
import io.github.pulumi_sender.sender.inputs.GetCampaignReportArgs;
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
        final var sentCampaigns = SenderFunctions.getCampaigns(GetCampaignsArgs.builder()
            .status("SENT")
            .maxItems(1)
            .build()).applyValue(_invoke -> _invoke.campaigns());

        final var latestOpenRateVar = SenderFunctions.getCampaignReport(GetCampaignReportArgs.builder()
            .id(sentCampaigns.applyValue(list -> list.get(0).id()))
            .build()).applyValue(_invoke -> _invoke.openRate());

        ctx.export("latestSentCampaign", sentCampaigns.applyValue(list -> list.get(0).title()));
        ctx.export("latestOpenRate", latestOpenRateVar);
    }
}
