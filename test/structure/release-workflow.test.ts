import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { ROOT } from "../support/root";

// .github/workflows/release.yml is actionlint-clean (scripts/actionlint.sh builds actionlint
// v1.7.12 once per user), and does, on a tag v*, what the release needs: tests, the build, both npm
// packages, PyPI, the Go tag, and the GitHub release where the SDKs' pluginDownloadURL points.
const WORKFLOW = path.join(ROOT, ".github/workflows/release.yml");
/** The Actions expression of the npm token, as the workflow writes it. */
const NPM_TOKEN = ["$", "{{ secrets.NPM_TOKEN }}"].join("");

function actionlint(file: string) {
  const run = spawnSync("bash", [path.join(ROOT, "scripts/actionlint.sh"), file], { encoding: "utf8" });
  return { status: run.status, out: `${run.stdout}${run.stderr.replace(/^actionlint: building.*\n/m, "")}` };
}

describe(".github/workflows/release.yml", () => {
  test("is actionlint-clean, and actionlint finds a defect planted in a copy", { timeout: 900_000 }, () => {
    expect(actionlint(WORKFLOW)).toEqual({ status: 0, out: "" });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-actionlint-"));
    try {
      const broken = path.join(dir, "release.yml");
      fs.writeFileSync(broken, fs.readFileSync(WORKFLOW, "utf8").replace(NPM_TOKEN, NPM_TOKEN.slice(0, -1)));
      const found = actionlint(broken);
      expect(found.status).toBe(1);
      expect(found.out).toContain("release.yml:");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("runs on tags v*, tests, builds, and publishes each artifact where users fetch it", () => {
    const wf = parse(fs.readFileSync(WORKFLOW, "utf8"));
    expect(wf.on).toEqual({ push: { tags: ["v*"] } });
    const job = wf.jobs.release;
    expect(job.permissions).toEqual({ contents: "write", "id-token": "write" });
    const steps: { name?: string; uses?: string; run?: string; env?: Record<string, string> }[] = job.steps;
    const runs = steps.map((s) => s.run ?? "").join("\n");
    const order = [
      "bash scripts/test.sh",
      "npm run --silent release",
      'npm publish "$RELEASE_DIR/pulumi-sender-$VERSION.tgz"',
      'npm publish "$RELEASE_DIR/pulumi-sender-native-$VERSION.tgz"',
      'npm publish "$RELEASE_DIR/pulumi-sender-policy-$VERSION.tgz"',
      'bash scripts/maven-central.sh "$RELEASE_DIR"',
      'git push origin "refs/tags/sdks/go/v$VERSION"',
      'gh release create "$GITHUB_REF_NAME"',
    ].map((command) => {
      expect(runs).toContain(command);
      return runs.indexOf(command);
    });
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(steps.find((s) => s.run?.includes("npm publish"))?.env).toEqual({
      NODE_AUTH_TOKEN: NPM_TOKEN,
    });
    expect(steps.some((s) => s.uses === "pypa/gh-action-pypi-publish@release/v1")).toBe(true);
    // Maven Central: the Portal user token and the signing key, each from a secret of its name.
    const secret = (name: string) => ["$", `{{ secrets.${name} }}`].join("");
    expect(steps.find((s) => s.run?.includes("scripts/maven-central.sh"))?.env).toEqual(
      Object.fromEntries(
        [
          "MAVEN_CENTRAL_USERNAME",
          "MAVEN_CENTRAL_PASSWORD",
          "MAVEN_GPG_PRIVATE_KEY",
          "MAVEN_GPG_PASSPHRASE",
        ].map((name) => [name, secret(name)]),
      ),
    );
    // The GitHub release carries every plugin archive and SHA256SUMS.
    const release = steps.find((s) => s.run?.includes("gh release create"))?.run ?? "";
    expect(release).toContain('"$RELEASE_DIR"/pulumi-resource-sender-v"$VERSION"-*.tar.gz');
    expect(release).toContain('"$RELEASE_DIR/SHA256SUMS"');
    // And the Terraform provider's files, the registries' assets, signed before the release.
    for (const asset of [
      '"$RELEASE_DIR"/terraform-provider-sender_"$VERSION"_*.zip',
      '"$RELEASE_DIR/terraform-provider-sender_${VERSION}_manifest.json"',
      '"$RELEASE_DIR/terraform-provider-sender_${VERSION}_SHA256SUMS"',
      '"$RELEASE_DIR/terraform-provider-sender_${VERSION}_SHA256SUMS.sig"',
    ]) {
      expect(release).toContain(asset);
    }
    const sign = steps.findIndex((s) => s.run?.includes("scripts/terraform-sign.sh"));
    expect(steps[sign]?.run).toBe('bash scripts/terraform-sign.sh "$RELEASE_DIR"');
    expect(steps[sign]?.env).toEqual({
      TERRAFORM_GPG_PRIVATE_KEY: ["$", "{{ secrets.TERRAFORM_GPG_PRIVATE_KEY }}"].join(""),
      TERRAFORM_GPG_PASSPHRASE: ["$", "{{ secrets.TERRAFORM_GPG_PASSPHRASE }}"].join(""),
    });
    expect(sign).toBeGreaterThan(steps.findIndex((s) => s.run?.includes("npm run --silent release")));
    expect(sign).toBeLessThan(steps.findIndex((s) => s.run?.includes("gh release create")));
  });

  test("terraform-sign.sh signs the Terraform SHA256SUMS with a detached binary signature that verifies", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-tfsign-"));
    try {
      const gnupg = path.join(dir, "gnupg");
      fs.mkdirSync(gnupg, { mode: 0o700 });
      const gpg = (args: string[]) =>
        spawnSync("gpg", ["--batch", "--quiet", "--homedir", gnupg, ...args], { encoding: "utf8" });
      const passphrase = "terraform-test-passphrase";
      const loopback = ["--pinentry-mode", "loopback", "--passphrase", passphrase];
      expect(
        gpg([...loopback, "--quick-gen-key", "tf-signing@example.com", "ed25519", "sign", "never"]).status,
      ).toBe(0);
      const key = gpg([...loopback, "--armor", "--export-secret-keys", "tf-signing@example.com"]).stdout;
      const release = path.join(dir, "0.1.0");
      fs.mkdirSync(release);
      const sums = path.join(release, "terraform-provider-sender_0.1.0_SHA256SUMS");
      fs.writeFileSync(sums, `${"a".repeat(64)}  terraform-provider-sender_0.1.0_linux_amd64.zip\n`);
      const sign = (env: Record<string, string>) =>
        spawnSync("bash", [path.join(ROOT, "scripts/terraform-sign.sh"), release], {
          encoding: "utf8",
          env: { PATH: process.env.PATH ?? "", HOME: dir, ...env },
        });
      const run = sign({ TERRAFORM_GPG_PRIVATE_KEY: key, TERRAFORM_GPG_PASSPHRASE: passphrase });
      expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
        status: 0,
        stdout: `${sums}.sig\n`,
        stderr: "terraform-sign: signed terraform-provider-sender_0.1.0_SHA256SUMS\n",
      });
      // Binary (the registries take no armor), and it verifies with the key; a changed file does not.
      expect(fs.readFileSync(`${sums}.sig`).subarray(0, 5).toString()).not.toBe("-----");
      expect(gpg(["--verify", `${sums}.sig`, sums]).status).toBe(0);
      fs.appendFileSync(sums, "tampered\n");
      expect(gpg(["--verify", `${sums}.sig`, sums]).status).toBe(1);
      // Without the key: one line naming the variable.
      const bare = sign({});
      expect({ status: bare.status, stderr: bare.stderr }).toEqual({
        status: 1,
        stderr: "terraform-sign: TERRAFORM_GPG_PRIVATE_KEY is not set (the armored secret key)\n",
      });
    } finally {
      spawnSync("gpgconf", ["--homedir", path.join(dir, "gnupg"), "--kill", "gpg-agent"]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("checks the tag against package.json and the repository against the SDKs' pluginDownloadURL", () => {
    const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "sdks/schema.json"), "utf8"));
    expect(schema.pluginDownloadURL).toBe("github://api.github.com/pulumi-sender");
    const check = parse(fs.readFileSync(WORKFLOW, "utf8")).jobs.release.steps.find((s: { name?: string }) =>
      s.name?.startsWith("The tag is"),
    ).run as string;
    const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-tagcheck-")), "check.sh");
    fs.writeFileSync(script, check);
    const run = (ref: string, repo: string) =>
      spawnSync("bash", ["-e", script], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, GITHUB_REF_NAME: ref, GITHUB_REPOSITORY: repo, GITHUB_ENV: `${script}.env` },
      });
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
    expect(run(`v${version}`, "pulumi-sender/pulumi-sender").status).toBe(0);
    expect(fs.readFileSync(`${script}.env`, "utf8")).toBe(`VERSION=${version}\n`);
    expect(run("v99.0.0", "pulumi-sender/pulumi-sender").stdout).toBe(
      `::error::the tag is v99.0.0, package.json declares ${version}\n`,
    );
    expect(run(`v${version}`, "someone/pulumi-sender").stdout).toBe(
      "::error::the SDKs fetch the plugin from pulumi-sender/pulumi-sender, this is someone/pulumi-sender\n",
    );
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
  });

  test("maven-central.sh signs every jar and pom of the release's maven/ folder into one bundle", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-central-"));
    try {
      // A throwaway key with a passphrase, in a keyring of the test's.
      const gnupg = path.join(dir, "gnupg");
      fs.mkdirSync(gnupg, { mode: 0o700 });
      const gpg = (args: string[], input?: string) =>
        spawnSync("gpg", ["--batch", "--quiet", "--homedir", gnupg, ...args], { encoding: "utf8", input });
      const passphrase = "central-test-passphrase";
      const made = gpg([
        ...["--pinentry-mode", "loopback", "--passphrase", passphrase],
        ...["--quick-gen-key", "release-signing@example.com", "ed25519", "sign", "never"],
      ]);
      expect(made.status).toBe(0);
      const key = gpg([
        ...["--pinentry-mode", "loopback", "--passphrase", passphrase],
        ...["--armor", "--export-secret-keys", "release-signing@example.com"],
      ]).stdout;
      const release = path.join(dir, "0.1.0");
      const files = [
        "sender-0.1.0.jar",
        "sender-0.1.0-sources.jar",
        "sender-0.1.0-javadoc.jar",
        "sender-0.1.0.pom",
      ];
      const rel = "io/github/pulumi-sender/sender/0.1.0";
      fs.mkdirSync(path.join(release, "maven", rel), { recursive: true });
      for (const f of files) {
        fs.writeFileSync(path.join(release, "maven", rel, f), `contents of ${f}\n`);
        fs.writeFileSync(path.join(release, "maven", rel, `${f}.sha1`), "0".repeat(40));
      }
      const bundle = path.join(dir, "bundle.zip");
      const run = spawnSync(
        "bash",
        [path.join(ROOT, "scripts/maven-central.sh"), "--bundle-only", release, bundle],
        {
          encoding: "utf8",
          env: { ...process.env, MAVEN_GPG_PRIVATE_KEY: key, MAVEN_GPG_PASSPHRASE: passphrase },
        },
      );
      expect(run.stderr).toBe("maven-central: bundle of 12 files\n");
      expect(run.status).toBe(0);
      const listed = spawnSync("unzip", ["-Z1", bundle], { encoding: "utf8" })
        .stdout.split("\n")
        .filter((f) => f && !f.endsWith("/"))
        .sort();
      expect(listed).toEqual(
        files.flatMap((f) => [`${rel}/${f}`, `${rel}/${f}.asc`, `${rel}/${f}.sha1`]).sort(),
      );
      // Each signature verifies against its file with the key's public half.
      const out = path.join(dir, "out");
      spawnSync("unzip", ["-q", bundle, "-d", out]);
      for (const f of files) {
        const file = path.join(out, rel, f);
        expect(gpg(["--verify", `${file}.asc`, file]).status).toBe(0);
      }
      // A tampered file does not verify.
      fs.appendFileSync(path.join(out, rel, files[0]!), "tampered");
      expect(
        gpg(["--verify", path.join(out, rel, `${files[0]}.asc`), path.join(out, rel, files[0]!)]).status,
      ).toBe(1);
      // Without the key it stops with one line naming the variable.
      const bare = spawnSync("bash", [path.join(ROOT, "scripts/maven-central.sh"), release], {
        encoding: "utf8",
        env: { PATH: process.env.PATH },
      });
      expect(bare.status).toBe(1);
      expect(bare.stderr.trim()).toMatch(
        /MAVEN_GPG_PRIVATE_KEY: maven-central: MAVEN_GPG_PRIVATE_KEY \(the signing key\) is not set$/,
      );
    } finally {
      spawnSync("gpgconf", ["--homedir", path.join(dir, "gnupg"), "--kill", "gpg-agent"]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("release notes: the CHANGELOG.md section of the version, and a clear failure without one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-notes-"));
    const changelog = path.join(dir, "CHANGELOG.md");
    fs.writeFileSync(
      changelog,
      "# Changelog\n\n## [0.2.0] - 2030-02-01\n\n- two\n\n## [0.1.0] - 2030-01-01\n\n- one\n",
    );
    const notes = (version: string) =>
      spawnSync("bash", [path.join(ROOT, "scripts/release-notes.sh"), version, changelog], {
        encoding: "utf8",
      });
    expect(notes("0.1.0").stdout).toBe("\n- one\n");
    expect(notes("0.2.0").stdout).toBe("\n- two\n");
    const missing = notes("0.3.0");
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(
      'release-notes: CHANGELOG.md has no section for 0.3.0 (rename "## Unreleased" to "## [0.3.0] - <date>")\n',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
