import type * as pulumi from "@pulumi/pulumi";
import { NO_ARGS, outputForm, runFunction } from "./common";

/** Result of {@link getActiveSubscribers}. */
export interface GetActiveSubscribersResult {
  /** How many subscribers of the account are active (what the plan's limit counts). */
  activeSubscribers: number | null;
}

/** A folder of the image library. */
export interface ImageFolderInfo {
  /** The folder's id, e.g. `fld001`. */
  id: string;
  /** The folder's name. */
  name: string | null;
  /** How many images it holds. */
  imagesCount: number | null;
}

/** Result of {@link getImageFolders}. */
export interface GetImageFoldersResult {
  /** Every folder of the image library. */
  folders: ImageFolderInfo[];
}

/**
 * Reads how many subscribers are active (`GET /v2/active_subscribers`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getActiveSubscribers(opts?: pulumi.InvokeOptions): Promise<GetActiveSubscribersResult> {
  return runFunction("getActiveSubscribers", NO_ARGS, {}, opts, async (client) => ({
    activeSubscribers: (await client.getActiveSubscribers()).active_subscribers ?? null,
  }));
}

/** The Output form of {@link getActiveSubscribers}. */
export function getActiveSubscribersOutput(
  opts?: pulumi.InvokeOptions,
): pulumi.Output<GetActiveSubscribersResult> {
  return outputForm((_: unknown, o) => getActiveSubscribers(o), {}, opts);
}

/**
 * Reads the folders of the image library (`GET /v2/imageFolders`).
 *
 * @param opts Invoke options; only `parent` applies: a failure is reported on that resource.
 */
export function getImageFolders(opts?: pulumi.InvokeOptions): Promise<GetImageFoldersResult> {
  return runFunction("getImageFolders", NO_ARGS, {}, opts, async (client) => ({
    folders: (await client.listImageFolders()).map((folder) => ({
      id: folder.id,
      name: folder.name ?? null,
      imagesCount: folder.images_count ?? null,
    })),
  }));
}

/** The Output form of {@link getImageFolders}. */
export function getImageFoldersOutput(opts?: pulumi.InvokeOptions): pulumi.Output<GetImageFoldersResult> {
  return outputForm((_: unknown, o) => getImageFolders(o), {}, opts);
}
