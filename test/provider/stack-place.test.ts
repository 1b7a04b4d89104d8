import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { currentBackendUrl, placeOf } from "../../provider/stack-place";

const PARTS = {
  backendUrl: "file:///srv/state",
  organization: "organization",
  project: "newsletter",
  stack: "dev",
};

describe("the place of a stack", () => {
  test("is 16 hex, the same for the same parts (a trailing slash aside), different when any part differs", () => {
    const place = placeOf(PARTS);
    expect(place).toMatch(/^[0-9a-f]{16}$/);
    expect(placeOf({ ...PARTS, backendUrl: "file:///srv/state/" })).toBe(place);
    const others = [
      { ...PARTS, backendUrl: "file:///srv/other" },
      { ...PARTS, organization: "acme" },
      { ...PARTS, project: "digest" },
      { ...PARTS, stack: "prod" },
    ].map(placeOf);
    expect(new Set([place, ...others]).size).toBe(5);
  });

  test("names the backend as the CLI finds it: PULUMI_BACKEND_URL, else Pulumi.yaml's backend.url, else the login's", () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "place-home-"));
    const project = fs.mkdtempSync(path.join(os.tmpdir(), "place-project-"));
    const env = { PULUMI_HOME: home };
    expect(currentBackendUrl(env, project)).toBe("");
    // Only `current` is read from the credentials file; its tokens never are.
    fs.writeFileSync(
      path.join(home, "credentials.json"),
      JSON.stringify({
        current: "https://api.pulumi.com",
        accessTokens: { "https://api.pulumi.com": "pul-x" },
      }),
    );
    expect(currentBackendUrl(env, project)).toBe("https://api.pulumi.com");
    fs.writeFileSync(
      path.join(project, "Pulumi.yaml"),
      "name: p\nruntime: nodejs\nbackend:\n  url: file:///srv/p\n",
    );
    expect(currentBackendUrl(env, project)).toBe("file:///srv/p");
    expect(currentBackendUrl({ ...env, PULUMI_BACKEND_URL: "file:///srv/env" }, project)).toBe(
      "file:///srv/env",
    );
  });
});
