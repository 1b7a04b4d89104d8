import { Hono } from "hono";
import { z } from "zod";
import { ack, type EmulatorEnv, type RouteDeps } from "../context";
import { invalid, notFound } from "../errors";
import { hashString } from "../ids";
import { CDN, IMAGE_FOLDERS, PLANS, SUBSCRIBERS } from "../seed";
import { httpUrl, parseBody, readJson, requiredString, validate } from "../validation";

const titleFromSlug = (slug: string) =>
  slug
    .replace(/\.[a-z0-9]+$/i, "")
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ") || "Product";

/** Account, plans and image-library helpers (spec 4.8; shapes assumed). */
export function accountRoutes({ store }: RouteDeps) {
  const app = new Hono<EmulatorEnv>();

  app.get("/plans", (c) => c.json({ data: PLANS }));

  app.get("/plans/:planId", (c) => {
    const id = c.req.param("planId");
    const plan = PLANS.find((candidate) => String(candidate.id) === id);
    if (!plan) throw notFound("Plan", id);
    return c.json({ data: plan });
  });

  app.get("/active_subscribers", (c) =>
    c.json({
      data: { active_subscribers: SUBSCRIBERS.filter((subscriber) => subscriber.status === "ACTIVE").length },
    }),
  );

  // assumed: only recorded; the emulator never deletes its account.
  app.post("/delete_me", async (c) => {
    const body = await readJson(c);
    store.data.accountRequests.push({ kind: "delete_me", body, created: store.timestamp() });
    store.markDirty();
    return ack(c, "Account deletion requested.");
  });

  app.post("/additional_info", async (c) => {
    const body = await readJson(c);
    store.data.accountRequests.push({ kind: "additional_info", body, created: store.timestamp() });
    store.markDirty();
    return ack(c, "Additional info saved.");
  });

  app.get("/EditorImports/getProductData", (c) => {
    const { url } = validate(z.object({ url: httpUrl }), { url: c.req.query("url") });
    const hash = hashString(url);
    const slug = new URL(url).pathname.split("/").filter(Boolean).pop() ?? "";
    return c.json({
      data: {
        title: titleFromSlug(slug),
        price: ((hash % 9000) / 100 + 10).toFixed(2),
        image: `${CDN}/products/${hash.toString(36)}.png`,
        url,
      },
    });
  });

  app.post("/upload/v2/:id/:folderId", async (c) => {
    const folderId = c.req.param("folderId");
    if (!IMAGE_FOLDERS.some((folder) => folder.id === folderId)) throw notFound("Folder", folderId);
    const { file } = await parseBody(c, z.object({ file: requiredString(10_000_000) }));
    const isUrl = /^https?:\/\/\S+$/.test(file);
    if (!isUrl && !/^base64:\/\/[A-Za-z0-9+/]+={0,2}$/.test(file)) {
      throw invalid({ file: ["The file must be an http(s) URL or base64:// data."] });
    }
    const image = { id: store.newId(), url: "", folder_id: folderId };
    image.url = `${CDN}/images/${image.id}.png`;
    store.data.images.push(image);
    store.markDirty();
    return c.json({ data: image });
  });

  app.post("/userImages/bulkDelete", async (c) => {
    const { ids } = await parseBody(
      c,
      z.object({ ids: z.array(z.union([z.string(), z.number()]).transform(String)) }),
    );
    const before = store.data.images.length;
    store.data.images = store.data.images.filter((image) => !ids.includes(image.id));
    const deleted = before - store.data.images.length;
    if (deleted > 0) store.markDirty();
    return ack(c, `${deleted} image(s) deleted.`);
  });

  app.get("/imageFolders", (c) =>
    c.json({
      data: IMAGE_FOLDERS.map((folder) => ({
        ...folder,
        images_count: store.data.images.filter((image) => image.folder_id === folder.id).length,
      })),
    }),
  );

  return app;
}
