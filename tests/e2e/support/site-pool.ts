import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ContentfulStandIn } from "../../../demo/contentful.ts";
import type { EventsStandIn } from "../../../demo/events.ts";
import { startWebhookSink, type WebhookSink } from "../../../demo/webhook.ts";
import { TEST_FORM_TOKEN_SECRET } from "../../support/form-token.ts";
import { liveContentEnv, liveEventsEnv, startTestContentService, startTestEventsService } from "./content-stand-in.ts";
import { type SpawnedSite, spawnSite } from "./spawn-site.ts";

/**
 * The sites behind the `isolatedSite` fixture (fixtures.ts). Starting a site with its own content
 * service, events service and lead webhook for every test was most of the end-to-end tests' time, so
 * each Playwright worker keeps one such site per setting (`isolatedSiteEnv`) and hands it to test
 * after test, reset in between to how it started: the site through its test-only reset
 * (`POST /__test/reset`, TEST_RESET_ROUTE: caches, counters, tokens and stored leads), the stand-ins
 * through their own (fault rules, recorded requests, edited entries and events, received leads). A test sees
 * only what it caused: its site's `output()` is the start-up log and what was printed since its reset.
 *
 * A test that stops or kills its site has it to itself: the site is retired, and the next test of
 * that setting gets a new one. So is a site whose test failed (whatever state it was left in), one
 * with SITE_MODE=production, which refuses the reset flag, and one a test asked for fresh
 * (`isolatedSiteFresh`: for state the reset does not cover). Retired sites are stopped before the next
 * site is handed out (or when the worker ends), never under a test's open pages.
 */

export interface IsolatedSite extends SpawnedSite {
  /** Its own content service, whose faults only this test sees. */
  content: ContentfulStandIn;
  /** Its own events service, likewise. */
  events: EventsStandIn;
  /** Its own lead webhook (at `/hooks/leads`) and form mirror (at `/mirror`). */
  webhook: WebhookSink;
  /** Where it keeps its lead store. */
  dataDir: string;
}

interface PooledSite {
  key: string;
  site: SpawnedSite;
  content: ContentfulStandIn;
  events: EventsStandIn;
  webhook: WebhookSink;
  dataDir: string;
  /** Whether it takes the reset (no SITE_MODE=production). */
  reusable: boolean;
  /** What it printed before its first reset: its start-up log. */
  startup: string | null;
}

/** How many sites a worker keeps at once (each is a server process and three stand-ins). */
const MAX_KEPT_SITES = 3;

export class SitePool {
  /** Kept sites by setting, least recently used first. */
  private readonly kept = new Map<string, PooledSite>();
  /** Sites to stop before the next one is handed out. */
  private readonly retired: PooledSite[] = [];
  private readonly dataDirs: string[] = [];

  /**
   * A site for this setting, as it was when it started: a kept one, reset, or (`fresh`, or with
   * SITE_MODE=production) one started for this test alone.
   */
  async acquire(
    env: Record<string, string>,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<{ site: IsolatedSite; release(failed: boolean): void }> {
    await this.stopRetired();
    const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
    let pooled = fresh ? undefined : this.kept.get(key);
    this.kept.delete(key);
    if (pooled) {
      try {
        await reset(pooled);
      } catch (error) {
        // A site that cannot be reset is replaced, with what went wrong on the record.
        process.stderr.write(`A kept site could not be reset and is replaced: ${String(error)}\n`);
        this.retired.push(pooled);
        await this.stopRetired();
        pooled = undefined;
      }
    }
    if (!pooled) {
      while (this.kept.size >= MAX_KEPT_SITES) {
        const [oldest] = this.kept;
        this.kept.delete(oldest![0]);
        this.retired.push(oldest![1]);
      }
      await this.stopRetired();
      pooled = await this.start(key, env, fresh);
      if (pooled.reusable) await reset(pooled);
    }
    if (pooled.reusable) this.kept.set(key, pooled);
    else this.retired.push(pooled);

    const { site } = pooled;
    const from = site.output().length;
    const startup = pooled.startup ?? "";
    const retire = () => {
      if (this.kept.get(key) === pooled) {
        this.kept.delete(key);
        this.retired.push(pooled);
      }
    };
    const view: IsolatedSite = {
      url: site.url,
      port: site.port,
      pid: site.pid,
      content: pooled.content,
      events: pooled.events,
      webhook: pooled.webhook,
      dataDir: pooled.dataDir,
      output: () => (pooled.reusable ? startup + site.output().slice(from) : site.output()),
      exited: site.exited,
      stop: () => {
        retire();
        return site.stop();
      },
      kill: () => {
        retire();
        return site.kill();
      },
    };
    return {
      site: view,
      release: (failed) => {
        if (failed) retire();
      },
    };
  }

  /** Stops every site and stand-in, and removes their data (the worker ends). */
  async close(): Promise<void> {
    this.retired.push(...this.kept.values());
    this.kept.clear();
    await this.stopRetired();
    for (const dataDir of this.dataDirs.splice(0)) rmSync(dataDir, { recursive: true, force: true });
  }

  private async start(key: string, env: Record<string, string>, fresh: boolean): Promise<PooledSite> {
    const [content, events, webhook] = await Promise.all([
      startTestContentService(),
      startTestEventsService(),
      startWebhookSink({}),
    ]);
    const dataDir = mkdtempSync(path.join(tmpdir(), "hub-isolated-"));
    this.dataDirs.push(dataDir);
    const reusable = !fresh && env.SITE_MODE !== "production";
    try {
      const site = await spawnSite(
        {
          ...liveContentEnv(content),
          ...liveEventsEnv(events),
          LEAD_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
          LEAD_MIRROR_URL: `${webhook.url}/mirror`,
          DATA_DIR: dataDir,
          // Its forms are signed with the tests' secret, so a test can also post a form it did not
          // render (tests/support/form-token.ts).
          FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET,
          ...(reusable ? { TEST_RESET_ROUTE: "true" } : {}),
          ...env,
        },
        { register: false },
      );
      return { key, site, content, events, webhook, dataDir, reusable, startup: null };
    } catch (error) {
      await Promise.all([content.close(), events.close(), webhook.close()]);
      throw error;
    }
  }

  private async stopRetired(): Promise<void> {
    const stopping = this.retired.splice(0);
    await Promise.all(
      stopping.map(async ({ site, content, events, webhook }) => {
        await site.stop();
        await Promise.all([content.close(), events.close(), webhook.close()]);
      }),
    );
  }
}

/** Puts a kept site and its stand-ins back to how they started. */
async function reset(pooled: PooledSite): Promise<void> {
  const { site, content, events, webhook } = pooled;
  // First the stand-ins' rules, so nothing the site asks during its reset meets an earlier test's fault.
  content.faults.clear();
  content.restoreEntries();
  events.restoreEvents();
  events.faults.clear();
  webhook.faults.clear();
  webhook.failNext(0);
  pooled.startup ??= site.output();
  const response = await fetch(`${site.url}/__test/reset`, { method: "POST" });
  if (response.status !== 200) {
    throw new Error(`POST ${site.url}/__test/reset answered ${response.status}: ${await response.text()}`);
  }
  await response.arrayBuffer();
  // The worker was stopped during the reset, so nothing reaches the webhook after this.
  webhook.clear();
  webhook.faults.clear();
  content.faults.clear();
  events.faults.clear();
}
