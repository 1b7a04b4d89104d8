import * as pulumi from "@pulumi/pulumi";
import * as sender from "pulumi-sender-native";

const sentCampaigns = sender.getCampaignsOutput({
    status: "SENT",
    maxItems: 1,
}).apply(invoke => invoke.campaigns);
const latestOpenRateVar = sender.getCampaignReportOutput({
    id: sentCampaigns?.[0]?.id,
}).openRate;
export const latestSentCampaign = sentCampaigns?.[0]?.title;
export const latestOpenRate = latestOpenRateVar;
