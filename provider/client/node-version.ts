// Imported first by every entry point of the package. undici 8, the HTTP client, needs Node.js
// 22.19 or later and on older versions crashes deep inside its own code while loading
// (`createZstdDecompress ... 'bind'`), so the package refuses an older Node at once, by name.
// It sits in the client, the lowest layer, because undici is the client's dependency and every
// other layer may import the client.

/** The oldest Node.js the package runs on; `engines.node` in package.json says the same. */
export const MINIMUM_NODE_VERSION = "22.19.0";

/** Whether a Node.js version string (`22.19.0` or `v22.19.0`) is at least {@link MINIMUM_NODE_VERSION}. */
export function isSupportedNode(version: string): boolean {
  const have = version.replace(/^v/, "").split(".").map(Number);
  const need = MINIMUM_NODE_VERSION.split(".").map(Number);
  for (let i = 0; i < need.length; i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

if (!isSupportedNode(process.versions.node)) {
  const error = new Error(
    `pulumi-sender needs Node.js ${MINIMUM_NODE_VERSION} or later (undici 8 does); this is Node.js ${process.versions.node}`,
  );
  // The message says it all; a trace into the loader would only bury it.
  error.stack = `Error: ${error.message}`;
  throw error;
}
