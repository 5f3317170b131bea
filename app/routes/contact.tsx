import { useId } from "react";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import {
  type ContactProblem,
  type ContactResult,
  type ContactValues,
  ContactForm,
} from "~/components/sections/ContactForm";
import { IntroHero } from "~/components/sections/IntroHero";
import { ContactCards } from "~/components/sections/ContactCards";
import { sectionFrame } from "~/components/ui/SectionHeader";
import { pages } from "~/content/pages";
import { getServices, requestContext } from "~/context";
import {
  contactConfirmMessage,
  contactFailureMessage,
  type ContactInput,
  contactInputFromForm,
  contactInputFromJson,
  contactRateLimitMessage,
  contactSuccessMessage,
  formTokenFrom,
} from "~/domain/contact";
import { validateContact } from "~/domain/contact-checks";
import { loadPageHero } from "~/loaders/page-loaders.server";
import { introPageMeta } from "~/seo/seo";
import type { Route } from "./+types/contact";

const page = pages.contact;

/**
 * The hero, the form token of the form this page renders (its submission id, signed with when it
 * was rendered): a page of its own for every visitor, so it is never sent from the page cache (where
 * every visitor would get the same token); and the problem the checks find in the empty form.
 */
export async function loader(args: Route.LoaderArgs) {
  args.context.get(requestContext).skipPageCache("the contact form carries a form token of its own");
  return {
    hero: await loadPageHero(args, page),
    submissionId: getServices(args.context).leads.newFormToken(),
    untouchedProblem: untouchedFormProblem(),
  };
}

/** What the checks find in the form as the page renders it, every field empty. */
function untouchedFormProblem(): ContactProblem | null {
  const checked = validateContact(contactInputFromForm(new URLSearchParams()));
  return checked.ok ? null : { field: checked.field, message: checked.message };
}

export const meta: Route.MetaFunction = introPageMeta(page);

const refuse = (
  status: number,
  message: string,
  options: { headers?: HeadersInit; submissionId?: string | null; values?: ContactValues } = {},
) =>
  data<ContactResult>(
    {
      status: "error",
      message,
      ...(options.submissionId ? { submissionId: options.submissionId } : {}),
      ...(options.values ? { values: options.values } : {}),
    },
    { status, headers: options.headers },
  );

/** What the visitor typed, as the form shows it again (without JavaScript, the page is rendered anew). */
function valuesOf(input: ContactInput): ContactValues {
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 300) : "");
  return {
    name: text(input.name),
    email: text(input.email),
    phone: text(input.phone),
    interests: Array.isArray(input.interests) ? input.interests.filter((value) => typeof value === "string") : [],
    referralSource: text(input.referralSource),
  };
}

/**
 * The contact form's action (docs/leads.md): the shared validation, the per-client limit, the spam
 * rules, and the lead stored before the visitor hears it was received. Suspected spam (a hard signal:
 * app/services/leads/spam.server.ts) is stored too but never delivered, and is thanked exactly alike,
 * with a new token, so a bot learns nothing from the answer; a soft signal gets the form back as it was
 * sent, asking the visitor to send it again. Every refusal keeps what the visitor typed. (Posts from
 * other sites and oversized bodies are refused before any route runs: server/requests.ts.)
 */
export async function action({ request, context }: Route.ActionArgs) {
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  let input: ReturnType<typeof contactInputFromForm>;
  try {
    if (contentType === "application/x-www-form-urlencoded" || contentType === "multipart/form-data") {
      input = contactInputFromForm(await request.formData());
    } else if (contentType === "application/json") {
      input = contactInputFromJson(await request.json());
    } else {
      return refuse(415, "Please send the form as a form or as JSON.");
    }
  } catch {
    return refuse(400, "The form could not be read. Please try again.");
  }

  // Sent back with a refusal, so the form sent again (also without JavaScript) is the same submission.
  const submissionId = formTokenFrom(input.submissionId);
  const checked = validateContact(input);
  if (!checked.ok) {
    return data<ContactResult>(
      {
        status: "invalid",
        field: checked.field,
        message: checked.message,
        values: valuesOf(input),
        ...(submissionId ? { submissionId } : {}),
      },
      { status: 400 },
    );
  }

  const { clientAddress } = context.get(requestContext);
  const { leads } = getServices(context);
  const stored = await leads.submit(clientAddress, checked.submission, {
    token: input.submissionId,
    honeypot: input.honeypot,
  });
  if (stored.status === "limited") {
    return refuse(429, contactRateLimitMessage, {
      headers: { "Retry-After": String(stored.retryAfterSeconds) },
      submissionId,
      values: valuesOf(input),
    });
  }
  if (stored.status === "failed") {
    return refuse(503, contactFailureMessage, { submissionId, values: valuesOf(input) });
  }
  if (stored.status === "confirm") {
    return data<ContactResult>({
      status: "confirm",
      message: contactConfirmMessage,
      values: valuesOf(input),
      submissionId: stored.nextToken,
    });
  }
  // Stored, as a lead or as suspected spam: the same answer, and the emptied form is a new submission.
  return data<ContactResult>({ status: "success", message: contactSuccessMessage, submissionId: stored.nextToken });
}

/**
 * In the browser the form's answer comes through here. An answer that is not the action's own (a
 * refusal made before the router: 403 cross-site, 413; a proxy's 429 or 502; the network going away)
 * becomes the form's failure message (docs/leads.md#intake), which keeps what was typed, not the
 * error page.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ContactResult> {
  try {
    return await serverAction();
  } catch (error) {
    console.warn("The contact form's submission got no answer from the site:", error);
    return { status: "error", message: contactFailureMessage };
  }
}

/**
 * After the form's answer the page's data is loaded again only after a success (the emptied form is a
 * new submission, with an id of its own). After any other answer the site may not be reachable at all
 * (a proxy's 502 when it is down): loading the page again would then put the error page in place of
 * the form and what the visitor typed.
 */
export function shouldRevalidate({
  formMethod,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const answered = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  if (answered && (actionResult as ContactResult | undefined)?.status !== "success") return false;
  return defaultShouldRevalidate;
}

/** 'Get in Touch', the form, and the location, phone and email cards (docs/pages.md). */
export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const headingId = useId();
  // The answer's token (without JavaScript): a refused form is sent again as the same submission, a
  // confirmation with the token that says so, and the emptied form after a thanks as a new one.
  const submissionId = actionData?.submissionId || loaderData.submissionId;
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <section aria-labelledby={headingId} className={sectionFrame}>
        <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div>
            <h2 id={headingId} className="text-3xl font-semibold text-ink sm:text-4xl">
              Send us a message
            </h2>
            <p className="mt-3 text-lg text-muted">We answer every message within one business day.</p>
            <div className="mt-8">
              <ContactForm
                serverResult={actionData ?? null}
                submissionId={submissionId}
                untouchedProblem={loaderData.untouchedProblem}
              />
            </div>
          </div>
          <ContactCards className="lg:pt-20" />
        </div>
      </section>
    </>
  );
}
