import type { LeadDelivery, LeadStore } from "~/services/leads";

/**
 * The end-to-end tests' reset, served as `POST /__test/reset` only when TEST_RESET_ROUTE=true (the
 * environment refuses that flag with SITE_MODE=production, and no other setting mounts the route): it
 * puts a running server back to how it started, so that one server can serve test after test, and no
 * test sees what an earlier one left: cached content, events, covers and pages (failed look-ups
 * included), the events token, the rate counters, and the stored leads.
 */

export interface TestResetParts {
  /** Stopped while the leads are deleted, so no delivery under way lands after the reset. */
  delivery: Pick<LeadDelivery, "start" | "stop">;
  store: Pick<LeadStore, "list" | "delete">;
  /** Everything else that is forgotten: caches, rate counters, tokens. */
  forget: (() => void)[];
}

export interface TestResetResult {
  leadsDeleted: number;
}

export function createTestReset({ delivery, store, forget }: TestResetParts): () => Promise<TestResetResult> {
  return async () => {
    await delivery.stop();
    let leadsDeleted = 0;
    try {
      for (const lead of await store.list()) leadsDeleted += await store.delete(lead.id);
      for (const clear of forget) clear();
    } finally {
      delivery.start();
    }
    return { leadsDeleted };
  };
}
