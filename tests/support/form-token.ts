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
