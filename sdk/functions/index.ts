// Data-source functions: reads of the account from a Pulumi program. Each comes as `getX(args, opts?)`
// (a Promise) and `getXOutput(args, opts?)` (Input args, an Output). They run in the program process
// with their own client built from the program's `sender:*` config, not through the engine. Of
// `opts` (InvokeOptions), `parent` applies: a failure is reported on that resource; `provider`,
// `version`, `pluginDownloadURL` and `async` concern engine invokes and have no effect. No answer
// read here holds a secret, so no result is marked secret; secret args still make the Output
// form's result secret.

export {
  type GetActiveSubscribersResult,
  type GetImageFoldersResult,
  getActiveSubscribers,
  getActiveSubscribersOutput,
  getImageFolders,
  getImageFoldersOutput,
  type ImageFolderInfo,
} from "./account";
export {
  type CampaignActivityItem,
  type CampaignActivityKind,
  type CampaignHardBounce,
  type CampaignLinkInfo,
  type GetCampaignActivityArgs,
  type GetCampaignActivityResult,
  type GetCampaignHardBouncesArgs,
  type GetCampaignHardBouncesResult,
  type GetCampaignLinksArgs,
  type GetCampaignLinksResult,
  type GetCampaignReportResult,
  getCampaignActivity,
  getCampaignActivityOutput,
  getCampaignHardBounces,
  getCampaignHardBouncesOutput,
  getCampaignLinks,
  getCampaignLinksOutput,
  getCampaignReport,
  getCampaignReportOutput,
} from "./campaign-reports";
export {
  type CampaignContentInfo,
  type CampaignReportPercentages,
  type CampaignState,
  type GetCampaignArgs,
  type GetCampaignPreviewResult,
  type GetCampaignResult,
  type GetCampaignSendingStatusResult,
  type GetCampaignsArgs,
  type GetCampaignsResult,
  getCampaign,
  getCampaignOutput,
  getCampaignPreview,
  getCampaignPreviewOutput,
  getCampaignSendingStatus,
  getCampaignSendingStatusOutput,
  getCampaigns,
  getCampaignsOutput,
} from "./campaigns";
export {
  type CartProductLine,
  type GetCartArgs,
  type GetCartResult,
  type GetCartsArgs,
  type GetCartsResult,
  getCart,
  getCartOutput,
  getCarts,
  getCartsOutput,
} from "./carts";
export { type InputArgs, SenderFunctionError, type SenderFunctionFailure } from "./common";
export {
  type GetPlanArgs,
  type GetPlanResult,
  type GetPlansResult,
  getPlan,
  getPlanOutput,
  getPlans,
  getPlansOutput,
} from "./plans";
export {
  type GetSubscriberEventsArgs,
  type GetSubscriberEventsResult,
  getSubscriberEvents,
  getSubscriberEventsOutput,
  type SubscriberEmailCounters,
  type SubscriberEventAction,
  type SubscriberEventItem,
  type SubscriberEvents,
  type SubscriberSmsCounters,
} from "./subscriber-events";
export {
  type GetTransactionalCampaignArgs,
  type GetTransactionalCampaignResult,
  type GetTransactionalCampaignsArgs,
  type GetTransactionalCampaignsResult,
  getTransactionalCampaign,
  getTransactionalCampaignOutput,
  getTransactionalCampaigns,
  getTransactionalCampaignsOutput,
  type TransactionalContentInfo,
} from "./transactional-campaigns";
