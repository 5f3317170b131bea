import { spawnSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  contactConfirmMessage,
  contactFailureMessage,
  contactMessages,
  contactRateLimitMessage,
} from "../../app/domain/contact";
import { expect, type IsolatedSite, test, waitForHydration } from "./support/fixtures";
import { closedAddress, startProxy } from "./support/proxy";
import { spawnSite } from "./support/spawn-site";
import { personStillTypingMs, renderedAt, renderedFormToken, TEST_FORM_TOKEN_SECRET } from "../support/form-token.ts";
import { readinessOf } from "../support/readiness.ts";

/** /contact and the lead pipeline (docs/leads.md): validation, delivery, recovery, limits and refusals. */

const lead = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Friend or Colleague",
};

async function fill(page: Page, values: Partial<typeof lead> = lead) {
  const form = page.locator("main form");
  if (values.name !== undefined) await form.getByLabel("Name").fill(values.name);
  if (values.email !== undefined) await form.getByLabel("Email").fill(values.email);
  if (values.phone !== undefined) await form.getByLabel("Phone").fill(values.phone);
  for (const interest of values.interests ?? []) {
    await form.locator(`input[name="interests"][value="${interest}"]`).check();
  }
  if (values.referralSource) await form.getByLabel("How did you hear about us?").selectOption(values.referralSource);
}

const send = (page: Page) =>
  page
    .locator("main form")
    .getByRole("button", { name: /Send Message|Sending/ })
    .click();

/** Sends the form as a person does: not within 3 s of its rendering (that is taken for a bot's). */
async function sendAsAPerson(page: Page) {
  await page.waitForTimeout(personStillTypingMs(renderedAt(await submissionId(page))));
  await send(page);
}

/** A signed form token: which form, rendered when, and the submission id inside it. */
const FORM_TOKEN = /^contact\.[0-9a-z]+\.[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/;

function storedLeadsIn(dataDir: string): { id: string; status: string }[] {
  const result = spawnSync(process.execPath, ["scripts/leads.ts", "list", "--json"], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return JSON.parse(result.stdout || "[]");
}

const storedLeads = (site: IsolatedSite) => storedLeadsIn(site.dataDir);

const webhookPosts = (site: IsolatedSite) => site.webhook.received().filter((post) => post.path === "/hooks/leads");

/** The form's hidden submission id (one per filled-in form; the store keeps one lead per submission). */
const submissionId = (page: Page) => page.locator('main form input[type="hidden"][name="submissionId"]').inputValue();

test.describe("validation in the browser", () => {
  test("the page has its heading, the form and the cards; the first problem in the checks' order is announced, focused and sent to analytics", async ({
    page,
  }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in Touch");
    const main = page.getByRole("main");
    await expect(main.getByText("118 Foundry Lane")).toBeVisible();
    await expect(main.getByText("Batesville, AR 72501")).toBeVisible();
    await expect(main.getByRole("link", { name: "(870) 555-0142" })).toHaveAttribute("href", "tel:+18705550142");
    await expect(main.getByRole("link", { name: "hello@ozarkfoundry.example" })).toHaveAttribute(
      "href",
      "mailto:hello@ozarkfoundry.example",
    );
    const form = page.locator("main form");
    for (const label of ["Name", "Email", "Phone", "How did you hear about us?"]) {
      await expect(form.getByLabel(label)).toHaveAttribute("required", "");
    }
    await expect(form.getByLabel("How did you hear about us?").locator("option").first()).toHaveText(
      "Select an option",
    );
    await expect(form.locator('input[name="interests"]')).toHaveCount(6);
    await expect(form.locator('input[name="bot-field"]')).toBeHidden();

    const alert = page.locator("main form").getByRole("alert");
    const steps: [Partial<typeof lead>, string, string][] = [
      [{ name: "   " }, contactMessages.name, "Name"],
      [{ name: lead.name, email: "not-an-email" }, contactMessages.email, "Email"],
      [{ email: lead.email, phone: "call me maybe" }, contactMessages.phone, "Phone"],
      [{ phone: lead.phone }, contactMessages.interests, ""],
    ];
    for (const [values, message, label] of steps) {
      await fill(page, values);
      await send(page);
      await expect(alert).toHaveText(message);
      if (label) {
        await expect(page.locator("main form").getByLabel(label)).toBeFocused();
        await expect(page.locator("main form").getByLabel(label)).toHaveAttribute("aria-invalid", "true");
      }
    }
    const events = await page.evaluate(() => JSON.stringify(window.dataLayer));
    for (const [, message] of steps) expect(events).toContain(message);
  });

  test("the checks load when the form is first used, not with the page; a form sent before still is checked here", async ({
    page,
  }) => {
    const checksChunk = /\/assets\/contact-checks-[\w-]+\.js$/;
    const requested: string[] = [];
    page.on("request", (request) => requested.push(`${request.method()} ${request.url()}`));
    await page.goto("/contact");
    await waitForHydration(page);
    expect(requested.filter((request) => checksChunk.test(request))).toEqual([]);

    // Sent as the page rendered it: the checks' answer came with the page, so it shows while their
    // module (asked for as focus moves into the form) is still held.
    let releaseChecks = () => {};
    const checksReleased = new Promise<void>((resolve) => {
      releaseChecks = resolve;
    });
    await page.route(checksChunk, async (route) => {
      await checksReleased;
      await route.continue();
    });
    const form = page.locator("main form");
    await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
    await expect(form.getByRole("alert")).toHaveText(contactMessages.name);
    await expect(form.getByLabel("Name")).toBeFocused();
    expect(
      requested.filter((request) => request.startsWith("POST")),
      "the server was not asked",
    ).toEqual([]);
    releaseChecks();

    // A field changed with no focus or pointer on the form: the checks load, then run, and nothing is posted.
    await form.evaluate((element: HTMLFormElement) => {
      (element.elements.namedItem("name") as HTMLInputElement).value = "Ada Lovelace";
      element.requestSubmit();
    });
    await expect(form.getByRole("alert")).toHaveText(contactMessages.email);
    await expect(form.getByLabel("Email")).toBeFocused();
    expect(requested.filter((request) => checksChunk.test(request))).toHaveLength(1);
    expect(requested.filter((request) => request.startsWith("POST"))).toEqual([]);

    // A new page: focusing a field starts the loading, before anything is sent.
    await page.reload();
    await waitForHydration(page);
    const loading = page.waitForRequest(checksChunk);
    await page.locator("main form").getByLabel("Name").focus();
    await loading;
  });

  test("when the checks cannot load, the server checks the form and answers with the same message", async ({
    page,
    allowConsoleErrors,
  }) => {
    // Each use of the form tries the checks again; the server's refusal of the invalid form is a 400.
    allowConsoleErrors(/ERR_CONNECTION_RESET|status of 400/);
    await page.route(/\/assets\/contact-checks-[\w-]+\.js$/, (route) => route.abort("connectionreset"));
    await page.goto("/contact");
    await waitForHydration(page);
    await fill(page, { name: lead.name, email: "not-an-email" });
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await send(page);
    await posted;
    await expect(page.locator("main form").getByRole("alert")).toHaveText(contactMessages.email);
    await expect(page.locator("main form").getByLabel("Email")).toBeFocused();
    await expect(page.locator("main form").getByLabel("Email")).toHaveValue("not-an-email");
  });

  test("when the checks' request never answers, the form says 'Sending...', then the server checks it", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 400/); // the server's refusal of the invalid form
    // The page's clock, moved on by hand past the form's wait for its checks (4 s).
    await page.clock.install();
    await page.route(/\/assets\/contact-checks-[\w-]+\.js$/, () => {}); // held: never answered
    await page.goto("/contact");
    await waitForHydration(page);
    await fill(page, { name: lead.name, email: "not-an-email" });
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await send(page);
    await expect(page.locator("main form").getByRole("button", { name: "Sending..." })).toBeDisabled();
    await page.clock.fastForward(4_000);
    await posted;
    await expect(page.locator("main form").getByRole("alert")).toHaveText(contactMessages.email);
    await expect(page.locator("main form").getByLabel("Email")).toBeFocused();
    await expect(page.locator("main form").getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});

/**
 * What the form shows after an answer not the action's own: the failure message (docs/leads.md#intake),
 * what was typed kept (and the same submission id, so sending it again is one lead should the first
 * have been stored after all), and 'Submission Failed' recorded.
 */
async function expectFailureShown(page: Page, sentWith: string): Promise<void> {
  const form = page.locator("main form");
  await expect(form.getByRole("alert")).toHaveText(contactFailureMessage);
  expect(await submissionId(page)).toBe(sentWith);
  await expect(page.getByText("Something went wrong.")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in Touch");
  await expect(form.getByLabel("Name")).toHaveValue(lead.name);
  await expect(form.getByLabel("Email")).toHaveValue(lead.email);
  await expect(form.getByLabel("Phone")).toHaveValue(lead.phone);
  for (const interest of lead.interests) {
    await expect(form.locator(`input[name="interests"][value="${interest}"]`)).toBeChecked();
  }
  await expect(form.getByLabel("How did you hear about us?")).toHaveValue(lead.referralSource);
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  const events = await page.evaluate(() => JSON.stringify(window.dataLayer));
  expect(events).toContain("Submission Failed");
}

/** Send is answered with `status` by what stands before the action: the failure shown, nothing stored. */
async function expectRefused(page: Page, site: IsolatedSite, status: number, sentWith: string): Promise<void> {
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await send(page);
  expect((await answered).status()).toBe(status);
  await expectFailureShown(page, sentWith);
  expect(storedLeads(site)).toEqual([]);
}

test.describe("answers that are not the action's own, from real servers", () => {
  // Chromium reports the refused request itself in the console.
  test.beforeEach(({ allowConsoleErrors }) => allowConsoleErrors(/Failed to load resource/));

  test("403: behind a proxy that does not pass the visitor's Host on, the site refuses the post as cross-site", async ({
    page,
    isolatedSite,
  }) => {
    const proxy = await startProxy(isolatedSite.url, { passHost: false });
    try {
      await page.goto(`${proxy.url}/contact`);
      await waitForHydration(page);
      const sentWith = await submissionId(page);
      await fill(page);
      await expectRefused(page, isolatedSite, 403, sentWith);
    } finally {
      await proxy.close();
    }
  });

  test("413: a body over 16 KB is refused before the action runs", async ({ page, isolatedSite }) => {
    await page.goto(`${isolatedSite.url}/contact`);
    await waitForHydration(page);
    const sentWith = await submissionId(page);
    await fill(page);
    // The hidden honeypot field is sent with the form like any other.
    await page.locator('main form input[name="bot-field"]').evaluate((input: HTMLInputElement) => {
      input.value = "x".repeat(17 * 1024);
    });
    await expectRefused(page, isolatedSite, 413, sentWith);
  });

  test("502: the proxy in front of the site cannot reach it", async ({ page, isolatedSite }) => {
    const proxy = await startProxy(isolatedSite.url);
    try {
      await page.goto(`${proxy.url}/contact`);
      await waitForHydration(page);
      const sentWith = await submissionId(page);
      await fill(page);
      proxy.upstream = await closedAddress();
      await expectRefused(page, isolatedSite, 502, sentWith);
    } finally {
      await proxy.close();
    }
  });

  test("the network going away", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/net::ERR_/);
    await page.route("**/contact.data*", (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.continue(),
    );
    await page.goto("/contact");
    await waitForHydration(page);
    const sentWith = await submissionId(page);
    await fill(page);
    await send(page);
    await expectFailureShown(page, sentWith);
  });
});

/**
 * A send a person may make but a bot often does (here: a name with a word like a domain) is not
 * stored: the form comes back as it was sent, with a question that is announced and focused, and
 * pressing Send again delivers it (docs/leads.md, "Spam"). Sent the moment the page is there, so with
 * JavaScript the tap comes before hydration.
 */
for (const javaScript of [true, false]) {
  test.describe(`asked to confirm, ${javaScript ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("the form keeps what was typed, the question is announced and focused, and Send again delivers it", async ({
      page,
      isolatedSite,
    }) => {
      await page.goto(`${isolatedSite.url}/contact`, { waitUntil: "domcontentloaded" });
      const person = { ...lead, name: "Kim Lee (Acme.io)" };
      await fill(page, person);
      const token = await submissionId(page);
      await send(page);
      const question = page.getByRole("alert").filter({ hasText: contactConfirmMessage });
      await expect(question).toBeVisible({ timeout: 15_000 });
      await expect(question).toBeFocused();
      const form = page.locator("main form");
      await expect(form.getByLabel("Name")).toHaveValue(person.name);
      await expect(form.getByLabel("Email")).toHaveValue(lead.email);
      await expect(form.getByLabel("Phone")).toHaveValue(lead.phone);
      for (const interest of lead.interests) await expect(form.locator(`input[value="${interest}"]`)).toBeChecked();
      await expect(form.getByLabel("How did you hear about us?")).toHaveValue(lead.referralSource);
      // Nothing stored yet; the form now carries a token of the same page (its root and time) that
      // confirms what was asked for these details.
      expect(storedLeads(isolatedSite)).toEqual([]);
      const confirming = await submissionId(page);
      expect(confirming).toMatch(/^contact\.[0-9a-z]+\.[0-9a-f]{32}\.[\w-]{43}$/);
      expect(confirming).not.toBe(token);
      expect(confirming.split(".").slice(0, 2)).toEqual(token.split(".").slice(0, 2));
      expect(confirming.split(".")[2]!.slice(0, 16)).toBe(token.split(".")[2]!.slice(0, 16));
      await send(page);
      await expect(page.getByText("Thank you for your submission! We will be in touch soon.")).toBeVisible();
      await expect
        .poll(() => webhookPosts(isolatedSite).map((post) => post.body))
        .toEqual([
          {
            name: person.name,
            email: lead.email,
            phone: lead.phone,
            interests: lead.interests,
            referralSource: lead.referralSource,
          },
        ]);
      const stored = spawnSync(process.execPath, ["scripts/leads.ts", "list", "--json"], {
        env: { ...process.env, DATA_DIR: isolatedSite.dataDir },
        encoding: "utf8",
      });
      expect(JSON.parse(stored.stdout)).toMatchObject([
        { status: "delivered", confirmedReasons: expect.stringContaining("a word in the name looks like a domain") },
      ]);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server checks in the same order and keeps what was typed", async ({ page, allowConsoleErrors }) => {
    // Six pages rendered by the server in turn: on a busy machine that takes most of the default 30 s.
    test.slow();
    allowConsoleErrors(/status of 400/);
    await page.goto("/contact");
    const alert = page.getByRole("alert");
    await fill(page, { name: " ", email: "nope", phone: "call me", interests: ["partnership"] });
    await send(page);
    await expect(alert).toHaveText(contactMessages.name);
    await page.getByLabel("Name").fill(lead.name);
    await send(page);
    await expect(alert).toHaveText(contactMessages.email);
    await expect(page.getByLabel("Name")).toHaveValue(lead.name);
    await expect(page.getByLabel("Phone")).toHaveValue("call me");
    await expect(page.locator('input[value="partnership"]')).toBeChecked();
    await page.getByLabel("Email").fill(lead.email);
    await send(page);
    await expect(alert).toHaveText(contactMessages.phone);
    await page.getByLabel("Phone").fill(lead.phone);
    await page.locator('input[value="partnership"]').uncheck();
    await send(page);
    await expect(alert).toHaveText(contactMessages.interests);
    await page.locator('input[value="partnership"]').check();
    await send(page);
    await expect(alert).toHaveText(contactMessages.referralSource);
  });

  test("a valid submission is received", async ({ page, isolatedSite }) => {
    await page.goto(`${isolatedSite.url}/contact`);
    await fill(page);
    await sendAsAPerson(page);
    await expect(page.getByText("Thank you for your submission! We will be in touch soon.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect.poll(() => webhookPosts(isolatedSite).length).toBe(1);
  });

  test("the server gives the form a submission id of its own, keeps it through a refusal and makes a new one after success", async ({
    page,
    isolatedSite,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 400/);
    await page.goto(`${isolatedSite.url}/contact`);
    const first = await submissionId(page);
    expect(first).toMatch(FORM_TOKEN);
    await page.reload();
    const rendered = await submissionId(page);
    expect(rendered).toMatch(FORM_TOKEN);
    expect(rendered, "every rendered form has its own id (the page is never sent from the page cache)").not.toBe(first);

    await fill(page, { ...lead, name: "Jordan\tReyes" });
    await send(page);
    await expect(page.getByRole("alert")).toHaveText(contactMessages.nameControlCharacters);
    expect(await submissionId(page)).toBe(rendered);
    await page.getByLabel("Name").fill(lead.name);
    await sendAsAPerson(page);
    await expect(page.getByText("Thank you for your submission! We will be in touch soon.")).toBeVisible();
    const next = await submissionId(page);
    expect(next).toMatch(FORM_TOKEN);
    expect(next).not.toBe(rendered);
    expect(storedLeads(isolatedSite)).toHaveLength(1);
  });

  test("the same form sent again (a resend, the back button) is one lead; the same enquiry from another form folds into it; another enquiry is another lead", async ({
    request,
    isolatedSite,
  }) => {
    const form = { ...lead, interests: lead.interests[0]!, "bot-field": "", submissionId: renderedFormToken() };
    const thanked = async (fields: typeof form) => {
      const response = await request.post(`${isolatedSite.url}/contact`, { form: fields });
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain("Thank you for your submission!");
    };
    for (let send = 0; send < 3; send++) await thanked(form);
    await thanked({ ...form, submissionId: renderedFormToken() });
    expect(storedLeads(isolatedSite)).toHaveLength(1);
    await thanked({ ...form, interests: "partnership", submissionId: renderedFormToken() });
    expect(storedLeads(isolatedSite)).toHaveLength(2);
    await expect.poll(() => webhookPosts(isolatedSite).length).toBe(2);
  });
});

test.describe("the lead pipeline", () => {
  test("success: 'Sending...', the message, cleared fields; the webhook gets exactly the five fields, then the mirror", async ({
    page,
    isolatedSite,
  }) => {
    await page.goto(`${isolatedSite.url}/contact`);
    await waitForHydration(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/contact.data*", async (route) => {
      await held;
      await route.continue();
    });
    const sentWith = await submissionId(page);
    await fill(page);
    await sendAsAPerson(page);
    const button = page.locator("main form").getByRole("button", { name: "Sending..." });
    await expect(button).toBeDisabled();
    // The form as it stands when the thanks is drawn: emptied, with its new token, in the same frame (a
    // visitor who starts on the next enquiry at once loses nothing to a reset that comes later).
    const atThanks = page.evaluate(
      () =>
        new Promise<{ name: string; checked: number; submissionId: string }>((resolve) => {
          const form = document.querySelector<HTMLFormElement>("main form")!;
          new MutationObserver((_, observer) => {
            if (!form.querySelector('[role="status"]')) return;
            observer.disconnect();
            resolve({
              name: form.querySelector<HTMLInputElement>('input[name="name"]')!.value,
              checked: form.querySelectorAll('input[name="interests"]:checked').length,
              submissionId: form.querySelector<HTMLInputElement>('input[name="submissionId"]')!.value,
            });
          }).observe(form, { childList: true, subtree: true });
        }),
    );
    release();
    await expect(page.getByRole("status")).toHaveText("Thank you for your submission! We will be in touch soon.");
    const formAtThanks = await atThanks;
    expect(formAtThanks).toMatchObject({ name: "", checked: 0, submissionId: expect.stringMatching(FORM_TOKEN) });
    expect(formAtThanks.submissionId).not.toBe(sentWith);
    await expect(page.locator("main form").getByLabel("Name")).toHaveValue("");
    // The emptied form is a new submission.
    await expect.poll(() => submissionId(page)).toMatch(FORM_TOKEN);
    expect(await submissionId(page)).not.toBe(sentWith);
    await expect(page.locator('input[name="interests"]:checked')).toHaveCount(0);

    await expect.poll(() => webhookPosts(isolatedSite).length).toBe(1);
    const [post] = webhookPosts(isolatedSite);
    expect(post!.body).toEqual(lead);
    const [stored] = storedLeads(isolatedSite);
    expect(post!.headers["idempotency-key"]).toBe(stored!.id);
    await expect.poll(() => isolatedSite.webhook.received().filter((item) => item.path === "/mirror").length).toBe(1);
    const mirror = isolatedSite.webhook.received().find((item) => item.path === "/mirror")!;
    expect(mirror.contentType).toBe("application/x-www-form-urlencoded");
    expect(mirror.body).toMatchObject({
      "form-name": "Contact Form",
      "bot-field": "",
      interests: "coworking-space, think-lounge",
      referralSource: lead.referralSource,
    });
    const readiness = await readinessOf(isolatedSite.url);
    expect(readiness).toMatchObject({ status: "ok", leads: { pending: 0, oldestPendingAgeSeconds: null } });
  });

  test("a second enquiry after a thanks: Send takes the thanks away and says 'Sending...' as it is pressed; a new thanks follows", async ({
    page,
    isolatedSite,
  }) => {
    await page.goto(`${isolatedSite.url}/contact`);
    await waitForHydration(page);
    await fill(page);
    await sendAsAPerson(page);
    await expect(page.getByRole("status")).toHaveText("Thank you for your submission! We will be in touch soon.");
    await page.getByRole("status").evaluate((thanks) => thanks.setAttribute("data-test-first-thanks", ""));
    await fill(page, { ...lead, interests: ["meeting-rooms"] });
    // What the page shows when the press's handlers have run, before anything else can draw: a listener
    // on window runs after React's own (on the document).
    await page.evaluate(() => {
      window.addEventListener("submit", () => {
        const form = document.querySelector("main form")!;
        (window as { atPress?: unknown }).atPress = {
          button: form.querySelector("button[type=submit]")!.textContent,
          thanks: form.querySelector('[role="status"]') !== null,
        };
      });
    });
    await sendAsAPerson(page);
    expect(await page.evaluate(() => (window as { atPress?: unknown }).atPress)).toEqual({
      button: "Sending...",
      thanks: false,
    });
    await expect(page.locator('[role="status"]:not([data-test-first-thanks])')).toHaveText(
      "Thank you for your submission! We will be in touch soon.",
    );
    await expect.poll(() => webhookPosts(isolatedSite).length).toBe(2);
  });

  test("a filled honeypot is thanked alike, held as suspected spam, and never sent", async ({
    request,
    isolatedSite,
  }) => {
    const response = await request.post(`${isolatedSite.url}/contact`, {
      form: { ...lead, interests: lead.interests[0]!, "bot-field": "I am a bot", submissionId: renderedFormToken() },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Thank you for your submission!");
    // A real submission after it: once it is delivered and mirrored, the worker has run since the
    // honeypot's answer and would have sent a stored honeypot lead first (oldest first).
    const real = await request.post(`${isolatedSite.url}/contact`, {
      form: { ...lead, name: "Robin Real", interests: lead.interests[0]!, submissionId: renderedFormToken() },
    });
    expect(real.status()).toBe(200);
    await expect
      .poll(() => isolatedSite.webhook.received().map((post) => post.path))
      .toEqual(["/hooks/leads", "/mirror"]);
    expect(isolatedSite.webhook.received().map((post) => (post.body as { name?: string }).name)).toEqual([
      "Robin Real",
      "Robin Real",
    ]);
    expect(
      storedLeads(isolatedSite)
        .map((item) => item.status)
        .sort(),
    ).toEqual(["delivered", "spam"]);
  });

  test.describe("with a webhook that fails first", () => {
    // Retries a fraction of a second apart, so two failures and the delivery take no time.
    // (A setting no other test uses: started for this test alone, not kept.)
    test.use({ isolatedSiteEnv: { LEAD_RETRY_AFTER: "200ms" }, isolatedSiteFresh: true });

    test("a failing webhook still shows success, and the lead arrives after it recovers", async ({
      page,
      isolatedSite,
    }) => {
      // Two failures, then the third attempt is held until the test has seen the lead waiting.
      const recovery = Promise.withResolvers<void>();
      isolatedSite.webhook.faults.add({ method: "POST", pathIncludes: "/hooks/leads", status: 503, times: 2 });
      isolatedSite.webhook.faults.add({
        method: "POST",
        pathIncludes: "/hooks/leads",
        until: recovery.promise,
        times: 1,
      });
      await page.goto(`${isolatedSite.url}/contact`);
      await waitForHydration(page);
      await fill(page);
      await sendAsAPerson(page);
      await expect(page.getByRole("status")).toHaveText("Thank you for your submission! We will be in touch soon.");
      const hooks = () =>
        isolatedSite.webhook.faults.requests.filter((request) => request.url.startsWith("/hooks/leads")).length;
      await expect.poll(hooks).toBe(3);
      const readiness = await readinessOf(isolatedSite.url);
      expect(readiness.leads).toMatchObject({ pending: 1, retrying: 1 });
      expect(webhookPosts(isolatedSite)).toEqual([]);
      recovery.resolve();
      await expect.poll(() => webhookPosts(isolatedSite).length).toBe(1);
      expect(storedLeads(isolatedSite).map((item) => item.status)).toEqual(["delivered"]);
    });
  });
});

test("a server killed before delivering delivers after its restart, once", async ({ request }) => {
  test.setTimeout(60_000);
  const { startWebhookSink } = await import("../../demo/webhook.ts");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const webhook = await startWebhookSink({});
  const dataDir = mkdtempSync(path.join(tmpdir(), "hub-crash-"));
  const env = {
    LEAD_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
    DATA_DIR: dataDir,
    FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET,
  };
  let first: Awaited<ReturnType<typeof spawnSite>> | undefined;
  try {
    webhook.faults.add({ method: "POST", status: 503, body: { error: "down" } });
    first = await spawnSite(env);
    const response = await request.post(`${first.url}/contact`, {
      form: { ...lead, interests: lead.interests[0]!, submissionId: renderedFormToken() },
    });
    expect(await response.text()).toContain("Thank you for your submission!");
    await first.kill();
    expect(webhook.received()).toEqual([]);

    webhook.faults.clear();
    const second = await spawnSite(env);
    try {
      await expect.poll(() => webhook.received().length, { timeout: 20_000 }).toBe(1);
      const delivered = webhook.received()[0]!.headers["idempotency-key"];
      expect(delivered).toMatch(/^lead_/);
      // Once the store says delivered, the worker never posts the lead again; a lead sent after that,
      // delivered too, shows the worker ran on meanwhile (a second post of the first would be in by then).
      await expect.poll(() => storedLeadsIn(dataDir).map((item) => item.status)).toEqual(["delivered"]);
      const next = await request.post(`${second.url}/contact`, {
        form: { ...lead, interests: lead.interests[1]!, submissionId: renderedFormToken() },
      });
      expect(await next.text()).toContain("Thank you for your submission!");
      await expect.poll(() => webhook.received().length).toBe(2);
      const keys = webhook.received().map((item) => item.headers["idempotency-key"]);
      expect(keys[0]).toBe(delivered);
      expect(keys[1]).not.toBe(delivered);
    } finally {
      await second.stop();
    }
  } finally {
    await first?.kill();
    await webhook.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Two enquiries from this client, each thanked: the site's CONTACT_RATE_LIMIT of 2 is used up. */
async function spendTheContactLimit(request: APIRequestContext, siteUrl: string): Promise<void> {
  for (let index = 0; index < 2; index += 1) {
    const response = await request.post(`${siteUrl}/contact`, {
      form: {
        ...lead,
        email: `earlier${index}@example.com`,
        interests: "partnership",
        submissionId: renderedFormToken(),
      },
    });
    expect(response.status()).toBe(200);
  }
}

test.describe("refusals", () => {
  test.use({ isolatedSiteEnv: { CONTACT_RATE_LIMIT: "2" } });

  test("more submissions than CONTACT_RATE_LIMIT get a clear message, with and without JavaScript", async ({
    page,
    request,
    isolatedSite,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 429/);
    await spendTheContactLimit(request, isolatedSite.url);
    const refused = await request.post(`${isolatedSite.url}/contact`, {
      form: { ...lead, interests: "partnership", submissionId: renderedFormToken() },
    });
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain("Too many submissions. Please try again in a few minutes.");
    await page.goto(`${isolatedSite.url}/contact`);
    await waitForHydration(page);
    await fill(page);
    await send(page);
    await expect(page.locator("main form").getByRole("alert")).toHaveText(
      "Too many submissions. Please try again in a few minutes.",
    );
    expect(storedLeads(isolatedSite)).toHaveLength(2);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a send over CONTACT_RATE_LIMIT keeps what was typed and the form's token", async ({
      page,
      request,
      isolatedSite,
      allowConsoleErrors,
    }) => {
      allowConsoleErrors(/status of 429/);
      await spendTheContactLimit(request, isolatedSite.url);
      await page.goto(`${isolatedSite.url}/contact`);
      const token = await submissionId(page);
      await fill(page);
      await sendAsAPerson(page);
      await expect(page.getByRole("alert")).toHaveText(contactRateLimitMessage);
      const form = page.locator("main form");
      await expect(form.getByLabel("Name")).toHaveValue(lead.name);
      await expect(form.getByLabel("Email")).toHaveValue(lead.email);
      await expect(form.getByLabel("Phone")).toHaveValue(lead.phone);
      for (const interest of lead.interests) await expect(form.locator(`input[value="${interest}"]`)).toBeChecked();
      await expect(form.getByLabel("How did you hear about us?")).toHaveValue(lead.referralSource);
      expect(await submissionId(page)).toBe(token);
      expect(storedLeads(isolatedSite)).toHaveLength(2);
    });
  });

  test("a post from another site is refused with 403", async ({ request, isolatedSite }) => {
    const form = { ...lead, interests: "partnership" };
    const forged = await request.post(`${isolatedSite.url}/contact`, {
      form,
      headers: { Origin: "https://evil.example" },
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toBe("This form can only be sent from this website.");
    const crossSite = await request.post(`${isolatedSite.url}/contact.data`, {
      form,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toEqual({ status: 403, error: "This form can only be sent from this website." });
    expect(storedLeads(isolatedSite)).toEqual([]);
  });
});

test.describe("malformed requests", () => {
  // On the default limit (CONTACT_RATE_LIMIT 5): only a valid submission counts, and none of these is.
  test("1,000 malformed bodies: no 5xx, no 429 from the server-wide limit, no stored lead", async ({
    isolatedSite,
  }) => {
    test.setTimeout(120_000);
    let seed = 20_261_122;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const junk = [
      "",
      " ",
      "x".repeat(300),
      "<script>alert(1)</script>",
      "'; DROP TABLE leads; --",
      "\u0000\u0001",
      "💥".repeat(50),
      "a@b",
      "12",
      "+(-) ",
    ];
    const statuses = new Map<number, number>();
    const bodies: { body: Buffer | string; type: string; path: string }[] = [];
    for (let index = 0; index < 1_000; index += 1) {
      const kind = index % 10;
      const fields: Record<string, unknown> = {
        name: pick([...junk, lead.name]),
        email: pick(["", "nope", "a@b", "@example.com", "x@y.", 42]), // never a valid address
        phone: pick([...junk, lead.phone]),
        interests: pick([[], ["free-money"], "partnership", [1, 2], null, { a: 1 }]),
        referralSource: pick([...referrals, "Radio", "", null]),
        extra: pick(junk),
      };
      const target = random() < 0.5 ? "/contact" : "/contact.data";
      if (kind === 0) bodies.push({ body: JSON.stringify(fields), type: "application/json", path: target });
      else if (kind === 1)
        bodies.push({
          body: JSON.stringify(fields).slice(0, Math.floor(random() * 40)),
          type: "application/json",
          path: target,
        });
      else if (kind === 2)
        bodies.push({
          body: Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3, 0x28]),
          type: "application/x-www-form-urlencoded",
          path: target,
        });
      else if (kind === 3)
        bodies.push({ body: "x".repeat(17_000 + index), type: "application/x-www-form-urlencoded", path: target });
      else if (kind === 4)
        bodies.push({
          body: "<xml/>",
          type: pick(["text/xml", "text/plain", "", "application/octet-stream"]),
          path: target,
        });
      else if (kind === 5)
        bodies.push({ body: "%E0%A4%A=%%&name", type: "application/x-www-form-urlencoded", path: target });
      else if (kind === 6)
        bodies.push({ body: "--boundary\r\nbroken", type: "multipart/form-data; boundary=boundary", path: target });
      else if (kind === 7)
        bodies.push({ body: JSON.stringify([fields, fields]), type: "application/json", path: target });
      else {
        const form = new URLSearchParams();
        for (const [name, value] of Object.entries(fields)) {
          for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
        }
        bodies.push({ body: form.toString(), type: "application/x-www-form-urlencoded", path: target });
      }
    }
    // Eight at a time, as several clients would send them.
    for (let start = 0; start < bodies.length; start += 8) {
      await Promise.all(
        bodies.slice(start, start + 8).map(async ({ body, type, path }) => {
          const response = await fetch(`${isolatedSite.url}${path}`, {
            method: "POST",
            headers: type ? { "Content-Type": type } : {},
            body: typeof body === "string" ? body : new Uint8Array(body),
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }),
      );
    }
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBe(1_000);
    const codes = [...statuses.keys()];
    expect(
      codes.filter((code) => code >= 500),
      JSON.stringify(Object.fromEntries(statuses)),
    ).toEqual([]);
    expect(codes).not.toContain(429);
    expect(codes.every((code) => code >= 400)).toBe(true);
    expect(storedLeads(isolatedSite)).toEqual([]);
    expect(webhookPosts(isolatedSite)).toEqual([]);
  });
});

const referrals = ["Website", "Social Media", "Friend or Colleague", "Event", "Other"] as const;
