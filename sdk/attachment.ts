import type * as pulumi from "@pulumi/pulumi";
import { SenderResource } from "./resource";

/** The arguments of an {@link Attachment}. */
export interface AttachmentArgs {
  /** The campaign the file is attached to. Changing it replaces the attachment. */
  campaignId: pulumi.Input<string>;
  /**
   * A public http(s) URL of the file, which Sender downloads. The file name is the last segment of
   * its path, and its extension must be one of doc, docx, xml, pdf, xlsx, xls, jpg, jpeg, png, svg.
   * Changing it replaces the attachment.
   */
  url: pulumi.Input<string>;
}

/**
 * A file attached to a regular campaign, fetched by Sender from a public URL. Its id is
 * `<campaignId>/<fileName>`.
 *
 * The API cannot change an attachment, so any change replaces it, removing the old file first
 * (Sender keys files by name). Once the campaign is anything but DRAFT or SCHEDULED (being sent,
 * sent, or a status unknown to the provider), any change is refused at preview, with the reason,
 * and destroying the attachment leaves the service untouched (a warning says so).
 *
 * @example
 * ```ts
 * new sender.Attachment("price-list", {
 *   campaignId: welcome.id,
 *   url: "https://example.com/files/price-list.pdf",
 * });
 * ```
 */
export class Attachment extends SenderResource {
  /** The campaign the file is attached to. */
  declare public readonly campaignId: pulumi.Output<string>;
  /** The URL the file was fetched from. */
  declare public readonly url: pulumi.Output<string>;
  /** The name Sender stored the file under. */
  declare public readonly fileName: pulumi.Output<string>;
  /** Size of the stored file in bytes. */
  declare public readonly size: pulumi.Output<number>;

  /**
   * @param name The unique name of the resource in the stack.
   * @param args The campaign and the file's URL.
   * @param opts Resource options.
   */
  constructor(name: string, args: AttachmentArgs, opts?: pulumi.CustomResourceOptions) {
    super("Attachment", name, args, opts);
  }
}
