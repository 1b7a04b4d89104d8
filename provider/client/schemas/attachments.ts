/** Schemas of a campaign's attachments and follow-up. Mirrors `emulator/routes/attachments.ts`. */
import { z } from "zod";
import { MessageText, need, opt, record } from "./core";

/** Allowed follow-up delays in hours (wire contract "Follow-up"). */
export const FOLLOW_UP_DELAYS = [12, 24, 48, 72, 96, 120, 144, 168] as const;

/** Allowed follow-up delays in hours (wire contract "Follow-up"). */
export type FollowUpDelay = (typeof FOLLOW_UP_DELAYS)[number];

/** A file attached to a campaign (assumed shape); `file_name` identifies it. */
export const ATTACHMENT_FIELDS = {
  file_name: need(z.string(), 'wire contract "Attachments"'),
  url: opt(z.string(), "assumed"),
  size: opt(z.number(), "assumed"),
} as const;

/** A file attached to a campaign. */
export const Attachment = record(ATTACHMENT_FIELDS);

/** A file attached to a campaign. */
export type Attachment = z.infer<typeof Attachment>;

/** `POST /campaigns/{id}/attachments` answer (assumed): an ack with the attachment. */
export const AddAttachmentResult = z
  .looseObject({ success: z.boolean().optional(), message: MessageText, data: Attachment })
  .transform((v) => ({ ...v, success: v.success ?? true }));

/** `POST /campaigns/{id}/attachments` answer. */
export type AddAttachmentResult = z.infer<typeof AddAttachmentResult>;

/** Body of `POST /campaigns/{id}/attachments` (assumed). */
export interface AddAttachmentBody {
  /** An `http(s)://` URL or `base64://<data>`. */
  file: string;
  /** File name; needed with `base64://` content. */
  file_name?: string;
}

/** Body of `POST /campaigns/{id}/follow_up` (wire contract "Follow-up"). */
export interface FollowUpBody {
  /** Subject line of the follow-up email. */
  subject: string;
  /** Hours after the send. */
  time: FollowUpDelay;
}
