/**
 * A stand-in for the `docker` command, for the tests of ops/bin (no container runtime runs where the
 * tests do). It records every call's arguments (one JSON array a line in $FAKE_DOCKER_ROOT/calls.jsonl)
 * and keeps what the scripts rely on in $FAKE_DOCKER_ROOT: the images built (`images`, one a line),
 * containers (`containers/<name>.json`) and named volumes (`volumes/<name>/`). A container's staff
 * command (`npm run --silent leads -- …`) really runs, with plain Node on this checkout's
 * scripts/leads.ts, its mounts mapped to those folders, so backups and restores are real. The site
 * itself does not run: `/readyz` answers what $FAKE_DOCKER_ROOT/readyz says (200 when it is absent).
 * A staff command runs as the image's user, node (uid 1000): it fails on a bind-mounted host folder or
 * file node may not read, as it would in Docker.
 * `docker compose` recreates a service (checking the image HUB_SITE_TAG in ./.env names) and probes it.
 */
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = process.env.FAKE_DOCKER_ROOT;
if (!root) {
  console.error("fake docker: FAKE_DOCKER_ROOT is not set");
  process.exit(125);
}
const repo = path.resolve(import.meta.dirname, "../..");
/** The image's user, node (node:24-slim's uid). */
const NODE_UID = 1000;
const args = process.argv.slice(2);
appendFileSync(path.join(root, "calls.jsonl"), `${JSON.stringify(args)}\n`);

interface Container {
  image: string;
  running: boolean;
  /** Container path → host folder. */
  mounts: Record<string, string>;
  /** The container paths that are host folders (not volumes). */
  bindMounts: string[];
  env: Record<string, string>;
}

const containerFile = (name: string) => path.join(root, "containers", `${name}.json`);
const container = (name: string): Container | null =>
  existsSync(containerFile(name)) ? (JSON.parse(readFileSync(containerFile(name), "utf8")) as Container) : null;
const saveContainer = (name: string, value: Container) => {
  mkdirSync(path.dirname(containerFile(name)), { recursive: true });
  writeFileSync(containerFile(name), JSON.stringify(value));
};
const imageExists = (image: string) =>
  existsSync(path.join(root, "images")) && readFileSync(path.join(root, "images"), "utf8").split("\n").includes(image);

function fail(message: string, code = 1): never {
  console.error(`Error response from daemon: ${message}`);
  process.exit(code);
}

/** A volume's source: a host folder as it is, a named volume as a folder under $FAKE_DOCKER_ROOT/volumes. */
function hostFolder(source: string): string {
  if (source.startsWith("/")) return source;
  const folder = path.join(root!, "volumes", source);
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** A path inside the container as the host sees it, through the container's mounts. */
function onHost(mounts: Record<string, string>, inside: string): string {
  for (const [target, source] of Object.entries(mounts)) {
    if (inside === target || inside.startsWith(`${target}/`)) return path.join(source, inside.slice(target.length));
  }
  return inside;
}

/** docker's --env-file: NAME=value a line, comments and blank lines skipped. */
function envFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/** The image's user, node (uid 1000), may read this host path: owned and readable by it, or by anyone. */
function nodeMayRead(hostPath: string, folder: boolean): boolean {
  const { uid, mode } = statSync(hostPath);
  const needs = folder ? 0o5 : 0o4;
  return (uid === NODE_UID && ((mode >> 6) & needs) === needs) || (mode & needs) === needs;
}

/** Runs a command in a container: the staff's lead commands, `rm`, and the readiness probe. */
function runIn(box: Container, command: string[]): number {
  const [program, ...rest] = command;
  if (program === "npm" && rest.join(" ").startsWith("run --silent leads --")) {
    // The container runs as node: a bind-mounted host folder (or a file in it) that node cannot read
    // stops the command, as it would in Docker. Named volumes are node's (the image made /data so).
    for (const [target, source] of Object.entries(box.mounts)) {
      if (!box.bindMounts.includes(target)) continue;
      const unreadable = [
        source,
        ...rest
          .slice(4)
          .filter((arg) => arg.startsWith(`${target}/`))
          .map((arg) => onHost(box.mounts, arg)),
      ]
        .filter((hostPath) => existsSync(hostPath))
        .find((hostPath) => !nodeMayRead(hostPath, hostPath === source));
      if (unreadable) {
        console.error(`Error: EACCES: permission denied (node, uid ${NODE_UID}, cannot read ${unreadable})`);
        return 1;
      }
    }
    const leadArgs = rest.slice(4).map((arg) => onHost(box.mounts, arg));
    const run = spawnSync(process.execPath, [path.join(repo, "scripts", "leads.ts"), ...leadArgs], {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: "", ...box.env, DATA_DIR: onHost(box.mounts, "/data") },
      stdio: ["ignore", "inherit", "inherit"],
    });
    return run.status ?? 1;
  }
  if (program === "rm" && rest[0] === "-f" && rest[1]) {
    rmSync(onHost(box.mounts, rest[1]), { force: true });
    return 0;
  }
  if (program === "node" && rest[0] === "-e" && rest[1]?.includes("/readyz")) {
    const readyz = path.join(root!, "readyz");
    const status = existsSync(readyz) ? Number(readFileSync(readyz, "utf8").trim()) : 200;
    return status === 200 ? 0 : status === 503 ? 3 : 2;
  }
  console.error(`fake docker: no stand-in for running ${command.join(" ")}`);
  return 127;
}

function dockerRun(options: string[]): number {
  const box: Container = { image: "", running: true, mounts: {}, bindMounts: [], env: { NODE_ENV: "production" } };
  let name: string | null = null;
  let detached = false;
  let removed = false;
  let index = 0;
  for (; index < options.length && options[index]!.startsWith("-"); index += 1) {
    const option = options[index]!;
    const value = () => options[++index]!;
    if (option === "-d") detached = true;
    else if (option === "--rm") removed = true;
    else if (option === "--name") name = value();
    else if (option === "-v") {
      const [source, target] = value().split(":");
      box.mounts[target!] = hostFolder(source!);
      if (source!.startsWith("/")) box.bindMounts.push(target!);
    } else if (option === "-e") {
      const [key, ...rest] = value().split("=");
      box.env[key!] = rest.join("=");
    } else if (option === "--env-file") Object.assign(box.env, envFile(value()));
    else if (["--restart", "--stop-timeout", "--memory", "--log-opt", "-p", "--network"].includes(option)) value();
    else fail(`fake docker: unknown option ${option}`, 125);
  }
  box.image = options[index]!;
  if (!imageExists(box.image)) fail(`No such image: ${box.image}`, 125);
  const anonymous = box.mounts["/data"] ? null : mkdtempSync(path.join(tmpdir(), "fake-docker-volume-"));
  if (anonymous) box.mounts["/data"] = anonymous;
  if (detached) {
    if (!name) fail("fake docker: a detached container needs a name", 125);
    if (container(name)) fail(`Conflict. The container name "/${name}" is already in use`, 125);
    saveContainer(name, box);
    return 0;
  }
  try {
    return runIn(box, options.slice(index + 1));
  } finally {
    if (anonymous && removed) rmSync(anonymous, { recursive: true, force: true });
  }
}

function main(): number {
  const [command, ...rest] = args;
  switch (command) {
    case "image":
      if (rest[0] !== "inspect") break;
      return imageExists(rest[1]!) ? 0 : 1;
    case "container":
      if (rest[0] !== "inspect") break;
      return container(rest[1]!) ? 0 : 1;
    case "inspect": {
      const [flag, format, name] = rest;
      const box = flag === "--format" ? container(name!) : null;
      if (!box) fail(`No such object: ${name}`);
      if (format!.includes(".Config.Image")) console.log(box.image);
      else if (format!.includes(".NetworkSettings.Networks")) console.log("bridge ");
      else break;
      return 0;
    }
    case "stop":
    case "start": {
      const name = rest.at(-1)!;
      const box = container(name) ?? fail(`No such container: ${name}`);
      saveContainer(name, { ...box, running: command === "start" });
      console.log(name);
      return 0;
    }
    case "rm": {
      const name = rest[0]!;
      if (!container(name)) fail(`No such container: ${name}`);
      rmSync(containerFile(name));
      console.log(name);
      return 0;
    }
    case "run":
      return dockerRun(rest);
    case "compose": {
      // The Compose file's services: recreated (from the project's .env, in the working folder), probed.
      if (rest[0] === "up" && rest.includes("--force-recreate")) {
        const tag = /^HUB_SITE_TAG=(.*)$/m.exec(readFileSync(".env", "utf8"))?.[1];
        if (!tag || !imageExists(`hub-site:${tag}`)) fail(`No such image: hub-site:${tag}`, 1);
        return 0;
      }
      if (rest[0] === "exec" && rest[1] === "-T") {
        return runIn({ image: "", running: true, mounts: {}, bindMounts: [], env: {} }, rest.slice(3));
      }
      break;
    }
    case "exec": {
      const [name, ...command] = rest;
      const box = container(name!);
      if (!box?.running) fail(`container ${name} is not running`);
      return runIn(box, command);
    }
    case "cp": {
      const [from, to] = rest;
      const [name, inside] = from!.split(":");
      const box = container(name!) ?? fail(`No such container: ${name}`);
      const source = onHost(box.mounts, inside!);
      if (!existsSync(source)) fail(`Could not find the file ${inside} in container ${name}`);
      if (existsSync(path.join(root!, "damage-copies"))) {
        // A copy that arrives damaged: half of it.
        const bytes = readFileSync(source);
        writeFileSync(to!, bytes.subarray(0, Math.floor(bytes.length / 2)));
      } else copyFileSync(source, to!);
      return 0;
    }
  }
  console.error(`fake docker: no stand-in for docker ${args.join(" ")}`);
  return 127;
}

process.exit(main());
