/**
 * The endpoints of a campaign's attachments and its automatic follow-up. Mirrors
 * `emulator/routes/attachments.ts`. Installed on `SenderClient`'s prototype; `call` finds the
 * client's transport through `this`.
 */
import type * as s from "../schemas";
import { call } from "./call";

/** The attachments endpoints of `SenderClient`. */
export const attachmentEndpoints = {
  /** `GET /v2/campaigns/{id}/attachments`. */
  listAttachments(id: string): Promise<s.Attachment[]> {
    return call(this, "GET /campaigns/{id}/attachments", {
      params: { id },
    });
  },

  /** `POST /v2/campaigns/{id}/attachments` with `{file, file_name?}`; returns the stored file. */
  addAttachment(id: string, body: s.AddAttachmentBody): Promise<s.Attachment> {
    return call(this, "POST /campaigns/{id}/attachments", {
      params: { id },
      body,
    });
  },

  /** `DELETE /v2/campaigns/{id}/attachments` with `{file_name}`. */
  deleteAttachment(id: string, fileName: string): Promise<s.Ack> {
    return call(this, "DELETE /campaigns/{id}/attachments", {
      params: { id },
      body: { file_name: fileName },
    });
  },

  /** `POST /v2/attachment/delete` with `{file_name}`: removes that file from any campaign. */
  deleteAttachmentByName(fileName: string): Promise<s.Ack> {
    return call(this, "POST /attachment/delete", { body: { file_name: fileName } });
  },

  /** `POST /v2/campaigns/{id}/follow_up` with `{subject, time}` (time in hours). */
  setFollowUp(id: string, followUp: s.FollowUpBody): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/follow_up", {
      params: { id },
      body: { subject: followUp.subject, time: followUp.time },
    });
  },

  /** `DELETE /v2/campaigns/{id}/follow_up`: clears subject, delay and switch. */
  deleteFollowUp(id: string): Promise<s.Ack> {
    return call(this, "DELETE /campaigns/{id}/follow_up", { params: { id } });
  },

  /** `POST /v2/campaigns/{id}/cancel_followup`: switches the follow-up off only. */
  cancelFollowUp(id: string): Promise<s.Ack> {
    return call(this, "POST /campaigns/{id}/cancel_followup", { params: { id } });
  },
};

/** The attachments methods of `SenderClient`. */
export type AttachmentEndpoints = typeof attachmentEndpoints;
