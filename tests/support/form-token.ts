import { createFormTokens } from "../../app/services/leads/form-token.server.ts";

/**
 * Form tokens for tests that post the contact form without rendering it first (bulk posts over HTTP):
 * a site started with `FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET` takes them as forms it rendered
 * `ageMs` ago (by default long enough ago that a person could have filled it in). Each token is a
 * submission of its own; post one token again to resend the same submission.
 */

export const TEST_FORM_TOKEN_SECRET = "test-form-token-secret-0123456789abcdef";

export function renderedFormToken({
  ageMs = 30_000,
  secret = TEST_FORM_TOKEN_SECRET,
}: { ageMs?: number; secret?: string } = {}): string {
  return createFormTokens({ secrets: [secret], now: () => new Date(Date.now() - ageMs) }).issue("contact");
}

/** The form token in a rendered contact page. */
export function formTokenIn(page: string): string | null {
  return /name="submissionId" value="([^"]+)"/.exec(page)?.[1] ?? null;
}

/** When the form a token names was rendered (ms since the epoch), or null for no token. */
export function renderedAt(token: string | null): number | null {
  const rendered = token?.split(".")[1];
  return rendered ? Number.parseInt(rendered, 36) : null;
}

/**
 * How long a person would still take over a form rendered at `rendered`: a form sent within 3 s of its
 * rendering is taken for a bot's (spam.server.ts), so a test that fills one in a browser waits this long
 * before sending it (a little over the 3 s, counted from the server's clock, which the token carries).
 */
export function personStillTypingMs(rendered: number | null, now = Date.now()): number {
  return rendered === null ? 0 : Math.max(0, rendered + 3_250 - now);
}
