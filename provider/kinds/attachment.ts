import { createHash } from "node:crypto";
import { z } from "zod";
import type { AddAttachmentBody, Attachment, KnownKeys } from "../client";
import { shorten } from "../client";
import type { PropertyBag } from "../core/bag";
import type { ProviderContext } from "../core/context";
import { journalKey, journalRecorded } from "../core/create-journal";
import { createOnce, createOptionsOf } from "../core/create-once";
import { defineResource } from "../core/define";
import { containsUnknown } from "../core/engine-values";
import { campaignIdField, diffSpecOf, type InputsOf, type OutputsOf, type TableOf } from "../core/fields";
import type { KindSample } from "../core/kind-sample";
import { isNotFound, readOrGone, withOperation } from "../core/operation-errors";
import { attachmentAdoptIdField } from "../core/part-takeover";
import { isPrivateHost } from "../core/private-host";
import type { ResourceProviderOf } from "../core/provider-types";
import { guardedDiff, sentBeforeDelete } from "../core/sent-guard";
import { kindWord, operationWord, say } from "../words";

const KIND = "Attachment";

/** The file types Sender accepts as campaign attachments (wire contract "Attachments"). */
export const ATTACHMENT_FILE_TYPES = [
  "doc",
  "docx",
  "xml",
  "pdf",
  "xlsx",
  "xls",
  "jpg",
  "jpeg",
  "png",
  "svg",
] as const;

/** The inputs of an Attachment: derived from {@link attachmentFields}. */
export type AttachmentInputs = InputsOf<typeof attachmentFields>;

/** A file attached to a campaign, as the provider stores it. */
export type AttachmentOutputs = OutputsOf<typeof attachmentFields>;

/** The name Sender gives a file fetched from `url`: the last path segment, decoded (contract). */
export function fileNameOf(url: string): string {
  const segment = new URL(url).pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The id of the attachment the inputs make: `<campaignId>/<fileName>`. */
export function attachmentIdOf(inputs: PropertyBag): string {
  return `${String(inputs.campaignId)}/${fileNameOf(String(inputs.url))}`;
}

const URL_REASON = "must be a public http(s) URL: Sender downloads the file from it";

/** Why `url` cannot be attached, or undefined when it can. */
function urlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return URL_REASON;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || isPrivateHost(url.hostname))
    return URL_REASON;
  const name = fileNameOf(value);
  const extension = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  if (!(ATTACHMENT_FILE_TYPES as readonly string[]).includes(extension)) {
    const got = extension === "" ? "the URL's path has no file extension" : `got "${extension}"`;
    return `the file type must be one of ${ATTACHMENT_FILE_TYPES.join(", ")} (${got})`;
  }
  return undefined;
}

/**
 * The field table of Attachment. The API cannot change an attachment, so every input forces a new
 * one; the old one goes first (see {@link ATTACHMENT_DIFF}).
 */
export const attachmentFields = {
  /** The campaign the file is attached to. Changing it replaces the attachment. */
  campaignId: campaignIdField(),
  /**
   * The id of an attachment to take over as it is, `<campaignId>/<fileName>`, which these arguments must
   * give: `create` then sends nothing. Only read at create.
   */
  adoptId: attachmentAdoptIdField(),
  /**
   * A public http(s) URL of the file, which Sender downloads. The file name is the last segment of its path,
   * and its extension must be one of doc, docx, xml, pdf, xlsx, xls, jpg, jpeg, png, svg. Changing it
   * replaces the attachment.
   */
  url: {
    type: "string",
    api: "file",
    required: true,
    replaceOnChange: true,
    check: z.string({ error: URL_REASON }).superRefine((value, ctx) => {
      const problem = urlProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  },
  /** The name Sender stored the file under. */
  fileName: { type: "string", api: "file_name", output: true },
  /** Size of the stored file in bytes. */
  size: {
    type: "integer",
    api: "size",
    output: true,
    optional: true,
  },
} as const satisfies TableOf<keyof AddAttachmentBody, KnownKeys<Attachment>>;

/** What an Attachment is, for the package schema and the SDK. */
export const attachmentDescription =
  "A file attached to a regular campaign, fetched by Sender from a public URL. Its id is `<campaignId>/<fileName>`. " +
  "The API cannot change an attachment, so any change replaces it, removing the old file first (Sender keys files " +
  "by name). Changes to a campaign that is no longer DRAFT or SCHEDULED are refused, and destroying the attachment " +
  "of such a campaign leaves the service untouched.";

/**
 * Every input forces a new attachment. The old one goes first: Sender keys attachments by file
 * name, so a new file of the same name would be removed with the old.
 */
const ATTACHMENT_DIFF = diffSpecOf(attachmentFields, true);

/**
 * The recorded url, when it is the service's own copy of the file (what an import records: the
 * service shows no source) and `url` names the same file; else undefined. Sender keys a campaign's
 * files by name, so the program's url of that name is the source of the file the service holds:
 * the same attachment, nothing to replace (wire contract "Attachments"). Lists the
 * campaign's attachments only when the two urls differ and name the same file.
 */
async function importedCopy(
  context: ProviderContext,
  id: string,
  olds: Partial<AttachmentOutputs>,
  url: unknown,
): Promise<string | undefined> {
  const recorded = olds.url;
  if (typeof recorded !== "string" || typeof url !== "string" || recorded === url) return undefined;
  if (containsUnknown(url) || urlProblem(url) !== undefined) return undefined;
  const { campaignId, fileName } = locate(id, olds);
  if (fileNameOf(url) !== fileName || fileNameOf(recorded) !== fileName) return undefined;
  const files = await withOperation("diff", KIND, id, async () => {
    try {
      return await context.client().listAttachments(campaignId);
    } catch (err) {
      if (isNotFound(err)) return [];
      throw err;
    }
  });
  return files.some((file) => file.file_name === fileName && file.url === recorded) ? recorded : undefined;
}

/** The campaign id and file name of a resource, from its state or else from its id. */
function locate(id: string, props: Partial<AttachmentOutputs>): { campaignId: string; fileName: string } {
  const slash = id.indexOf("/");
  return {
    campaignId: props.campaignId ?? id.slice(0, slash),
    fileName: props.fileName ?? id.slice(slash + 1),
  };
}

function stateOf(campaignId: string, url: string, attachment: Attachment): AttachmentOutputs {
  // The size is an assumed field: read when the service gives it.
  const size = attachment.size ?? undefined;
  return { campaignId, url, fileName: attachment.file_name, ...(size === undefined ? {} : { size }) };
}

/** An attachment's record key: its id is its identity (one file name per campaign), hashed. */
const recordKey = (id: string): string => createHash("sha256").update(id).digest("hex").slice(0, 16);

/**
 * The provider of `Attachment`: a file fetched by Sender from a public URL and attached to a
 * campaign. The id is `<campaignId>/<fileName>`. There is no update: every change replaces it.
 */
export const attachmentProvider: ResourceProviderOf = defineResource(attachmentFields, {
  kind: KIND,
  deleteBeforeReplace: true,
  recordKey,
  takesOver: "attachment",
  handlers: (context) => ({
    async diff(id, olds, news) {
      // An imported attachment records the service's copy: the program's url of the same file matches it.
      const copy = await importedCopy(context, id, olds, news.url);
      return guardedDiff(
        context,
        ATTACHMENT_DIFF,
        KIND,
        id,
        olds,
        copy === undefined ? news : { ...news, url: copy },
      );
    },

    async create(inputs) {
      const { campaignId, url } = inputs;
      return withOperation("create", KIND, `${campaignId}/${fileNameOf(url)}`, async () => {
        const client = context.client();
        const fileName = fileNameOf(url);
        const ownId = `${campaignId}/${fileName}`;
        const find = async () => {
          try {
            return (await client.listAttachments(campaignId)).filter((a) => a.file_name === fileName);
          } catch (err) {
            // No such campaign: nothing to find; the POST then says so in the service's words.
            if (isNotFound(err)) return [];
            throw err;
          }
        };
        const claimed = context.claims.of(KIND);
        const held =
          claimed.has(ownId) ||
          journalRecorded(journalKey(KIND, recordKey(ownId), client.baseUrl)).has(ownId);
        // A state holds an attachment of this file name (the one a create-first replacement
        // replaces) and it is still there: taking it would attach the old file, and the
        // replacement's delete would then remove it. Refused, before any write. Gone (a
        // delete-first replacement, a file removed and added again), the id is free again.
        if (held && (await find()).length > 0)
          throw new Error(
            `attachment ${JSON.stringify(shorten(fileName))} of campaign ${campaignId}: a resource's state holds an attachment of this file name and it is still attached, so a create-first replacement would take it over and then delete it; replace it delete-first, or give the file another name`,
          );
        claimed.delete(ownId);
        // After an ambiguous failure the file may be there already: adopt it rather than add it twice.
        // The file name is the attachment's identity on a campaign of this stack: ours by
        // construction (the campaign is this stack's, and one file name is one attachment), so one
        // already there (a lost answer, an interrupted `up`) is this resource's and is reclaimed.
        const attachment = await createOnce(
          context.claims,
          {
            kind: KIND,
            describe: `attachment ${JSON.stringify(shorten(fileName))} of campaign ${campaignId}`,
            create: () => client.addAttachment(campaignId, { file: url }),
            find,
            owns: () => true,
            idOf: (a) => `${campaignId}/${a.file_name}`,
          },
          createOptionsOf(client, context.retryDeadlineMs()),
        );
        return { id: `${campaignId}/${attachment.file_name}`, outs: stateOf(campaignId, url, attachment) };
      });
    },

    async read(id, props) {
      const { campaignId, fileName } = locate(id, props);
      return readOrGone(
        KIND,
        id,
        () => context.client().listAttachments(campaignId),
        (attachments) => {
          const found = attachments.find((a) => a.file_name === fileName);
          if (!found) return { id: "" };
          // The service keeps its own copy's URL, not the source: the source URL stays as given.
          const url = props.url ?? found.url ?? "";
          return { id, props: stateOf(campaignId, url, found), inputs: { campaignId, url } };
        },
      );
    },

    async update(id, olds, news) {
      // Only the url of an imported attachment, which matches the service's copy (see `importedCopy`):
      // recorded, nothing sent. Terraform asks for it, since its plan carries the configuration's url.
      const copy = await importedCopy(context, id, olds, news.url);
      if (copy !== undefined && olds.campaignId === news.campaignId)
        return { outs: { ...olds, campaignId: news.campaignId, url: news.url } as AttachmentOutputs };
      // Else unreachable: every other change forces replacement, so the engine never asks for an update.
      throw new Error(
        say`${operationWord("update")} ${kindWord(KIND)} ${id} failed: the Sender API cannot change an attachment; it must be replaced`,
      );
    },

    async delete(id, props) {
      const { campaignId, fileName } = locate(id, props);
      await withOperation("delete", KIND, id, async () => {
        // The files of a sent campaign are part of what was sent: the service stays untouched.
        if (await sentBeforeDelete(context, KIND, id, campaignId)) return;
        try {
          await context.client().deleteAttachment(campaignId, fileName);
        } catch (err) {
          if (!isNotFound(err)) throw err; // already gone, or its campaign is
        }
      });
    },
  }),
});

/** The sample values of Attachment: the tests keyed by kind, the Terraform example and its docs read them. */
export const attachmentSample: KindSample = {
  valid: { campaignId: "abc123", url: "https://example.com/files/guide.pdf" },
  declaredExtras: [],
  scenario: {
    parentCampaign: "campaignId",
    inputs: { url: "https://files.example.com/docs/prices.pdf" },
    // Created, not adopted.
    absent: ["adoptId"],
  },
  importId: {
    what:
      "`<campaign id>/<file name>`. The service shows only its own copy's URL, which an import records as the " +
      "url; while it does, a url that names the same file (the last path segment) is the same attachment: no " +
      "replacement and no new fetch (Terraform plans it as an in-place change of the url that sends nothing)",
    example: "cmp001/welcome-guide.pdf",
  },
  reference: {
    notes: [
      "Outputs: the inputs, plus `fileName` and `size`. Its id is `<campaignId>/<fileName>`. Every change",
      "replaces it, deleting first (the service names files by their name, so the new one would clash).",
      "Imported, it records the service's copy of the file as its `url` (the service shows no source); while",
      "it does, the program's `url` of the same file name is the same attachment, and previews are clean.",
    ].join("\n"),
    typescript: `new sender.Attachment("guide", { campaignId: welcome.id, url: "https://example.com/files/guide.pdf" });
`,
  },
  terraform: `resource "sender_campaign" "guide" {
  title        = "Getting started guide"
  subject      = "Your getting started guide"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>The guide is attached.</p><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

resource "sender_attachment" "guide_pdf" {
  campaign_id = sender_campaign.guide.id
  url         = "https://example.com/files/welcome-guide.pdf"
}
`,
};
