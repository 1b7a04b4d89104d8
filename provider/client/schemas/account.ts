/**
 * Schemas of the account: plans, active subscribers, product data, images. Mirrors
 * `emulator/routes/account.ts`.
 */
import { z } from "zod";
import { Count, Id, need, opt, record } from "./core";

/** A plan (wire contract "Account and misc": not shown; assumed). */
export const PLAN_FIELDS = {
  id: need(Count, 'wire contract "Account and misc"'),
  name: opt(z.string(), "assumed"),
  price: opt(z.number(), "assumed"),
  currency: opt(z.string(), "assumed"),
  period: opt(z.string(), "assumed"),
  subscribers_limit: opt(z.number(), "assumed"),
  emails_limit: opt(z.number(), "assumed"),
  features: opt(z.array(z.string()), "assumed"),
} as const;

/** A plan (assumed shape). */
export const Plan = record(PLAN_FIELDS);

/** A plan (assumed shape). */
export type Plan = z.infer<typeof Plan>;

/** `GET /active_subscribers` data (assumed). */
export const ActiveSubscribers = z.looseObject({ active_subscribers: Count.nullish().catch(undefined) });

/** `GET /active_subscribers` data. */
export type ActiveSubscribers = z.infer<typeof ActiveSubscribers>;

/** `GET /EditorImports/getProductData` data (assumed). */
export const ProductData = z.looseObject({
  title: z.string().nullish().catch(undefined),
  price: z.union([z.string(), z.number()]).nullish().catch(undefined),
  image: z.string().nullish().catch(undefined),
  url: z.string().nullish().catch(undefined),
});

/** `GET /EditorImports/getProductData` data. */
export type ProductData = z.infer<typeof ProductData>;

/** `POST /upload/v2/{id}/{folderId}` data (assumed). */
export const UploadedImage = z.looseObject({
  id: Id,
  url: z.string().nullish().catch(undefined),
  folder_id: Id.nullish().catch(undefined),
});

/** `POST /upload/v2/{id}/{folderId}` data. */
export type UploadedImage = z.infer<typeof UploadedImage>;

/** An image folder of the account (assumed). */
export const ImageFolder = z.looseObject({
  id: Id,
  name: z.string().nullish().catch(undefined),
  images_count: Count.nullish().catch(undefined),
});

/** An image folder of the account. */
export type ImageFolder = z.infer<typeof ImageFolder>;
