// The plans' account reads; declared in provider/functions/plans.ts.
import * as declared from "../../provider/functions";
import { noArgsOutputForm, noArgsPromiseForm } from "./common";

export type {
  GetActiveSubscribersResult,
  GetImageFoldersResult,
  ImageFolderInfo,
} from "../../provider/functions";

/**
 * Reads how many subscribers are active (`GET /v2/active_subscribers`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getActiveSubscribers = noArgsPromiseForm(declared.getActiveSubscribers);

/** The Output form of {@link getActiveSubscribers}. */
export const getActiveSubscribersOutput = noArgsOutputForm(declared.getActiveSubscribers);

/**
 * Reads the folders of the image library (`GET /v2/imageFolders`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export const getImageFolders = noArgsPromiseForm(declared.getImageFolders);

/** The Output form of {@link getImageFolders}. */
export const getImageFoldersOutput = noArgsOutputForm(declared.getImageFolders);
