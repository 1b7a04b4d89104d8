import type * as pulumi from "@pulumi/pulumi";
import type { attachmentFields } from "../provider/resources/attachment";
import { SenderResource, typeToken } from "./resource";
import type { ArgsOf, ResourceOutputsOf } from "./types";

/** The arguments of an {@link Attachment}. */
export interface AttachmentArgs extends ArgsOf<typeof attachmentFields> {}

/** The outputs of a {@link Attachment}: one per field of its table, with the field's TSDoc. */
export interface Attachment extends ResourceOutputsOf<typeof attachmentFields> {}

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
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: SenderResource registers every field of the table, and the engine resolves each into the output of the same name (test/sdk/outputs.test.ts)
export class Attachment extends SenderResource {
  /** The type token of Attachment. */
  static override readonly __pulumiType = typeToken("Attachment");
  /**
   * @param name The unique name of the resource in the stack.
   * @param args The campaign and the file's URL.
   * @param opts Resource options.
   */
  constructor(name: string, args: AttachmentArgs, opts?: pulumi.CustomResourceOptions) {
    super("Attachment", name, args, opts);
  }
}
