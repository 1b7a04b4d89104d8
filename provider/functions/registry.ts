// The data sources by name, as the plugin, the SDK and the reference in docs/ read them.
import * as campaignReports from "./campaign-reports";
import * as campaigns from "./campaigns";
import * as carts from "./carts";
import type { AnyDataSource, DataSource } from "./declare";
import * as plans from "./plans";
import { type RunContext, runDataSource } from "./run";
import * as subscriberEvents from "./subscriber-events";
import * as transactional from "./transactional-campaigns";

/** A data source as the registry holds it: its declaration, and how to run it on unchecked args. */
export interface Registered extends AnyDataSource {
  /** Runs it with these args (checked first) in this context. */
  readonly invoke: (args: unknown, context: RunContext) => Promise<unknown>;
}

function registered<A, R>(source: DataSource<A, R> & AnyDataSource): Registered {
  return { ...source, invoke: (args, context) => runDataSource(source, args, context) };
}

/** Every data source, by name (`sender:index:<name>`), in the order the reference lists them. */
export const dataSources: Readonly<Record<string, Registered>> = Object.fromEntries(
  [
    registered(plans.getPlans),
    registered(plans.getPlan),
    registered(plans.getActiveSubscribers),
    registered(plans.getImageFolders),
    registered(campaigns.getCampaigns),
    registered(campaigns.getCampaign),
    registered(campaigns.getCampaignSendingStatus),
    registered(campaigns.getCampaignPreview),
    registered(campaignReports.getCampaignReport),
    registered(campaignReports.getCampaignActivity),
    registered(campaignReports.getCampaignHardBounces),
    registered(campaignReports.getCampaignLinks),
    registered(carts.getCarts),
    registered(carts.getCart),
    registered(subscriberEvents.getSubscriberEvents),
    registered(transactional.getTransactionalCampaigns),
    registered(transactional.getTransactionalCampaign),
  ].map((source) => [source.name, source]),
);
