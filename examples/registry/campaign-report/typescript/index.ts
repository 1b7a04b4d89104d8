import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const sentCampaigns = sender.getCampaignsOutput({
    status: "SENT",
    maxItems: 1,
}).apply(invoke => invoke.campaigns);
const latestReport = sender.getCampaignReportOutput({
    id: sentCampaigns?.[0]?.id,
});
export const latestSentCampaign = sentCampaigns?.[0]?.title;
export const latestOpenRate = latestReport.openRate;
export const latestClickRate = latestReport.clickRate;
