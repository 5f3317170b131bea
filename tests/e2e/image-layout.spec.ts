import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startBookingStandIn } from "../../demo/booking.ts";
import { startWebhookSink } from "../../demo/webhook.ts";
import {
  liveContentEnv,
  liveEventsEnv,
  startTestContentService,
  startTestEventsService,
} from "./support/content-stand-in";
import { demoPosts } from "./support/dataset";
import { expect, test } from "./support/fixtures";
import { spawnSite } from "./support/spawn-site";

/**
 * The container image without a container engine: the runtime stage of the Dockerfile is rebuilt in a
 * clean folder, exactly as the file says (its COPY lines, its production-only install, its ENV), and
 * started with SITE_MODE=production against loopback stand-ins of every live service. The folder has no
 * demo/ at all, so a production start that reached for the demo dataset or stand-ins would fail here.
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

interface Instruction {
  name: string;
  args: string;
}

interface Stage {
  name: string;
  instructions: Instruction[];
}

/** The Dockerfile's stages and instructions (continuation lines joined, comments left out). */
function dockerfileStages(text: string): Stage[] {
  const lines = text.replace(/\\\n/g, " ").split("\n");
  const stages: Stage[] = [];
  for (const line of lines.map((candidate) => candidate.trim())) {
    if (line === "" || line.startsWith("#")) continue;
    const [, name = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (name.toUpperCase() === "FROM") {
      stages.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1] ?? String(stages.length), instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ name: name.toUpperCase(), args });
    }
  }
  return stages;
}

function copyInstruction(args: string): { from: string | null; sources: string[]; destination: string } {
  const words = args.split(/\s+/);
  const from = words.find((word) => word.startsWith("--from="))?.slice("--from=".length) ?? null;
  const paths = words.filter((word) => !word.startsWith("--"));
  return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
}

function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.instructions.filter((instruction) => instruction.name === "ENV")) {
    for (const [, key = "", value = ""] of args.matchAll(/(\w+)=(\S+)/g)) env[key] = value;
  }
  return env;
}

/** Copies sources into `into` (a folder, or a file path) the way COPY does: a folder's contents, a file itself. */
function copyInto(sources: string[], into: string): void {
  const toFolder = into.endsWith("/") || sources.length > 1;
  for (const source of sources) {
    if (statSync(source).isDirectory()) {
      cpSync(source, into, { recursive: true, verbatimSymlinks: true });
      continue;
    }
    const target = toFolder ? path.join(into, path.basename(source)) : into;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(source, target, { recursive: true, verbatimSymlinks: true });
  }
}

test("the image's files start in production mode against live services and serve pages; demo mode there stops with one line", async () => {
  test.setTimeout(300_000);
  const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
  const stages = dockerfileStages(dockerfile);
  const runtime = stages.at(-1)!;
  const runtimeEnv = envOf(runtime);

  // What the image promises, read from the file itself.
  expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
  expect(stages.length).toBeGreaterThanOrEqual(3);
  // The container listens on every interface of its own network (a demo elsewhere: on loopback only).
  expect(runtimeEnv).toMatchObject({ NODE_ENV: "production", SITE_MODE: "production", HOST: "0.0.0.0" });
  const user = runtime.instructions.find((instruction) => instruction.name === "USER")?.args;
  expect(user).toBeDefined();
  expect(user).not.toMatch(/^(root|0)$/);
  expect(runtime.instructions.find((instruction) => instruction.name === "VOLUME")?.args).toContain(
    runtimeEnv.DATA_DIR,
  );
  expect(runtime.instructions.find((instruction) => instruction.name === "HEALTHCHECK")?.args).toContain("/healthz");
  // The build stage runs no install scripts (vnu-jar's would download a Java runtime from outside the registry).
  const buildInstall = stages
    .find((stage) => stage.name === "build")
    ?.instructions.find((instruction) => instruction.name === "RUN" && /\bnpm (install|ci)\b/.test(instruction.args));
  expect(buildInstall?.args).toContain("--ignore-scripts");

  const work = mkdtempSync(path.join(tmpdir(), "hub-image-"));
  const image = path.join(work, "app");
  const dataDir = path.join(work, "data");
  mkdirSync(image);
  mkdirSync(dataDir);
  const services = await Promise.all([
    startTestContentService(),
    startTestEventsService(),
    startWebhookSink({}),
    startBookingStandIn({}),
  ]);
  const [content, events, webhook, booking] = services;
  try {
    // Each stage the runtime copies from: "build" is this checkout after `npm run build` (test:e2e
    // builds first); other stages are replayed in a folder of their own: their COPY lines, then their RUN
    // lines (npm may use its cache: the same install, without the network when it can).
    const stageFolders = new Map<string, string>([["build", root]]);
    for (const stage of stages.slice(0, -1).filter((candidate) => candidate.name !== "build")) {
      const folder = path.join(work, stage.name);
      mkdirSync(folder);
      for (const { name, args } of stage.instructions) {
        if (name === "COPY") {
          const { from, sources, destination } = copyInstruction(args);
          expect(from, `${stage.name}: COPY from another stage`).toBeNull();
          copyInto(
            sources.map((source) => path.join(root, source)),
            path.join(folder, destination === "./" ? "" : destination),
          );
        } else if (name === "RUN") {
          await run("sh", ["-c", args], {
            cwd: folder,
            env: { ...process.env, npm_config_prefer_offline: "true" },
            maxBuffer: 16 * 1024 * 1024,
          });
        }
      }
      stageFolders.set(stage.name, folder);
    }

    for (const { name, args } of runtime.instructions.filter((instruction) => instruction.name === "COPY")) {
      const { from, sources, destination } = copyInstruction(args);
      const base = from ? stageFolders.get(from) : root;
      expect(base, `${name} --from=${from}`).toBeDefined();
      const resolved = sources.map((source) => path.join(base!, source.replace(/^\/app\/?/, "")));
      const target = path.join(image, destination);
      // node_modules is large: moved, not copied.
      if (from && resolved.length === 1 && resolved[0]!.endsWith("node_modules")) renameSync(resolved[0]!, target);
      else copyInto(resolved, destination.endsWith("/") ? `${target}/` : target);
    }

    expect(existsSync(path.join(image, "demo"))).toBe(false);
    expect(existsSync(path.join(image, "build", "server", "index.js"))).toBe(true);
    expect(existsSync(path.join(image, "node_modules", "vite"))).toBe(false);
    // Build-only packages stay out of the runtime: the heading font is bundled into build/client.
    expect(existsSync(path.join(image, "node_modules", "@fontsource", "fraunces"))).toBe(false);

    const site = await spawnSite(
      {
        ...runtimeEnv,
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SITE_URL: "https://hub.example.org",
        ...liveContentEnv(content),
        ...liveEventsEnv(events),
        LEAD_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
        BOOKING_WIDGET_URL: booking.url,
        GA_MEASUREMENT_ID: "G-IMAGETEST1",
      },
      { cwd: image, inheritEnv: false, timeoutMs: 60_000 },
    );
    try {
      const health = (await (await fetch(`${site.url}/healthz`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({
        status: "ok",
        integrations: { content: "live", events: "live", leads: "live", booking: "live", analytics: "live" },
      });
      const post = demoPosts[0]!;
      for (const [address, text] of [
        ["/", "Where Batesville gets to work"],
        [`/blog/${post.slug}`, post.title],
      ] as const) {
        const response = await fetch(`${site.url}${address}`);
        expect(response.status, address).toBe(200);
        const html = await response.text();
        expect(html, address).toContain(text);
        expect(html, address).not.toContain("/_demo/");
      }
      expect(site.output()).not.toMatch(/\bdemo: /);
      // Every log line is JSON.
      for (const line of site.output().trim().split("\n")) expect(() => JSON.parse(line), line).not.toThrow();

      // The staff's tools run in the image too.
      const leads = await run("npm", ["run", "-s", "leads", "--", "list"], {
        cwd: image,
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
      });
      expect(leads.stdout).toContain("0 pending");
      // In the image /app belongs to root: the staff export to standard output and back up into DATA_DIR.
      const posted = await fetch(`${site.url}/contact`, {
        method: "POST",
        body: new URLSearchParams({
          name: "Jordan Reyes",
          email: "jordan.reyes@example.com",
          phone: "(870) 555-0199",
          interests: "partnership",
          referralSource: "Event",
        }),
      });
      expect(posted.status).toBe(200);
      const exported = await run("npm", ["run", "--silent", "leads", "--", "export"], {
        cwd: image,
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
      });
      const csv = exported.stdout.split("\r\n");
      expect(csv[0]).toMatch(/^id,created_at,name,email,/);
      expect(csv[1]).toContain("jordan.reyes@example.com");
      const backup = await run(
        "npm",
        ["run", "--silent", "leads", "--", "backup", path.join(dataDir, "backup.sqlite")],
        {
          cwd: image,
          env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
        },
      );
      expect(backup.stdout).toContain("Backed up 1 lead(s)");
      const link = await run("npm", ["run", "-s", "preview-link", "--", "/blog/a-draft"], {
        cwd: image,
        env: {
          PATH: process.env.PATH ?? "",
          SITE_URL: "https://hub.example.org",
          CONTENTFUL_SPACE_ID: content.spaceId,
          CONTENTFUL_PREVIEW_TOKEN: "any-preview-token",
        },
      });
      expect(link.stdout).toMatch(/^https:\/\/hub\.example\.org\/preview\?secret=v1\./);
    } finally {
      await site.stop();
    }

    // The image has no demo/: SITE_MODE=demo stops with one line that says how to run the demo.
    const demo = await run(process.execPath, ["server.js"], {
      cwd: image,
      env: { PATH: process.env.PATH ?? "", ...runtimeEnv, SITE_MODE: "demo", PORT: "0", DATA_DIR: dataDir },
    }).then(
      () => null,
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    );
    expect(demo, "SITE_MODE=demo in the image must not start").not.toBeNull();
    expect(demo?.code).toBe(1);
    const said = `${demo?.stdout ?? ""}${demo?.stderr ?? ""}`.trim().split("\n");
    expect(said, said.join("\n")).toHaveLength(1);
    const { msg } = JSON.parse(said[0]!) as { msg: string };
    expect(msg).toMatch(/^Cannot start: SITE_MODE=demo .*demo\/data\/space\.json/);
    expect(msg).toContain("npm ci && npm run build && npm start");
  } finally {
    await Promise.all(services.map((service) => service.close()));
    rmSync(work, { recursive: true, force: true });
  }
});
