import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactSubmission } from "~/domain/contact";
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
    expect(await post({ token: "0123456789abcdef0123456789abcdef" })).toEqual(["form token forged"]);
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
    /** Sends a form and, when asked, the same form again with the answer's token: what a person does. */
    const sendAndConfirm = async (who: ContactSubmission, token: string, expectedSignals: string[]) => {
      const first = await intake.submit("203.0.113.7", who, { token });
      expect(first).toMatchObject({ status: "confirm", signals: expectedSignals });
      if (first.status !== "confirm") throw new Error("not asked to confirm");
      const { submissionId } = tokens.check(token, "contact") as { submissionId: string };
      expect(await store.findSubmission(who, submissionId)).toBeNull();
      // A token of the same page (its root and time) that confirms what was asked for these details.
      const page = tokens.check(token, "contact") as { root: string; renderedAt: Date };
      expect(first.nextToken).not.toBe(token);
      expect(tokens.check(first.nextToken, "contact")).toMatchObject({ root: page.root, renderedAt: page.renderedAt });
      advance(1_000);
      // The page's own token again is asked again: the answer's token is what confirms.
      expect(await intake.submit("203.0.113.7", who, { token })).toMatchObject({ status: "confirm" });
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
    expect(outcomes.filter((outcome) => outcome === "confirm")).toHaveLength(12);
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
    const { nextToken } = fourth as { nextToken: string };
    const confirmed = await intake.submit(
      "203.0.113.7",
      { ...submission, interests: ["partnership"] },
      { token: nextToken },
    );
    expect(confirmed).toMatchObject({ status: "stored", outcome: "new", held: [] });
    expect(onStored).toHaveBeenCalledTimes(4);
    expect(outcomes).toEqual(["stored", "folded", "stored", "stored", "confirm", "stored"]);
    // An hour later the same enquiry is a new one (a reminder).
    advance(60 * 60_000);
    expect(await send(["coworking-space", "think-lounge"])).toMatchObject({ outcome: "new" });
  });

  it("lets one page carry three different leads, and holds the rest, resends aside", async () => {
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
    // The confirmation of a used-up page is the same form: no way around the count.
    const asked = await intake.submit("198.51.100.7", { ...person(7), name: "Ann Lee (Acme.io)" }, { token });
    expect(asked).toMatchObject({ status: "confirm" });
    const { nextToken } = asked as { nextToken: string };
    const confirmed = await intake.submit(
      "198.51.100.7",
      { ...person(7), name: "Ann Lee (Acme.io)" },
      { token: nextToken },
    );
    expect(confirmed).toMatchObject({ status: "stored", held: ["the form token already carried 3 leads"] });
  });

  it("counts the page, not the token, for a patient bot that sends each answer's next token", async () => {
    const { intake, onStored } = intakeOn();
    let token = intake.newFormToken();
    const held: string[][] = [];
    for (let index = 0; index < 8; index++) {
      advance(10_000);
      const result = await intake.submit(`198.51.100.${index}`, person(index), { token });
      if (result.status !== "stored") throw new Error(result.status);
      held.push(result.held);
      token = result.nextToken;
    }
    expect(held.filter((reasons) => reasons.length === 0)).toHaveLength(3);
    expect(held.slice(3)).toEqual(Array(5).fill(["the form token already carried 3 leads"]));
    expect(onStored).toHaveBeenCalledTimes(3);
    // A person who loads the page again has a page of their own.
    advance(10_000);
    expect(await intake.submit("198.51.100.99", person(99), { token: intake.newFormToken() })).toMatchObject({
      status: "confirm",
    });
  });

  it("answers a post held for a missing or forged token with a token whose posts are held too", async () => {
    const { intake, onStored } = intakeOn();
    const forged = `contact.abc.${"0a".repeat(16)}.${"A".repeat(43)}`;
    for (const first of [undefined, forged]) {
      let token: unknown = first;
      for (let index = 0; index < 4; index++) {
        advance(10_000);
        const result = await intake.submit("198.51.100.1", person(index), { token });
        if (result.status !== "stored") throw new Error(result.status);
        expect(result.held).toHaveLength(1);
        expect(result.nextToken).toMatch(/^contact\.[0-9a-z]+\.[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
        token = result.nextToken;
      }
    }
    expect(onStored).not.toHaveBeenCalled();
    const reasons = (await store.list("spam")).map((lead) => lead.spamReason);
    expect(reasons.sort()).toEqual(
      [
        "form token missing",
        "form token forged",
        ...Array(6).fill("the form token answered a post held for a missing or forged token"),
      ].sort(),
    );
  });

  it("never keys a forged token's id: a person's own send with that id is delivered, not a repeat", async () => {
    const { intake, tokens, onStored } = intakeOn();
    const token = intake.newFormToken();
    const [form, time, id] = token.split(".") as [string, string, string];
    // A bot sends the person's details with the person's submission id under a made-up signature.
    const forged = `${form}.${time}.${id}.${"B".repeat(43)}`;
    expect(tokens.check(forged, "contact")).toEqual({ status: "forged" });
    advance(10_000);
    expect(await intake.submit("203.0.113.66", submission, { token: forged })).toMatchObject({
      held: ["form token forged"],
    });
    expect(await intake.submit("203.0.113.7", submission, { token })).toMatchObject({
      status: "stored",
      outcome: "new",
      held: [],
    });
    expect(onStored).toHaveBeenCalledTimes(1);
  });

  it("confirms the signals for the details it was issued for: other details on that token are judged afresh", async () => {
    const { intake, onStored } = intakeOn();
    const token = intake.newFormToken();
    advance(10_000);
    const asked = await intake.submit("203.0.113.7", { ...person(1), name: "A.De Silva" }, { token });
    const confirming = (asked as { nextToken: string }).nextToken;
    expect(asked).toMatchObject({ status: "confirm", signals: ["domain"] });
    // The confirming token sent with another domain-like name, or with other details: asked again.
    for (const other of [
      { ...person(1), name: "cheap-meds.shop" },
      { ...person(2), name: "A.De Silva" },
    ]) {
      expect(await intake.submit("203.0.113.7", other, { token: confirming })).toMatchObject({
        status: "confirm",
        signals: ["domain"],
      });
    }
    expect(onStored).not.toHaveBeenCalled();
    // A signal it was not issued for is asked about, even on those details (the page grown a week old).
    advance(8 * 24 * 60 * 60_000);
    const askedAgain = await intake.submit("203.0.113.7", { ...person(1), name: "A.De Silva" }, { token: confirming });
    expect(askedAgain).toMatchObject({ status: "confirm", signals: ["old", "domain"] });
    // The details and signals it was issued for: delivered, with what was confirmed.
    const delivered = await intake.submit(
      "203.0.113.7",
      { ...person(1), name: "A.De Silva" },
      { token: (askedAgain as { nextToken: string }).nextToken },
    );
    expect(delivered).toMatchObject({ status: "stored", outcome: "new", held: [] });
    expect(await store.get((delivered as { id: string }).id)).toMatchObject({
      confirmedReasons: "the page was rendered over 7 days before; a word in the name looks like a domain",
    });
    expect(onStored).toHaveBeenCalledTimes(1);
  });

  it("takes the confirming five-part token of the release before as that release did", async () => {
    const { intake, onStored } = intakeOn();
    const payload = `contact.${clock.getTime().toString(36)}.${"c".repeat(32)}.d`;
    const legacy = `${payload}.${createHmac("sha256", "intake-test-secret-0000000000000").update(payload).digest("base64url")}`;
    // Sent a second after that release's answer: "fast" too, which that release never asked again.
    advance(1_000);
    expect(await intake.submit("203.0.113.7", { ...person(1), name: "A.De Silva" }, { token: legacy })).toMatchObject({
      status: "stored",
      outcome: "new",
      held: [],
    });
    expect(onStored).toHaveBeenCalledTimes(1);
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
