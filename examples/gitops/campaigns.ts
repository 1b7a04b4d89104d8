import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { z } from "zod";

/** One campaign file, `campaigns/<name>.yaml`. */
export const campaignFileSchema = z
  .object({
    title: z.string().min(1),
    subject: z.string().min(1),
    from: z.string().min(1),
    replyTo: z.email(),
    contentType: z.enum(["editor", "html", "text"]).default("html"),
    content: z.string().min(1),
    preheader: z.string().optional(),
    targeting: z
      .object({
        tagIds: z.array(z.string().min(1)).optional(),
        excludedTagIds: z.array(z.string().min(1)).optional(),
        filterIds: z.array(z.string().min(1)).optional(),
        sendToAll: z.boolean().optional(),
      })
      .strict(),
    /** Who receives a proof (a test send) when the merge creates or changes the campaign: 1 to 5 addresses. */
    proof: z.array(z.email()).min(1).max(5).optional(),
    /** ISO 8601 with an offset; leave out to keep the campaign a draft. */
    scheduleTime: z.iso.datetime({ offset: true }).optional(),
    /** Keep `pulumi destroy` from deleting this campaign. */
    protect: z.boolean().default(false),
  })
  .strict();

/** A validated campaign file. */
export type CampaignFile = z.infer<typeof campaignFileSchema> & { name: string; file: string };

/**
 * Reads and validates every `*.yaml` file of a folder. All problems of all files are reported
 * together, each as `<file>: <field>: <reason>`, so one run shows everything to fix.
 */
export function loadCampaigns(dir: string): CampaignFile[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".yaml") || f.endsWith(".yml"))
    .sort();
  const problems: string[] = [];
  const campaigns: CampaignFile[] = [];
  for (const file of files) {
    const rel = path.join(path.basename(dir), file);
    let data: unknown;
    try {
      data = parse(fs.readFileSync(path.join(dir, file), "utf8"));
    } catch (err) {
      problems.push(`${rel}: not valid YAML: ${(err as Error).message.split("\n")[0]}`);
      continue;
    }
    const parsed = campaignFileSchema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(`${rel}: ${issue.path.join(".") || "(file)"}: ${issue.message}`);
      }
      continue;
    }
    campaigns.push({ ...parsed.data, name: file.replace(/\.ya?ml$/, ""), file: rel });
  }
  if (problems.length > 0) throw new Error(`invalid campaign files:\n  ${problems.join("\n  ")}`);
  return campaigns;
}
