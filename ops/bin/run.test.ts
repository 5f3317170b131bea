import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bin, host, hosts, ok, started } from "../test-support/host.ts";

/**
 * The operator's scripts that run a release and roll it back, run for real over a recorded deploy
 * history, and ShellCheck on every script. No container runtime runs here: `docker` is
 * ops/test-support/fake-docker.ts, first on PATH, which records each call; the docker command lines
 * are asserted as recorded. Backups and restores: backup.test.ts.
 */

const SCRIPTS = ["hub-site-run", "hub-site-rollback", "hub-site-backup", "hub-site-restore"];

// Each case starts the scripts, and Node under the fake docker, several times: a second or more each on a busy machine.
describe("the operator's scripts (ops/bin)", { timeout: 60_000 }, () => {
  it("are executable and ShellCheck-clean, the fake docker too", () => {
    for (const script of [...SCRIPTS, "hub-site-lib.sh", "../test-support/bin/docker"]) {
      const file = path.join(bin, script);
      const checked = spawnSync("shellcheck", ["--external-sources", "--source-path=SCRIPTDIR", file], {
        encoding: "utf8",
      });
      if (checked.error)
        throw new Error(`shellcheck cannot run (apt-get install shellcheck): ${checked.error.message}`);
      expect(checked.stdout, script).toBe("");
      expect(checked.status, script).toBe(0);
      if (script !== "hub-site-lib.sh") expect(statSync(file).mode & 0o111, script).toBe(0o111);
    }
    expect(
      readdirSync(bin)
        .filter((file) => file.startsWith("hub-site-"))
        .sort(),
    ).toEqual([...SCRIPTS, "hub-site-lib.sh"].sort());
  });

  it("read their settings from the file ops.env.example shows, whose values are the defaults", () => {
    const settingsOf = (file: string) => {
      const read = spawnSync(
        "bash",
        [
          "-c",
          `. "${path.join(bin, "hub-site-lib.sh")}" && load_settings && set | grep '^HUB_SITE_' | grep -v '^HUB_SITE_OPS_ENV='`,
        ],
        { env: { PATH: process.env.PATH, HUB_SITE_OPS_ENV: file }, encoding: "utf8" },
      );
      expect(read.status, read.stderr).toBe(0);
      return read.stdout.split("\n").filter((line) => !line.startsWith("HUB_SITE_BACKUP_COPY="));
    };
    const example = path.resolve(bin, "../ops.env.example");
    const empty = path.join(mkdtempSync(path.join(tmpdir(), "hub-ops-empty-")), "ops.env");
    hosts.push(path.dirname(empty));
    writeFileSync(empty, "");
    chmodSync(empty, 0o600);
    expect(settingsOf(example)).toEqual(settingsOf(empty));
    expect(settingsOf(empty)).toContain("HUB_SITE_BACKUP_KEEP_DAYS=30");
    expect(readFileSync(example, "utf8")).toMatch(/^HUB_SITE_BACKUP_COPY='rsync -a --delete "\$BACKUP_DIR"\/ /m);
  });

  it("hub-site-run replaces the container with the tag's image, notes it in the deploy history and waits until it is ready", () => {
    const h = host();
    expect(ok(h.run("hub-site-run", "aaa")).stdout).toBe("hub-site:aaa runs as hub-site and is ready.\n");
    const runCommand = (tag: string) => [
      "run",
      "-d",
      "--name",
      "hub-site",
      "--restart",
      "unless-stopped",
      "--stop-timeout",
      "30",
      "--memory",
      "1g",
      "-e",
      "NODE_OPTIONS=--max-old-space-size=256",
      "--log-opt",
      "max-size=10m",
      "--log-opt",
      "max-file=5",
      "-p",
      "127.0.0.1:3000:3000",
      "-v",
      "hub-data:/data",
      "--env-file",
      h.envFile,
      `hub-site:${tag}`,
    ];
    const [inspectImage, inspectContainer, run, ready, ...more] = h.calls();
    expect([inspectImage, inspectContainer, run]).toEqual([
      ["image", "inspect", "hub-site:aaa"],
      ["container", "inspect", "hub-site"],
      runCommand("aaa"),
    ]);
    expect(ready!.slice(0, 4)).toEqual(["exec", "hub-site", "node", "-e"]);
    expect(ready![4]).toContain("/readyz");
    expect(more).toEqual([]);

    h.clearCalls();
    ok(h.run("hub-site-run", "bbb"));
    expect(h.calls().slice(0, 5)).toEqual([
      ["image", "inspect", "hub-site:bbb"],
      ["container", "inspect", "hub-site"],
      ["stop", "-t", "30", "hub-site"],
      ["rm", "hub-site"],
      runCommand("bbb"),
    ]);
    expect(h.history()).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ run aaa$/),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ run bbb$/),
    ]);
  });

  it("hub-site-run leaves the running container alone without the image, and says so when the new one is not ready", () => {
    const h = host({ HUB_SITE_READY_SECONDS: "0" });
    ok(h.run("hub-site-run", "aaa"));
    h.clearCalls();
    const missing = h.run("hub-site-run", "zzz");
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("there is no image hub-site:zzz on this host");
    expect(h.calls()).toEqual([["image", "inspect", "hub-site:zzz"]]);

    writeFileSync(path.join(h.dir, "docker", "readyz"), "500");
    const notReady = h.run("hub-site-run", "bbb");
    expect(notReady.status).toBe(1);
    expect(notReady.stderr).toContain("hub-site:bbb does not answer /readyz after 0 s");
    expect(notReady.stderr).toContain("To go back: hub-site-rollback.");
    // It went live, so a rollback leaves it.
    expect(h.history().at(-1)).toMatch(/ run bbb$/);
    // A 503 (the lead store refuses writes) ends the wait at once, however long it may be.
    const patient = host({ HUB_SITE_READY_SECONDS: "3600" });
    writeFileSync(path.join(patient.dir, "docker", "readyz"), "503");
    const refusing = patient.run("hub-site-run", "aaa");
    expect(refusing.status).toBe(1);
    expect(refusing.stderr).toContain("hub-site:aaa answers /readyz with 503: its lead store refuses writes.");
    expect(patient.calls().filter(([command]) => command === "exec")).toHaveLength(1);
    expect(h.run("hub-site-run", "bad tag").stderr).toContain("'bad tag' is not an image tag");
  });

  it("hub-site-rollback walks back one release per call, and a release run by hand afterwards goes on top", () => {
    const h = host();
    for (const tag of ["aaa", "bbb", "ccc"]) ok(h.run("hub-site-run", tag));
    h.clearCalls();
    expect(ok(h.run("hub-site-rollback")).stdout).toContain("Rolling back from hub-site:ccc to hub-site:bbb.");
    expect(ok(h.run("hub-site-rollback")).stdout).toContain("Rolling back from hub-site:bbb to hub-site:aaa.");
    expect(started(h)).toEqual(["hub-site:bbb", "hub-site:aaa"]);
    const nothingLeft = h.run("hub-site-rollback");
    expect(nothingLeft.status).toBe(1);
    expect(nothingLeft.stderr).toContain("there is no earlier release to go back to");
    expect(nothingLeft.stderr).toContain("(only aaa)");
    expect(started(h)).toEqual(["hub-site:bbb", "hub-site:aaa"]);
    expect(h.history().map((line) => line.split(" ").slice(1).join(" "))).toEqual([
      "run aaa",
      "run bbb",
      "run ccc",
      "rollback bbb",
      "rollback aaa",
    ]);

    // ddd by hand, then ccc again: a rollback goes to the release live before, each once.
    ok(h.run("hub-site-run", "ddd"));
    ok(h.run("hub-site-run", "ccc"));
    ok(h.run("hub-site-run", "ccc"));
    h.clearCalls();
    ok(h.run("hub-site-rollback"));
    ok(h.run("hub-site-rollback"));
    expect(started(h)).toEqual(["hub-site:ddd", "hub-site:aaa"]);
  });

  it("with Compose, hub-site-run and hub-site-rollback set the tag and recreate each service once the one before is ready, stopping at a 503", () => {
    const project = mkdtempSync(path.join(tmpdir(), "hub-ops-compose-"));
    hosts.push(project);
    writeFileSync(path.join(project, ".env"), "COMPOSE_PROJECT_NAME=hub\nHUB_SITE_TAG=aaa\n");
    const h = host({ HUB_SITE_COMPOSE_DIR: project });
    const recreated = () =>
      h.calls().flatMap((call) => (call[0] === "compose" && call[1] === "up" ? [call.slice(1).join(" ")] : []));
    const probed = () => h.calls().flatMap((call) => (call[0] === "compose" && call[1] === "exec" ? [call[3]] : []));
    ok(h.run("hub-site-run", "aaa"));
    ok(h.run("hub-site-run", "bbb"));
    expect(readFileSync(path.join(project, ".env"), "utf8")).toBe("COMPOSE_PROJECT_NAME=hub\nHUB_SITE_TAG=bbb\n");
    expect(recreated()).toEqual([
      "up -d --no-deps --force-recreate site-a",
      "up -d --no-deps --force-recreate site-b",
      "up -d --no-deps --force-recreate site-a",
      "up -d --no-deps --force-recreate site-b",
    ]);
    expect(probed()).toEqual(["site-a", "site-b", "site-a", "site-b"]);
    expect(h.calls().filter(([command]) => command === "run" || command === "stop")).toEqual([]);

    h.clearCalls();
    ok(h.run("hub-site-rollback"));
    expect(readFileSync(path.join(project, ".env"), "utf8")).toContain("HUB_SITE_TAG=aaa\n");

    // A release whose first instance answers 503: the second keeps the release before.
    writeFileSync(path.join(h.dir, "docker", "readyz"), "503");
    h.clearCalls();
    const refused = h.run("hub-site-run", "ccc");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      "site-a on hub-site:ccc (the services after it still run the release before) answers /readyz with 503",
    );
    expect(recreated()).toEqual(["up -d --no-deps --force-recreate site-a"]);
  });

  it("hub-site-rollback reads the history earlier versions wrote (a tag a line)", () => {
    const h = host();
    mkdirSync(h.stateDir);
    writeFileSync(path.join(h.stateDir, "deployed"), "aaa\nbbb\nccc\n");
    ok(h.run("hub-site-rollback"));
    ok(h.run("hub-site-rollback"));
    expect(started(h)).toEqual(["hub-site:bbb", "hub-site:aaa"]);
  });
});
