// The emulator's web server packages are optional peers: a deploy-only install of pulumi-sender
// leaves them out. This names them in one line before anything tries to load them.

/** The packages the emulator needs beyond pulumi-sender's own dependencies. */
export const SERVER_PACKAGES = ["hono", "@hono/node-server"] as const;

/** The one-line message when some of {@link SERVER_PACKAGES} cannot be resolved. */
export const MISSING_SERVER_PACKAGES_MESSAGE =
  "The pulumi-sender emulator needs hono and @hono/node-server, which a deploy-only install leaves out: npm i -D hono @hono/node-server";

/** The server packages that cannot be resolved from here, in {@link SERVER_PACKAGES} order. */
export function missingServerPackages(resolve: (name: string) => string = require.resolve): string[] {
  return SERVER_PACKAGES.filter((name) => {
    try {
      resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** Throws {@link MISSING_SERVER_PACKAGES_MESSAGE}, without a stack trace, when a server package is missing. */
export function requireServerPackages(): void {
  if (missingServerPackages().length === 0) return;
  const error = new Error(MISSING_SERVER_PACKAGES_MESSAGE);
  error.stack = `Error: ${error.message}`;
  throw error;
}
