import { Hono } from "hono";
import { z } from "zod";
import { ack, assertNotSent, type EmulatorEnv, type RouteDeps } from "../context";
import { invalid, notFound } from "../errors";
import { hashString } from "../ids";
import { CDN } from "../seed";
import { followUpDelay, parseBody, requiredString } from "../validation";

/** Accepted attachment file types (wire contract "Attachments"). */
export const ATTACHMENT_TYPES = [
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

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Where the file comes from: its name and size (assumed: `file` is a URL or `base64://` data). */
export function describeFile(
  file: string,
  fileName: string | undefined | null,
): { file_name: string; size: number } {
  if (file.startsWith("base64://")) {
    const data = file.slice("base64://".length);
    if (data === "" || !BASE64.test(data) || data.length % 4 !== 0) {
      throw invalid({ file: ["The file must contain valid base64 data."] });
    }
    if (!fileName)
      throw invalid({ file_name: ["The file name field is required when file is base64 data."] });
    return { file_name: fileName.split("/").pop() ?? fileName, size: Buffer.from(data, "base64").length };
  }
  let url: URL;
  try {
    url = new URL(file);
  } catch {
    throw invalid({ file: ["The file must be an http(s) URL or base64:// data."] });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalid({ file: ["The file must be an http(s) URL or base64:// data."] });
  }
  // contract: the file name is the last path segment of the URL.
  const segment = url.pathname.split("/").pop() ?? "";
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {}
  // assumed: a fake but stable size, as the emulator never downloads anything.
  return { file_name: name, size: 1024 + (hashString(file) % 500_000) };
}

/** 422 on `file` unless the name has an accepted extension (wire contract "Attachments"). */
export function assertFileType(fileName: string): void {
  const extension = fileName.includes(".") ? fileName.slice(fileName.lastIndexOf(".") + 1).toLowerCase() : "";
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(extension)) {
    throw invalid({ file: [`The file must be a file of type: ${ATTACHMENT_TYPES.join(", ")}.`] });
  }
}

const fileNameBody = z.object({ file_name: requiredString() });

/** Campaign attachments and follow-ups (spec 4.6). */
export function attachmentRoutes({ store }: RouteDeps) {
  const app = new Hono<EmulatorEnv>();

  app.get("/campaigns/:id/attachments", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    return c.json({ data: store.attachmentsOf(campaign.id) });
  });

  app.post("/campaigns/:id/attachments", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const body = await parseBody(
      c,
      z.object({ file: requiredString(10_000_000), file_name: z.string().nullish() }),
    );
    const { file_name, size } = describeFile(body.file, body.file_name);
    assertFileType(file_name);
    assertNotSent(campaign, "given attachments");
    const attachment = {
      file_name,
      url: `${CDN}/attachments/${campaign.id}/${encodeURIComponent(file_name)}`,
      size,
    };
    // assumed: attaching the same file name again replaces it.
    const list = store.attachmentsOf(campaign.id).filter((existing) => existing.file_name !== file_name);
    list.push(attachment);
    store.data.attachments[campaign.id] = list;
    store.markDirty();
    return c.json({ success: true, message: "Attachment added.", data: attachment });
  });

  app.delete("/campaigns/:id/attachments", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const body = await parseBody(c, fileNameBody);
    const list = store.attachmentsOf(campaign.id);
    if (!list.some((attachment) => attachment.file_name === body.file_name))
      throw notFound("Attachment", body.file_name);
    store.data.attachments[campaign.id] = list.filter(
      (attachment) => attachment.file_name !== body.file_name,
    );
    store.markDirty();
    return ack(c, "Attachment deleted.");
  });

  app.post("/attachment/delete", async (c) => {
    const body = await parseBody(c, fileNameBody);
    let deleted = 0;
    for (const [campaignId, list] of Object.entries(store.data.attachments)) {
      const kept = list.filter((attachment) => attachment.file_name !== body.file_name);
      deleted += list.length - kept.length;
      store.data.attachments[campaignId] = kept;
    }
    if (deleted === 0) return ack(c, `No attachment named ${body.file_name}.`, false); // assumed, like DELETE /campaigns
    store.markDirty();
    return ack(c, "Attachment deleted.");
  });

  app.post("/campaigns/:id/follow_up", async (c) => {
    const campaign = store.campaign(c.req.param("id"));
    const body = await parseBody(c, z.object({ subject: requiredString(), time: followUpDelay }));
    assertNotSent(campaign, "given a follow-up");
    campaign.auto_followup_subject = body.subject;
    campaign.auto_followup_delay = body.time;
    campaign.auto_followup_active = 1;
    campaign.modified = store.timestamp();
    store.markDirty();
    return ack(c, "Follow-up saved.");
  });

  app.delete("/campaigns/:id/follow_up", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    campaign.auto_followup_active = 0;
    campaign.auto_followup_subject = null;
    campaign.auto_followup_delay = null;
    campaign.modified = store.timestamp();
    store.markDirty();
    return ack(c, "Follow-up deleted.");
  });

  app.post("/campaigns/:id/cancel_followup", (c) => {
    const campaign = store.campaign(c.req.param("id"));
    campaign.auto_followup_active = 0;
    campaign.modified = store.timestamp();
    store.markDirty();
    return ack(c, "Follow-up cancelled.");
  });

  return app;
}
