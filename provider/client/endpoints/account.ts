/**
 * The endpoints of the account: plans, active subscribers, deletion, images and product data.
 * Mirrors `emulator/routes/account.ts`. Installed on `SenderClient`'s prototype; `call` finds the
 * client's transport through `this`.
 */
import type * as s from "../schemas";
import { call } from "./call";

/** The account endpoints of `SenderClient`. */
export const accountEndpoints = {
  /** `GET /v2/plans`. */
  listPlans(): Promise<s.Plan[]> {
    return call(this, "GET /plans");
  },

  /** `GET /v2/plans/{plan_id}`. */
  getPlan(planId: number | string): Promise<s.Plan> {
    return call(this, "GET /plans/{planId}", { params: { planId } });
  },

  /** `GET /v2/active_subscribers`. */
  getActiveSubscribers(): Promise<s.ActiveSubscribers> {
    return call(this, "GET /active_subscribers");
  },

  /** `POST /v2/delete_me`: asks for the account's deletion. Never retried blindly. */
  deleteMe(): Promise<s.Ack> {
    return call(this, "POST /delete_me");
  },

  /** `POST /v2/additional_info` with any object. */
  sendAdditionalInfo(info: Record<string, unknown>): Promise<s.Ack> {
    return call(this, "POST /additional_info", { body: info });
  },

  /** `GET /v2/EditorImports/getProductData?url=`: product details scraped from a page. */
  getProductData(url: string): Promise<s.ProductData> {
    return call(this, "GET /EditorImports/getProductData", { query: { url } });
  },

  /** `POST /v2/upload/v2/{id}/{folderId}` with `{file}` (URL or `base64://`). */
  uploadImage(id: string, folderId: string, file: string): Promise<s.UploadedImage> {
    return call(this, "POST /upload/v2/{id}/{folderId}", {
      params: { id, folderId },
      body: { file },
    });
  },

  /** `POST /v2/userImages/bulkDelete` with `{ids}`. */
  bulkDeleteImages(ids: readonly string[]): Promise<s.Ack> {
    return call(this, "POST /userImages/bulkDelete", { body: { ids } });
  },

  /** `GET /v2/imageFolders`. */
  listImageFolders(): Promise<s.ImageFolder[]> {
    return call(this, "GET /imageFolders");
  },
};

/** The account methods of `SenderClient`. */
export type AccountEndpoints = typeof accountEndpoints;
