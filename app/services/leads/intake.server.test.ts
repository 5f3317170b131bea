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
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const allowAll = () => ({ attempt: async () => ({ allowed: true as const }) });
const notCalled = async () => {
  throw new Error("not expected");
};

let dataDir: string;
let store: LeadStore;

beforeEach(async () => {
  clock = new Date("2026-03-05T12:00:00.000Z");
  log.info.mockClear();
  log.warn.mockClear();
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-intake-"));
  store = await openLeadStore({ dataDir, now: () => clock });
});

afterEach(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function intakeOn(onStored = vi.fn(), limit = 100) {
  const tokens = formTokens();
  const outcomes: string[] = [];
  return {
    tokens,
    onStored,
    outcomes,
    intake: createLeadIntake({
      store,
      formTokens: tokens,
      onStored,
      onOutcome: (outcome) => outcomes.push(outcome),
      limit,
      log,
      now: () => clock,
    }),
  };
}

/** A store whose every call but the ones given fails the test. */
const storeWith = (calls: Partial<Parameters<typeof createLeadIntake>[0]["store"]>) => ({
  create: notCalled,
  createOnce: notCalled,
  findSubmission: async () => null,
  findEnquiry: async () => null,
  countSameDetails: async () => 0,
  contactLimiter: allowAll,
  ...calls,
});

const person = (index: number): ContactSubmission => ({
  ...submission,
  name: `Person ${index}`,
  email: `person${index}@example.com`,
});

describe("lead intake", () => {
  it("stores a person's form, sent a while after it was rendered, and hands it to delivery", async () => {
    const { intake, onStored, outcomes } = intakeOn();
    const token = intake.newFormToken();
    advance(20_000);
    const result = await intake.submit("203.0.113.7", submission, { token, honeypot: "" });
    expect(result).toMatchObject({ status: "stored", outcome: "new", held: [] });
    expect(onStored).toHaveBeenCalledTimes(1);
    expect(await store.stats()).toMatchObject({ pending: 1, spam: 0 });
    expect(outcomes).toEqual(["stored"]);
  });

  it("holds what a person never does, with its reasons: stored, thanked as stored, never handed to delivery", async () => {
    const { intake, onStored, outcomes } = intakeOn();
    let bot = 0;
    /** A bot's post (of a form rendered 10 s before unless `token` is given), with details of its own. */
    const post = async (form: { token?: unknown; honeypot?: string }, name = "Sam Bot") => {
      const result = await intake.submit(
        "203.0.113.7",
        { ...submission, name, email: `bot${bot++}@example.com` },
        form,
      );
      if (result.status !== "stored") throw new Error(`not stored: ${result.status}`);
      expect(result.nextToken).toMatch(/^contact\./);
      expect(await store.get(result.id)).toMatchObject({ status: "spam", spamReason: result.held.join("; ") });
      return result.held;
    };
    const rendered = () => {
      const token = intake.newFormToken();
      advance(10_000);
      return token;
    };
    const forged = `contact.abc.${"0a".repeat(16)}.${"A".repeat(43)}`;

    expect(await post({})).toEqual(["form token missing"]);
    expect(await post({ token: "0123456789abcdef0123456789abcdef" })).toEqual(["form token missing"]);
    expect(await post({ token: forged })).toEqual(["form token forged"]);
    expect(await post({ token: rendered(), honeypot: "x" })).toEqual(["honeypot filled"]);
    expect(await post({ token: rendered() }, "Buy now at https://cheap.example")).toEqual(["a link in the name"]);
    expect(await post({ token: rendered() }, "www.cheap-meds.example")).toEqual(["a link in the name"]);
    expect(await post({ token: rendered() }, '<a href="x">Anna</a>')).toEqual(["a link in the name"]);
    expect(await post({ token: forged, honeypot: "x" })).toEqual(["honeypot filled", "form token forged"]);

    expect(onStored).not.toHaveBeenCalled();
    expect(await store.stats()).toMatchObject({ pending: 0, spam: 8 });
    expect(outcomes).toEqual(Array(8).fill("held"));
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /HELD as suspected spam, not delivered unless staff release it \(npm run leads -- release lead_[\w-]+\): form token forged\./,
      ),
    );
    expect(JSON.stringify([log.info.mock.calls, log.warn.mock.calls])).not.toContain("@example.com");
  });

  it("asks the visitor to confirm what a person may do now and then, stores nothing, and delivers the confirmed send", async () => {
    const { intake, tokens, onStored, outcomes } = intakeOn();
    /** Sends a form and, when asked, the same form again with the token of the answer: what a person does. */
    const sendAndConfirm = async (who: ContactSubmission, token: string, expectedSignals: string[]) => {
      const first = await intake.submit("203.0.113.7", who, { token });
      expect(first).toMatchObject({ status: "confirm", signals: expectedSignals });
      if (first.status !== "confirm") throw new Error("not asked to confirm");
      expect(await store.findSubmission(who, tokens.check(token, "contact").submissionId!)).toBeNull();
      // The confirmation is the same form: its submission id, and what it was asked about.
      const check = tokens.check(first.nextToken, "contact");
      expect(check).toMatchObject({ status: "valid", submissionId: tokens.check(token, "contact").submissionId });
      advance(1_000);
      const confirmed = await intake.submit("203.0.113.7", who, { token: first.nextToken });
      expect(confirmed).toMatchObject({ status: "stored", outcome: "new", held: [] });
      return (await store.get((confirmed as { id: string }).id))!;
    };

    // Autofilled and sent 1.5 s after the page came.
    let token = intake.newFormToken();
    advance(1_500);
    expect(await sendAndConfirm(person(1), token, ["fast"])).toMatchObject({
      status: "pending",
      confirmedReasons: "sent under 3 s after the page was rendered",
    });
    // A tab left open for over a week.
    token = intake.newFormToken();
    advance(8 * 24 * 60 * 60_000);
    expect(await sendAndConfirm(person(2), token, ["old"])).toMatchObject({
      confirmedReasons: "the page was rendered over 7 days before",
    });
    // Names with a word that only looks like a domain.
    for (const [index, name] of [
      "A.De Silva",
      "Kim Lee (Acme.io)",
      "Rahul Verma, B.Com",
      "Priya Nair B.Tech",
    ].entries()) {
      token = intake.newFormToken();
      advance(10_000);
      expect(await sendAndConfirm({ ...person(10 + index), name }, token, ["domain"])).toMatchObject({
        name,
        confirmedReasons: "a word in the name looks like a domain",
      });
    }
    expect(onStored).toHaveBeenCalledTimes(6);
    expect(outcomes.filter((outcome) => outcome === "confirm")).toHaveLength(6);
    expect(await store.stats()).toMatchObject({ pending: 6, spam: 0 });
  });

  it("measures the time rule from the page's render: a second enquiry right after a thanks is not too fast", async () => {
    const { intake } = intakeOn();
    const token = intake.newFormToken();
    advance(30_000);
    const first = await intake.submit("203.0.113.7", person(1), { token });
    if (first.status !== "stored") throw new Error(first.status);
    advance(2_600);
    const second = await intake.submit("203.0.113.7", person(2), { token: first.nextToken });
    expect(second).toMatchObject({ status: "stored", outcome: "new", held: [] });
  });

  it("folds the same details and interests into the lead of the last hour; other interests are another enquiry", async () => {
    const { intake, onStored, outcomes } = intakeOn();
    const send = async (interests: ContactSubmission["interests"]) => {
      const token = intake.newFormToken();
      advance(5_000);
      return intake.submit("203.0.113.7", { ...submission, interests }, { token });
    };
    const first = await send(["coworking-space", "think-lounge"]);
    expect(first).toMatchObject({ status: "stored", outcome: "new" });
    // The same enquiry from another form (the interests in another order): thanked, one lead.
    expect(await send(["think-lounge", "coworking-space"])).toMatchObject({
      status: "stored",
      outcome: "folded",
      id: (first as { id: string }).id,
    });
    expect(await send(["meeting-rooms"])).toMatchObject({ outcome: "new" });
    expect(await send(["private-offices"])).toMatchObject({ outcome: "new" });
    // The fourth different enquiry with the same details within the hour: asked, then delivered.
    const token = intake.newFormToken();
    advance(5_000);
    const fourth = await intake.submit("203.0.113.7", { ...submission, interests: ["partnership"] }, { token });
    expect(fourth).toMatchObject({ status: "confirm", signals: ["again"] });
    const confirmed = await intake.submit(
      "203.0.113.7",
      { ...submission, interests: ["partnership"] },
      { token: (fourth as { nextToken: string }).nextToken },
    );
    expect(confirmed).toMatchObject({ status: "stored", outcome: "new", held: [] });
    expect(onStored).toHaveBeenCalledTimes(4);
    expect(outcomes).toEqual(["stored", "folded", "stored", "stored", "confirm", "stored"]);
    // An hour later the same enquiry is a new one (a reminder).
    advance(60 * 60_000);
    expect(await send(["coworking-space", "think-lounge"])).toMatchObject({ outcome: "new" });
  });

  it("lets one form token carry three different leads, and holds the rest, resends aside", async () => {
    const { intake, onStored } = intakeOn();
    const token = intake.newFormToken();
    advance(10_000);
    const results = [];
    for (let index = 0; index < 6; index++)
      results.push(await intake.submit(`198.51.100.${index}`, person(index), { token }));
    expect(results.map((result) => (result as { held: string[] }).held)).toEqual([
      [],
      [],
      [],
      ["the form token already carried 3 leads"],
      ["the form token already carried 3 leads"],
      ["the form token already carried 3 leads"],
    ]);
    // A resend of one of the three is still that lead, not a fourth.
    expect(await intake.submit("198.51.100.9", person(1), { token })).toMatchObject({ outcome: "repeat" });
    expect(onStored).toHaveBeenCalledTimes(3);
    expect(await store.stats()).toMatchObject({ pending: 3, spam: 3 });
    // The confirmation of a used-up token is the same token: no way around the count.
    const asked = await intake.submit("198.51.100.7", { ...person(7), name: "Ann Lee (Acme.io)" }, { token });
    expect(asked).toMatchObject({ status: "confirm" });
    const confirmed = await intake.submit(
      "198.51.100.7",
      { ...person(7), name: "Ann Lee (Acme.io)" },
      { token: (asked as { nextToken: string }).nextToken },
    );
    expect(confirmed).toMatchObject({ status: "stored", held: ["the form token already carried 3 leads"] });
  });

  it("thanks a resend of a stored submission without storing it again or counting it against the limit", async () => {
    const { intake, onStored, outcomes } = intakeOn(vi.fn(), 1);
    const token = intake.newFormToken();
    advance(4_000);
    const first = await intake.submit("203.0.113.7", submission, { token });
    expect(first).toMatchObject({ status: "stored", outcome: "new" });
    for (let resend = 0; resend < 3; resend++) {
      expect(await intake.submit("203.0.113.7", submission, { token })).toMatchObject({
        status: "stored",
        outcome: "repeat",
        id: (first as { id: string }).id,
      });
    }
    expect(onStored).toHaveBeenCalledTimes(1);
    expect(await store.list()).toHaveLength(1);
    expect(outcomes).toEqual(["stored", "repeat", "repeat", "repeat"]);
    // The limit of one was used by the first send only: another form from the client is limited.
    expect(await intake.submit("203.0.113.7", person(2), { token: intake.newFormToken() })).toMatchObject({
      status: "limited",
    });
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining("was sent again with the same form"));
  });

  it("answers failed, never stored, when the store refuses the write", async () => {
    const onStored = vi.fn();
    const intake = createLeadIntake({
      store: storeWith({
        create: async () => {
          throw new Error("SQLITE_FULL: database or disk is full");
        },
      }),
      formTokens: formTokens(),
      onStored,
      limit: 5,
      log,
    });
    expect(await intake.submit("203.0.113.7", submission)).toEqual({ status: "failed" });
    expect(onStored).not.toHaveBeenCalled();
  });

  it("answers failed when the store cannot look up or count earlier submissions or the shared limit (the database is down)", async () => {
    const down = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    const tokens = formTokens();
    for (const broken of [
      { countSameDetails: down },
      { findSubmission: down },
      { findEnquiry: down },
      { contactLimiter: () => ({ attempt: down }) },
    ]) {
      const intake = createLeadIntake({
        store: storeWith(broken),
        formTokens: tokens,
        onStored: vi.fn(),
        limit: 5,
        log,
      });
      const token = tokens.issue("contact", { renderedAt: new Date(Date.now() - 60_000) });
      expect(await intake.submit("203.0.113.7", submission, { token }), Object.keys(broken)[0]).toEqual({
        status: "failed",
      });
    }
  });

  it("starts the contact counts afresh on resetLimit (the end-to-end tests' reset)", async () => {
    const intake = createLeadIntake({
      store: storeWith({
        create: async () =>
          ({ id: "lead_1", email: submission.email, phone: submission.phone, status: "spam" }) as never,
        contactLimiter: processContactLimiter,
      }),
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
      store: storeWith({
        create: async () =>
          ({ id: "lead_1", email: submission.email, phone: submission.phone, status: "spam" }) as never,
        contactLimiter: () => ({
          attempt: async (key: string) => {
            keys.push(key);
            return { allowed: true as const };
          },
        }),
      }),
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
