import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactSubmission } from "~/lib/contact";
import { createFormTokens } from "./form-token.server.ts";
import { createLeadIntake } from "./intake.server.ts";
import { openLeadStore } from "./open-store.server.ts";
import { type LeadStore, processContactLimiter } from "./store.server.ts";

const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Event",
};

let clock: Date;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const formTokens = () => createFormTokens({ secrets: ["intake-test-secret-0000000000000"], now: () => clock });
const log = { info: vi.fn(), error: vi.fn() };
const allowAll = () => ({ attempt: async () => ({ allowed: true as const }) });
const notCalled = async () => {
  throw new Error("not expected");
};

let dataDir: string;
let store: LeadStore;

beforeEach(async () => {
  clock = new Date("2026-03-05T12:00:00.000Z");
  log.info.mockClear();
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-intake-"));
  store = await openLeadStore({ dataDir, now: () => clock });
});

afterEach(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function intakeOn(onStored = vi.fn()) {
  const tokens = formTokens();
  return {
    tokens,
    onStored,
    intake: createLeadIntake({ store, formTokens: tokens, onStored, limit: 100, log, now: () => clock }),
  };
}

describe("lead intake", () => {
  it("stores a person's form, sent a while after it was rendered, and hands it to delivery", async () => {
    const { intake, onStored } = intakeOn();
    const token = intake.newFormToken();
    advance(20_000);
    const result = await intake.submit("203.0.113.7", submission, { token, honeypot: "" });
    expect(result).toMatchObject({ status: "stored", spamReasons: [] });
    expect(onStored).toHaveBeenCalledTimes(1);
    expect(await store.stats()).toMatchObject({ pending: 1, spam: 0 });
  });

  it("holds suspected spam with its reasons: stored, answered as stored, never handed to delivery", async () => {
    const { intake, onStored } = intakeOn();
    let bot = 0;
    /** A bot's post of a form rendered `ageMs` before (or of `token`), with details of its own. */
    const post = async (form: { token?: unknown; honeypot?: string }, name = "Sam Bot") => {
      const result = await intake.submit(
        "203.0.113.7",
        { ...submission, name, email: `bot${bot++}@example.com` },
        form,
      );
      if (result.status !== "stored") throw new Error(`not stored: ${result.status}`);
      expect(await store.get(result.id)).toMatchObject({ status: "spam", spamReason: result.spamReasons.join("; ") });
      return result.spamReasons;
    };
    const renderedAgo = (ms: number) => {
      const token = intake.newFormToken();
      advance(ms);
      return token;
    };
    const forged = `contact.abc.${"0a".repeat(16)}.${"A".repeat(43)}`;

    expect(await post({})).toEqual(["form token missing"]);
    expect(await post({ token: forged })).toEqual(["form token forged"]);
    expect(await post({ token: renderedAgo(1_200) })).toEqual(["sent 1.2 s after the form was rendered (under 3.0 s)"]);
    expect(await post({ token: renderedAgo(8 * 24 * 60 * 60_000) })).toEqual([
      expect.stringMatching(/^form token older than 7 days \(rendered /),
    ]);
    expect(await post({ token: renderedAgo(10_000), honeypot: "x" })).toEqual(["honeypot filled"]);
    expect(await post({ token: renderedAgo(10_000) }, "Buy now at cheap.shop")).toEqual(["a link in the name"]);
    expect(await post({ token: forged, honeypot: "x" })).toEqual(["honeypot filled", "form token forged"]);

    expect(onStored).not.toHaveBeenCalled();
    expect(await store.stats()).toMatchObject({ pending: 0, spam: 7 });
    expect(log.info).toHaveBeenCalledWith(
      expect.stringContaining("held as suspected spam, not delivered unless staff release it: form token forged."),
    );
    expect(JSON.stringify(log.info.mock.calls)).not.toContain("@example.com");
  });

  it("holds the fourth submission id with the same details within an hour, not a resend of one of them", async () => {
    const { intake, onStored } = intakeOn();
    const send = async () => {
      const token = intake.newFormToken();
      advance(5_000);
      return { token, result: await intake.submit("203.0.113.7", submission, { token }) };
    };
    for (let index = 0; index < 3; index++) expect((await send()).result).toMatchObject({ spamReasons: [] });
    const fourth = await send();
    expect(fourth.result).toMatchObject({ spamReasons: ["the same details from 4 submission ids within 60 minutes"] });
    // The fourth form sent again is the same submission: answered as stored, still one held lead.
    const again = await intake.submit("203.0.113.7", submission, { token: fourth.token });
    expect(again).toEqual({ status: "stored", id: (fourth.result as { id: string }).id, spamReasons: [] });
    expect(onStored).toHaveBeenCalledTimes(3);
    advance(60 * 60_000);
    expect((await send()).result).toMatchObject({ spamReasons: [] });
    expect(await store.stats()).toMatchObject({ pending: 4, spam: 1 });
  });

  it("thanks a repeat of a stored submission without storing it or handing it to delivery again", async () => {
    const { intake, onStored } = intakeOn();
    const token = intake.newFormToken();
    advance(4_000);
    const first = await intake.submit("203.0.113.7", submission, { token });
    expect(first).toMatchObject({ status: "stored" });
    expect(await intake.submit("203.0.113.7", submission, { token })).toEqual(first);
    expect(onStored).toHaveBeenCalledTimes(1);
    expect(await store.list()).toHaveLength(1);
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining("sent again with the same submission id"));
  });

  it("answers failed, never stored, when the store refuses the write", async () => {
    const onStored = vi.fn();
    const intake = createLeadIntake({
      store: {
        create: async () => {
          throw new Error("SQLITE_FULL: database or disk is full");
        },
        createOnce: notCalled,
        countSameDetails: async () => 0,
        contactLimiter: allowAll,
      },
      formTokens: formTokens(),
      onStored,
      limit: 5,
      log,
    });
    expect(await intake.submit("203.0.113.7", submission)).toEqual({ status: "failed" });
    expect(onStored).not.toHaveBeenCalled();
  });

  it("answers failed when the store cannot count earlier submissions or the shared limit (the database is down)", async () => {
    const down = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    for (const broken of [{ countSameDetails: down }, { contactLimiter: () => ({ attempt: down }) }]) {
      const intake = createLeadIntake({
        store: {
          create: notCalled,
          createOnce: notCalled,
          countSameDetails: async () => 0,
          contactLimiter: allowAll,
          ...broken,
        },
        formTokens: formTokens(),
        onStored: vi.fn(),
        limit: 5,
        log,
      });
      expect(await intake.submit("203.0.113.7", submission)).toEqual({ status: "failed" });
    }
  });

  it("starts the contact counts afresh on resetLimit (the end-to-end tests' reset)", async () => {
    const intake = createLeadIntake({
      store: {
        create: async () =>
          ({ id: "lead_1", email: submission.email, phone: submission.phone, status: "pending" }) as never,
        createOnce: notCalled,
        countSameDetails: async () => 0,
        contactLimiter: processContactLimiter,
      },
      formTokens: formTokens(),
      onStored: vi.fn(),
      limit: 1,
      log,
    });
    expect(await intake.submit("203.0.113.7", submission)).toMatchObject({ status: "stored" });
    expect(await intake.submit("203.0.113.7", submission)).toMatchObject({ status: "limited" });
    intake.resetLimit();
    expect(await intake.submit("203.0.113.7", submission)).toMatchObject({ status: "stored" });
  });

  it("counts IPv6 visitors by their /64", async () => {
    const keys: string[] = [];
    const intake = createLeadIntake({
      store: {
        create: async () =>
          ({ id: "lead_1", email: submission.email, phone: submission.phone, status: "pending" }) as never,
        createOnce: notCalled,
        countSameDetails: async () => 0,
        contactLimiter: () => ({
          attempt: async (key: string) => {
            keys.push(key);
            return { allowed: true as const };
          },
        }),
      },
      formTokens: formTokens(),
      onStored: vi.fn(),
      limit: 5,
      log,
    });
    await intake.submit("2001:db8:85a3:42::1", submission);
    await intake.submit("2001:db8:85a3:42:ffff::2", submission);
    expect(keys).toEqual(["2001:db8:85a3:42::/64", "2001:db8:85a3:42::/64"]);
  });
});
