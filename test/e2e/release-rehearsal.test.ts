import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registryExamples } from "../../provider/plugin/examples.generated";
import { ensurePulumiOnPath, ROOT } from "../support/stack";

// The release, rehearsed once (scripts/release-rehearsal.sh): `npm run release`, then the release
// published with the real commands to local registries on 127.0.0.1 (verdaccio, a PEP 503 index, a
// Go module proxy, an HTTP server of the plugin archives, a Maven Central stand-in), then what the
// docs tell a user to run, with only the registries' locations in the environment. The script saves what each run printed
// and the emulator's state after each up and destroy; these tests read them.
const VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
const PLATFORMS: [string, string, RegExp][] = [
  ["linux-amd64", "node/bin/node", /^ELF 64-bit LSB (pie )?executable, x86-64/],
  ["linux-arm64", "node/bin/node", /^ELF 64-bit LSB (pie )?executable, ARM aarch64/],
  ["darwin-amd64", "node/bin/node", /^Mach-O 64-bit x86_64 executable/],
  ["darwin-arm64", "pulumi-resource-sender", /^Mach-O 64-bit arm64 executable/],
  ["windows-amd64", "node/node.exe", /^PE32\+ executable \(console\) x86-64/],
];

/** The Terraform targets of {@link PLATFORMS}, and the mirror's folder of the provider. */
const TF_TARGETS = PLATFORMS.map(([p]) => p.replace("-", "_"));
const TF_MIRROR = "terraform-mirror/registry.opentofu.org/pulumi-sender/sender";

let out: string;
let result: { code: number | null; log: string };
// A maintainer's stray secret, untracked, in a folder the npm package ships: the release must leave it out.
const STRAY_ENV = path.join(ROOT, "bin/.env");
const STRAY_TEXT = "SENDER_API_TOKEN=tok-stray-release-Jx4\n";
let strayMade = false;
const read = (file: string) => fs.readFileSync(path.join(out, file), "utf8");
const json = (file: string) => JSON.parse(read(file));

beforeAll(async () => {
  ensurePulumiOnPath();
  out = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-rehearsal-out-"));
  if (!fs.existsSync(STRAY_ENV)) {
    fs.writeFileSync(STRAY_ENV, STRAY_TEXT);
    strayMade = true;
  }
  result = await new Promise((resolve) => {
    const child = spawn("bash", [path.join(ROOT, "scripts/release-rehearsal.sh"), out], {
      cwd: ROOT,
      env: process.env,
      detached: true,
    });
    let log = "";
    const take = (d: Buffer) => {
      log += d;
      // The log shows each run as it happens.
      for (const line of String(d).split("\n")) if (line.startsWith("rehearsal: ")) console.log(line);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("close", (code) => {
      try {
        process.kill(-(child.pid as number), "SIGKILL"); // whatever the script left behind
      } catch {}
      resolve({ code, log });
    });
  });
  if (result.code !== 0)
    throw new Error(`release-rehearsal.sh exited ${result.code}:\n${result.log.slice(-6000)}`);
}, 3_000_000);

afterAll(() => {
  if (out) fs.rmSync(out, { recursive: true, force: true });
  if (strayMade) fs.rmSync(STRAY_ENV, { force: true });
});

/** Every file of the release unpacked under `into`: the tarballs, the wheel and the Go module zip. */
function unpackRelease(dir: string, into: string): void {
  const archives = spawnSync(
    "find",
    [
      ".",
      "-type",
      "f",
      "(",
      "-name",
      "*.tgz",
      "-o",
      "-name",
      "*.tar.gz",
      "-o",
      "-name",
      "*.whl",
      "-o",
      "-name",
      "*.zip",
      ")",
    ],
    {
      cwd: dir,
      encoding: "utf8",
    },
  )
    .stdout.split("\n")
    .filter(Boolean);
  for (const archive of archives) {
    const target = path.join(into, archive);
    fs.mkdirSync(target, { recursive: true });
    const unpack = /\.(whl|zip)$/.test(archive)
      ? spawnSync("python3", ["-m", "zipfile", "-e", path.join(dir, archive), target], { encoding: "utf8" })
      : spawnSync("tar", ["-xzf", path.join(dir, archive), "-C", target], { encoding: "utf8" });
    expect(unpack.status, `${archive}: ${unpack.stderr}`).toBe(0);
  }
}
describe("a fresh clone: npm ci && npm run release, nothing else set up", () => {
  test("exits 0, installing the policy pack's dependencies and building the pack and the SDK packages itself", () => {
    console.log(`fresh clone: npm ci && npm run release in ${read("fresh-clone.seconds").trim()} s`);
    expect(read("fresh-clone.status").trim()).toBe("0");
    const log = read("fresh-clone.log");
    expect(log).toContain("installing the policy pack's npm dependencies (policy/, npm ci)");
    expect(log).toMatch(/^release: the SDK packages \(.*the Python wheel with Python 3\.\d+\.\d+ in a venv/m);
    expect(log).toMatch(/^release: 40 artifacts, \S+, in \d+ s$/m);
    expect(log).not.toMatch(/error TS\d+|cannot stat/);
    expect(log.trim().split("\n").at(-1)).toMatch(
      new RegExp(`/clone/dist/release/${VERSION.replace(/\./g, "\\.")}$`),
    );
  });
});

describe("npm run release", () => {
  test("holds every artifact of the version, and SHA256SUMS verifies each", () => {
    const dir = read("release-dir").trim();
    expect(dir).toBe(path.join(out, "release", VERSION));
    const module = "github.com/pulumi-sender/pulumi-sender/sdks/go";
    const maven = `maven/io/github/pulumi-sender/sender/${VERSION}/sender-${VERSION}`;
    const files = spawnSync("find", [".", "-type", "f"], { cwd: dir, encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean)
      .map((f) => f.replace(/^\.\//, ""))
      .sort();
    expect(files).toEqual(
      [
        "SHA256SUMS",
        `goproxy/${module}/@v/list`,
        `goproxy/${module}/@v/v${VERSION}.info`,
        `goproxy/${module}/@v/v${VERSION}.mod`,
        `goproxy/${module}/@v/v${VERSION}.zip`,
        ...[".jar", "-sources.jar", "-javadoc.jar", ".pom"].flatMap((ext) =>
          ["", ".sha1", ".md5"].map((sum) => `${maven}${ext}${sum}`),
        ),
        ...PLATFORMS.map(([p]) => `pulumi-resource-sender-v${VERSION}-${p}.tar.gz`),
        `pulumi-sender-${VERSION}.tgz`,
        `pulumi-sender-native-${VERSION}.tgz`,
        `pulumi-sender-policy-${VERSION}.tgz`,
        `pulumi_sender-${VERSION}-py3-none-any.whl`,
        `pulumi_sender-${VERSION}.tar.gz`,
        // The Terraform provider: a zip per platform, the manifest, their SUMS, and the mirror.
        ...TF_TARGETS.map((t) => `terraform-provider-sender_${VERSION}_${t}.zip`),
        `terraform-provider-sender_${VERSION}_manifest.json`,
        `terraform-provider-sender_${VERSION}_SHA256SUMS`,
        ...TF_TARGETS.map((t) => `${TF_MIRROR}/terraform-provider-sender_${VERSION}_${t}.zip`),
        `${TF_MIRROR}/index.json`,
        `${TF_MIRROR}/${VERSION}.json`,
      ].sort(),
    );
    const check = spawnSync("sha256sum", ["-c", "SHA256SUMS"], { cwd: dir, encoding: "utf8" });
    expect(check.status).toBe(0);
    expect(check.stdout.trim().split("\n")).toEqual(
      files.filter((f) => f !== "SHA256SUMS").map((f) => `${f}: OK`),
    );
    expect(fs.readFileSync(path.join(dir, `goproxy/${module}/@v/list`), "utf8")).toBe(`v${VERSION}\n`);
  });

  test.each(PLATFORMS)(
    "the %s archive's executable is its platform's (file(1))",
    (platform, exe, expected) => {
      const dir = read("release-dir").trim();
      const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-archive-"));
      try {
        const archive = path.join(dir, `pulumi-resource-sender-v${VERSION}-${platform}.tar.gz`);
        const listed = spawnSync("tar", ["-tzf", archive], { encoding: "utf8" })
          .stdout.split("\n")
          .filter(Boolean);
        expect(listed).toContain(`./${exe}`);
        // The engine runs pulumi-resource-sender (Windows: .exe or .cmd), which must be at the top.
        expect(listed).toContain(
          platform === "windows-amd64" ? "./pulumi-resource-sender.cmd" : "./pulumi-resource-sender",
        );
        spawnSync("tar", ["-xzf", archive, "-C", scratch, `./${exe}`]);
        const what = spawnSync("file", ["-b", path.join(scratch, exe)], { encoding: "utf8" }).stdout;
        expect(what).toMatch(expected);
        if (platform.startsWith("darwin")) {
          const sig = spawnSync(
            "node",
            [path.join(ROOT, "scripts/macho-signature.js"), path.join(scratch, exe)],
            {
              encoding: "utf8",
            },
          );
          expect(sig.stdout).toMatch(/: valid \(identifier \S+, \d+ pages\)\n$/);
        }
      } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
      }
    },
  );
});

describe("the release carries nothing of the machine that built it", () => {
  test("an untracked bin/.env of the checkout is left out of the npm package", () => {
    const dir = read("release-dir").trim();
    const listed = spawnSync("tar", ["-tzf", path.join(dir, `pulumi-sender-${VERSION}.tgz`)], {
      encoding: "utf8",
    })
      .stdout.split("\n")
      .filter(Boolean);
    const tracked = spawnSync("git", ["ls-files", "bin"], { cwd: ROOT, encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean)
      .map((f) => `package/${f}`);
    expect(tracked.length).toBeGreaterThan(0);
    expect(listed.filter((f) => f.startsWith("package/bin/")).sort()).toEqual(tracked.sort());
    expect(listed).not.toContain("package/bin/.env");
  });

  test("no artifact holds the checkout's path, the cache's, or a build's temporary folder", () => {
    const dir = read("release-dir").trim();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-sender-unpacked-"));
    try {
      unpackRelease(dir, scratch);
      const cache = process.env.PULUMI_SENDER_CACHE ?? path.join(os.homedir(), ".cache/pulumi-sender");
      // -a: the executables too; -l: the files, not their bytes.
      const literal = spawnSync(
        "grep",
        ["-r", "-a", "-l", "-F", "-e", ROOT, "-e", fs.realpathSync(ROOT), "-e", cache, "."],
        { cwd: scratch, encoding: "utf8" },
      );
      expect(literal.stdout).toBe("");
      // mktemp -d's folders, where the release and each archive are staged.
      const temporary = spawnSync(
        "grep",
        ["-r", "-a", "-l", "-E", `${os.tmpdir()}/tmp\\.[A-Za-z0-9]{10}`, "."],
        {
          cwd: scratch,
          encoding: "utf8",
        },
      );
      expect(temporary.stdout).toBe("");
      expect(
        spawnSync("grep", ["-r", "-a", "-l", "-F", STRAY_TEXT.trim(), "."], { cwd: scratch }).stdout.length,
      ).toBe(0);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  test.each(PLATFORMS)("the %s archive's root entry is 0755", (platform) => {
    const dir = read("release-dir").trim();
    const archive = path.join(dir, `pulumi-resource-sender-v${VERSION}-${platform}.tar.gz`);
    const first = spawnSync("tar", ["-tvzf", archive], { encoding: "utf8" }).stdout.split("\n")[0];
    expect(first).toMatch(/^drwxr-xr-x \S+ +0 \S+ \S+ \.\/$/);
  });
});

describe("published with the real commands", () => {
  test("npm publish of the three packages to verdaccio, the plugin from the HTTP server with --server", () => {
    expect(result.log).toMatch(
      new RegExp(`npm publish pulumi-sender-${VERSION}\\.tgz --registry http://127\\.0\\.0\\.1:\\d+/`),
    );
    expect(result.log).toContain(`+ pulumi-sender@${VERSION}`);
    expect(result.log).toContain(`+ pulumi-sender-native@${VERSION}`);
    expect(result.log).toContain(`+ pulumi-sender-policy@${VERSION}`);
    expect(result.log).toMatch(
      new RegExp(
        `pulumi plugin install resource sender ${VERSION} --server http://127\\.0\\.0\\.1:\\d+/plugins`,
      ),
    );
    expect(read("plugin-install.log")).toMatch(new RegExp(`^sender\\s+resource\\s+${VERSION}\\s`, "m"));
    // Once for that, and once for each native template's README line from the registries, each run
    // in a Pulumi home of its own (yaml-bun's has the bun build already).
    const archive = `/plugins/pulumi-resource-sender-v${VERSION}-linux-amd64.tar.gz`;
    const downloads = [...read("http.log").matchAll(/"GET (\S+) HTTP\/1\.[01]" 200 /g)].filter(
      ([, p]) => p === archive,
    );
    expect(downloads).toHaveLength(6);
  });
});

describe("the README quick start, unchanged, from the registry", () => {
  test("is the README's block, and runs green", () => {
    const script = read("quickstart.sh");
    expect(script).toContain("npm install pulumi-sender @pulumi/pulumi");
    expect(script).toContain("npx pulumi-sender-emulator --port 4010");
    expect(fs.readFileSync(path.join(ROOT, "README.md"), "utf8")).toContain(script);
    expect(read("quickstart.status").trim()).toBe("0");
    expect(read("quickstart.log")).not.toMatch(/error TS\d+/);
  });

  test("installs pulumi-sender from the registry, creates, prints the campaign id and destroys", () => {
    expect(read("quickstart-installed-version").trim()).toBe(VERSION);
    expect(read("quickstart-installed-path").trim()).not.toContain(fs.realpathSync(ROOT));
    expect(JSON.parse(read("quickstart-package.json")).dependencies["pulumi-sender"]).toBe(`^${VERSION}`);
    const log = read("quickstart.log");
    // The campaign, its targeting and the stack's hidden ownership nonce (sender-stack-nonce).
    expect(log).toMatch(/\+ 4 created/);
    expect(log).toMatch(/- 4 deleted/);
    expect(log).toMatch(/^[A-Za-z0-9]{6}$/m);
  });
});

describe("the README quick start with port 4010 already taken", () => {
  test("stops at the emulator with one line naming the port; no pulumi command runs, nothing reaches the port", () => {
    expect(read("quickstart-taken.status").trim()).not.toBe("0");
    const log = read("quickstart-taken.log");
    expect(log).toContain(
      "pulumi-sender-emulator: cannot listen on 127.0.0.1:4010: port 4010 is already in use (EADDRINUSE); stop what holds it, or pass another --port",
    );
    expect(log).not.toMatch(/Created stack|Updating \(|Previewing update/);
    expect(read("port-4010-holder.log")).toBe("");
  });
});

// Each template's README, the block "From the release folder", run as written with rel set: the
// package as the npm install wrote it (or the version pip and Go installed), and the preview's creates.
const FROM_RELEASE: [string, string, number][] = [
  ["typescript", "file:", 4],
  ["typescript-native", "file:", 3],
  ["python", VERSION, 3],
  ["go", `v${VERSION}`, 3],
  ["yaml", "", 3],
  ["java", "", 3],
];

describe.each(FROM_RELEASE)("templates/%s/README.md, from the release folder", (name, from, creates) => {
  test("the README's block runs as written and the preview plans the campaign and its targeting", () => {
    const readme = fs.readFileSync(path.join(ROOT, "templates", name, "README.md"), "utf8");
    const block = read(`${name}-release/install.sh`);
    // Only Java's pulumi new fails before publication, as its README says (its mvn compile).
    expect(read(`${name}-release/new-status`).trim()).toBe(name === "java" ? "1" : "0");
    expect(block).toContain("$rel/");
    expect(readme).toContain(`### From the release folder (today)\n`);
    expect(readme).toContain(`\`\`\`sh\n${block}\`\`\``);
    if (name !== "typescript")
      expect(block).toContain(`pulumi plugin install resource sender ${VERSION} -f "$rel/`);
    if (from === "file:")
      expect(read(`${name}-release/installed-from`).trim()).toMatch(
        new RegExp(`^file:.*-${VERSION.replace(/\./g, "\\.")}\\.tgz$`),
      );
    else if (from) expect(read(`${name}-release/installed-from`).trim()).toBe(from);
    expect(read(`${name}-release/preview.txt`)).toContain(`+ ${creates} to create`);
  });
});

// Name, node on PATH, the installed SDK's version, and the resources an up makes: the Stack, the
// campaign and its targeting, and for the dynamic package the stack's ownership nonce (the plugin
// keeps its nonce in the provider's state).
const TEMPLATES: [string, string, string, number][] = [
  ["typescript", "node", VERSION, 4],
  ["typescript-native", "node", VERSION, 3],
  ["python", "none", VERSION, 3],
  ["go", "none", `v${VERSION}`, 3],
  ["yaml", "none", "", 3],
  ["yaml-bun", "none", "", 3],
  ["java", "none", VERSION, 3],
];

describe.each(TEMPLATES)("pulumi new ./templates/%s", (name, node, installed, resources) => {
  test("generates the stack with the template's defaults: the emulator's URL, the token encrypted", () => {
    expect(read(`${name}/new-status`).trim()).toBe("0");
    const settings = read(`${name}/Pulumi.dev.yaml.generated`);
    expect(settings).toContain("sender:baseUrl: http://127.0.0.1:4010");
    expect(settings).toMatch(/sender:apiToken:\n\s+secure: /);
    expect(settings).not.toMatch(/tok-rehearsal-/);
    if (node === "none") expect(read(`${name}/node`).trim()).toBe("none");
    else expect(read(`${name}/node`).trim()).toMatch(/\/node$/);
    if (installed) expect(read(`${name}/installed-version`).trim()).toBe(installed);
    if (name === "go") expect(read("go/go.mod")).not.toContain("replace");
    // The install commands are the README's block "From the registries", as written.
    const readme = fs.readFileSync(
      path.join(ROOT, "templates", name.replace(/-bun$/, ""), "README.md"),
      "utf8",
    );
    const block = read(`${name}/install.sh`);
    expect(readme).toContain("### From the registries (once published)\n");
    expect(block).not.toBe("");
    expect(readme).toContain(`\`\`\`sh\n${block}\`\`\``);
    // Run as written, but for the plugin's server: the schema's URL, the local one's here.
    const ran = read(`${name}/install-run.sh`);
    if (name === "typescript") expect(ran).toBe(block);
    else {
      const line = `pulumi plugin install resource sender ${VERSION} --server`;
      expect(block).toContain(`${line} github://api.github.com/pulumi-sender\n`);
      expect(
        ran.replace(
          / --server http:\/\/127\.0\.0\.1:\d+\/plugins\n/,
          " --server github://api.github.com/pulumi-sender\n",
        ),
      ).toBe(block);
    }
  });

  test("the README's emulator block starts the emulator (the plugin's, for the native ones) and points the stack at it", () => {
    const readme = fs.readFileSync(
      path.join(ROOT, "templates", name.replace(/-bun$/, ""), "README.md"),
      "utf8",
    );
    const block = read(`${name}/emulator.sh`);
    expect(readme).toContain(`## The local emulator\n`);
    expect(readme).toContain(`\`\`\`sh\n${block}\`\`\``);
    const start =
      name === "typescript"
        ? "npx pulumi-sender-emulator --port 4010"
        : `"\${PULUMI_HOME:-$HOME/.pulumi}/plugins/resource-sender-v${VERSION}/pulumi-resource-sender" emulator --port 4010`;
    expect(
      block.startsWith(`${start} --token dev-token --detach --log emulator.log --pid-file emulator.pid\n`),
    ).toBe(true);
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+) in the background/.exec(
      read(`${name}/emulator.txt`),
    )?.[1];
    expect(port).toMatch(/^\d+$/);
    expect(read(`${name}/emulator-run.sh`)).toBe(
      block
        .replaceAll("4010", port!)
        .replaceAll("dev-token", read(`${name}/emulator-run.sh`).match(/tok-rehearsal-\d+/)![0]),
    );
    expect(read(`${name}/Pulumi.dev.yaml.emulator`)).toContain(`sender:baseUrl: http://127.0.0.1:${port}\n`);
  });

  test("the first Registry example, pasted whole into the program file, previews its resources", () => {
    // The campaign, its targeting, follow-up, attachment and schedule, the Stack; the nonce too for the dynamic package.
    expect(registryExamples[0]!.name).toBe("campaign");
    expect(read(`${name}/pasted-preview.txt`)).toContain(`+ ${name === "typescript" ? 7 : 6} to create`);
  });

  test("up makes the campaign and its targeting; refresh finds no change; destroy leaves nothing", () => {
    expect(read(`${name}/up.txt`)).toContain(`+ ${resources} created`);
    const up = json(`${name}/state-after-up.json`);
    const made = up.campaigns.filter((c: { title: string }) => c.title.startsWith("welcome-"));
    expect(made.map((c: { subject: string; status: string }) => [c.subject, c.status])).toEqual([
      ["Welcome to Example News", "DRAFT"],
    ]);
    expect(up.targeting[made[0].id].tags.map((t: { id: string }) => t.id)).toEqual(["tag001"]);
    expect(read(`${name}/destroy.txt`)).toContain(`- ${resources} deleted`);
    const after = json(`${name}/state-after-destroy.json`);
    expect(after.campaigns.filter((c: { title: string }) => c.title.startsWith("welcome-"))).toEqual([]);
  });
});

describe("the Java template, its SDK from Maven", () => {
  const jar = `io/github/pulumi-sender/sender/${VERSION}/sender-${VERSION}.jar`;
  // The Maven Central stand-ins' answers to requests for our SDK ("<path> <status>", http.server's log).
  const served = (prefix: string) =>
    [...read("http.log").matchAll(/"GET (\S+) HTTP\/1\.[01]" (\d{3}) /g)]
      .map(([, request, status]) => `${request} ${status}`)
      .filter((request) => request.startsWith(`/${prefix}/io/github/pulumi-sender/`));

  test("from the registries: Maven fetched the release's jar from the Maven Central stand-in", () => {
    expect(read("java/new-status").trim()).toBe("0");
    expect(read("java/installed-jar").trim()).toBe("same");
    expect(served("maven")).toContain(`/maven/${jar} 200`);
  });

  test("its data source call (getPlans) returned the emulator's plans", () => {
    expect(json("java/outputs.json").plans).toEqual(["Free", "Standard", "Professional"]);
    expect(json("java/outputs.json").campaignStatus).toBe("DRAFT");
  });

  test("from the release folder: Maven Central without the SDK fails pulumi new's install; the README's copy into ~/.m2/repository is what the preview built on", () => {
    expect(read("java-release/new-status").trim()).toBe("1");
    expect(read("java-release/new.txt")).toContain(
      `Could not find artifact io.github.pulumi-sender:sender:jar:${VERSION} in central`,
    );
    expect(served("maven-central").filter((request) => !request.endsWith(" 404"))).toEqual([]);
    expect(read("java-release/installed-version").trim()).toBe(VERSION);
    expect(read("java-release/installed-jar").trim()).toBe("same");
    expect(read("java-release/node").trim()).toBe("none");
  });
});

describe("the bun-compiled plugin (darwin-arm64's build) on linux-amd64", () => {
  test("is one executable, and ran the YAML template above", () => {
    expect(read("yaml-bun-archive.txt").trim().split("\n")).toEqual([
      "./",
      "./package.json",
      "./pulumi-resource-sender",
    ]);
    expect(read("yaml-bun/up.txt")).toMatch(/\+ 3 created/);
  });
});

describe("templates/terraform from the release's filesystem mirror", () => {
  test("docs/terraform/index.md's install block, as written and with rel set, installed the provider from the mirror", () => {
    const page = fs.readFileSync(path.join(ROOT, "docs/terraform/index.md"), "utf8");
    // The reader's `rel`, then the page's block unchanged.
    const [rel, ...block] = read("terraform/install.sh").split("\n");
    expect(rel).toBe(`rel="${read("release-dir").trim()}"`);
    expect(page).toContain(`\`\`\`sh\n${block.join("\n")}\`\`\``);
    expect(read("terraform/init.txt")).toContain(
      `- Installed pulumi-sender/sender v${VERSION} (unauthenticated)`,
    );
    expect(read("terraform/lock.hcl")).toContain(
      `provider "registry.opentofu.org/pulumi-sender/sender" {\n  version     = "${VERSION}"`,
    );
    expect(read("terraform/node").trim()).toBe("none");
  });

  test("the README's emulator block, plan and apply made the campaign and its targeting; the next plan is clean; destroy leaves nothing", () => {
    expect(read("terraform/status").trim()).toBe("0");
    expect(read("terraform/cycle.txt")).toContain(
      "Apply complete! Resources: 2 added, 0 changed, 0 destroyed.",
    );
    const titles = (file: string) => (json(file).campaigns as { title: string }[]).map((c) => c.title);
    expect(titles("terraform/state-after-apply.json")).toContain("Welcome series");
    expect(read("terraform/plan-again.status").trim()).toBe("0");
    expect(read("terraform/destroy.txt")).toContain("Destroy complete! Resources: 2 destroyed.");
    expect(titles("terraform/state-after-destroy.json")).not.toContain("Welcome series");
  });
});

describe("the GitOps starter, copied out", () => {
  test("npm ci installs pulumi-sender from the registry with the committed lock file, unchanged", () => {
    expect(read("gitops-installed-version").trim()).toBe(VERSION);
    expect(read("gitops-lock").trim()).toBe("unchanged");
    expect(read("gitops-npm-ci.txt")).toMatch(/added \d+ packages/);
  });
});
