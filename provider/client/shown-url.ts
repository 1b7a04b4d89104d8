/**
 * A URL as a message shows it: its scheme and host, and `/…` when it has anything after them.
 * A webhook's path or query is where its own secret usually lives (`?secret=abc`, `/hooks/<token>`),
 * and the user name and password never show either. A value that is not a URL shows as none of
 * its text, since it may still carry the secret.
 */
export function shownUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "a value that is not a URL";
  }
  // An opaque URL (`mailto:`, `data:`) has no host: all of it is path.
  if (url.host === "") return `${url.protocol}…`;
  const rest = url.pathname !== "/" || url.search !== "" || url.hash !== "" ? "/…" : "";
  return `${url.protocol}//${url.host}${rest}`;
}

/**
 * `text` with every occurrence of each of `urls` replaced by its {@link shownUrl}, as written and
 * as JSON and form encoding would have escaped it (a service's answer may echo what it was sent).
 */
export function redactUrls(text: string, urls: readonly (string | undefined)[]): string {
  let out = text;
  for (const url of urls) {
    if (typeof url !== "string" || url === "") continue;
    const shown = shownUrl(url);
    const forms = new Set([url, JSON.stringify(url).slice(1, -1), encodeURIComponent(url)]);
    // The longest first, so that a form holding another is replaced whole.
    for (const form of [...forms].sort((a, b) => b.length - a.length)) out = out.split(form).join(shown);
  }
  return out;
}
