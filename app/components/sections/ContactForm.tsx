import { type FormEvent, type Ref, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  type ContactField,
  contactInputFromForm,
  contactMessages,
  contactPatterns,
  HONEYPOT_FIELD,
  interestOptions,
  REFERRAL_PLACEHOLDER,
  referralOptions,
  SUBMISSION_ID_FIELD,
} from "~/domain/contact";
import type { validateContact } from "~/domain/contact-checks";
import { trackEvent } from "~/browser/analytics";
import { contractProps, useRefusalBeforeHydration } from "~/first-seconds/answer";
import { ANALYTICS } from "~/first-seconds/contract";
import { fieldControl } from "~/first-seconds/shared";
import { cn } from "~/components/cn";
import { Button } from "../ui/Button";
import { cardClasses } from "../ui/Card";

/**
 * What the contact action answers (also rendered without JavaScript, from the page's own POST). A
 * refusal carries the form token that was sent, so the form sent again is the same submission; a
 * success carries a new one, for the emptied form; `confirm` (the form not sent yet: the visitor is
 * asked to check it and send it again) carries the token that makes the next send go through. Every
 * answer but a success carries what the visitor typed, for the form rendered anew without JavaScript.
 */
export type ContactResult =
  | { status: "success"; message: string; submissionId: string }
  | { status: "invalid"; field: ContactField; message: string; values: ContactValues; submissionId?: string }
  | { status: "confirm"; message: string; values: ContactValues; submissionId: string }
  | { status: "error"; message: string; values?: ContactValues; submissionId?: string };

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  interests: string[];
  referralSource: string;
}

/** A field's problem, as the checks word it. */
export interface ContactProblem {
  field: ContactField;
  message: string;
}

type ValidateContact = typeof validateContact;

/**
 * The checks, imported when the form is first used (a focus or a pointer in it) rather than with the
 * page: they bring the schema library, whose evaluation was /contact's longest script task at start.
 */
let loadedChecks: ValidateContact | null = null;
let checksLoading: Promise<ValidateContact> | null = null;
function loadChecks(): Promise<ValidateContact> {
  checksLoading ??= import("~/domain/contact-checks").then(
    (checks) => (loadedChecks = checks.validateContact),
    (error: unknown) => {
      checksLoading = null; // a later use tries again (a network blip, a deploy that replaced the chunk)
      throw error;
    },
  );
  return checksLoading;
}

/**
 * How long a form sent before the checks have loaded waits for them. A stalled request must not hold
 * the visitor's message: after this, the form is sent and the server checks it.
 */
const CHECKS_WAIT_MS = 4000;

function checksWithin(ms: number): Promise<ValidateContact> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The contact form's checks did not load within ${ms} ms`)), ms);
    loadChecks()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

/** The three text inputs, in the order the checks take them (docs/leads.md#intake). */
const textFields = [
  { name: "name", label: "Name", type: "text", autoComplete: "name", maxLength: 200 },
  { name: "email", label: "Email", type: "email", autoComplete: "email", maxLength: 254 },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", maxLength: 40 },
] as const;

const inputClasses =
  "mt-2 block min-h-12 w-full rounded-xl border border-line bg-white px-4 text-base text-ink shadow-sm placeholder:text-muted/70 focus:border-brand-600 focus:outline-none focus:ring-4 focus:ring-brand-100 aria-[invalid=true]:border-red-700";

/**
 * The contact form (docs/leads.md#intake). It checks the fields in the browser with the same
 * rules as the server and shows the first problem (announced, with focus on the field); it sends
 * with the page's action and shows 'Sending...' meanwhile, then the success message (and clears the
 * fields) or the failure message. Without JavaScript it posts to the same action, which answers with
 * the same messages and keeps what the visitor typed.
 */
export function ContactForm({
  serverResult,
  submissionId: initialSubmissionId,
  untouchedProblem = null,
}: {
  serverResult?: ContactResult | null;
  /** The server's form token for this form (the one sent back with a refusal, when it refused it). */
  submissionId: string;
  /**
   * What the checks find in the form as rendered, every field empty (the page's loader runs them):
   * Send tapped with no field changed shows it at once, without waiting for the checks' module.
   */
  untouchedProblem?: ContactProblem | null;
}) {
  const fetcher = useFetcher<ContactResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const checkingBeforeSend = useRef(false);
  const [checking, setChecking] = useState(false);
  const id = useId();
  // A Send the first script refused before hydration shows its message as the page does.
  const refusedBeforeHydration = useRefusalBeforeHydration(errorOutputId(id));
  const [clientError, setClientError] = useState<ContactProblem | null>(
    refusedBeforeHydration as ContactProblem | null,
  );
  const [submissionId, setSubmissionId] = useState(initialSubmissionId);
  const result = fetcher.data ?? serverResult ?? null;
  const sending = checking || fetcher.state !== "idle";
  const invalid = clientError ?? (result?.status === "invalid" ? result : null);
  const values = result && result.status !== "success" ? (result.values ?? null) : null;
  const confirmRef = useRef<HTMLParagraphElement>(null);

  // After a successful submission the fields start empty again, as a new submission (with the new form
  // token the server sent); asked to confirm, the form keeps what was typed, takes the token that lets
  // the next send through, and the question takes focus; a failure is recorded. In the commit that
  // draws the answer: a visitor who starts on the next enquiry as soon as the thanks shows loses nothing.
  useLayoutEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.status === "success") {
      formRef.current?.reset();
      setSubmissionId(fetcher.data.submissionId);
    }
    if (fetcher.data.status === "confirm") {
      setSubmissionId(fetcher.data.submissionId);
      confirmRef.current?.focus();
    }
    if (fetcher.data.status === "error") {
      trackEvent(ANALYTICS.submissionFailed, { category: ANALYTICS.contactCategory, label: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data]);

  // A problem the server found (without JavaScript, or a rule only it checks) gets focus too.
  useEffect(() => {
    if (result?.status === "invalid") focusField(formRef.current, result.field);
  }, [result]);

  /** Shows, logs and focuses a problem the checks found. */
  function showProblem(form: HTMLFormElement, problem: ContactProblem): void {
    setClientError(problem);
    trackEvent(ANALYTICS.formValidationError, { category: ANALYTICS.contactCategory, label: problem.message });
    focusField(form, problem.field);
  }

  /** Checks the form as it stands; on a failure shows, logs and focuses the first message. */
  function passesChecks(form: HTMLFormElement, validate: ValidateContact): boolean {
    const check = validate(contactInputFromForm(new FormData(form)));
    if (!check.ok) {
      showProblem(form, { field: check.field, message: check.message });
      return false;
    }
    setClientError(null);
    return true;
  }

  /**
   * Sends the form, with 'Sending...' (and no earlier answer) drawn before the press's handler returns.
   * The router's own updates are transitions: on a busy phone the one that draws 'Sending...' could
   * still be rendering when the answer arrived, and then never be drawn, leaving the earlier thanks in
   * place (not announced again) and Send pressable twice.
   */
  function send(form: HTMLFormElement) {
    void fetcher.submit(form, { flushSync: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    // The form as the page rendered it: the checks' answer came with the page, so Send shows it at once
    // rather than wait for the checks' module, which the pointer on Send has only just asked for.
    if (untouchedProblem && result === null && !sending && fieldsAsRendered(form)) {
      event.preventDefault();
      showProblem(form, untouchedProblem);
      return;
    }
    event.preventDefault();
    if (loadedChecks) {
      if (passesChecks(form, loadedChecks)) send(form);
      return;
    }
    // Sent before the checks have loaded (by a click that came before hydration, say): check once
    // they have, then send; meanwhile the button says 'Sending...'. If they cannot load, or take over
    // CHECKS_WAIT_MS, the form is sent and the server checks it, with the same messages.
    if (checkingBeforeSend.current) return;
    checkingBeforeSend.current = true;
    setChecking(true);
    checksWithin(CHECKS_WAIT_MS)
      .then(
        (validate) => {
          if (passesChecks(form, validate)) send(form);
        },
        () => send(form),
      )
      .finally(() => {
        checkingBeforeSend.current = false;
        setChecking(false);
      });
  }

  return (
    <ContactFormView
      Form={fetcher.Form}
      id={id}
      result={result}
      sending={sending}
      submissionId={submissionId}
      values={values}
      invalid={invalid}
      formRef={formRef}
      confirmRef={confirmRef}
      onSubmit={onSubmit}
      onUse={startLoadingChecks}
    />
  );
}

interface ContactFormViewProps {
  Form: ReturnType<typeof useFetcher<ContactResult>>["Form"];
  id: string;
  result: ContactResult | null;
  invalid: ContactProblem | null;
  values: ContactValues | null;
  sending: boolean;
  submissionId: string;
  formRef?: Ref<HTMLFormElement>;
  /** The line asking the visitor to confirm, which takes focus when it comes. */
  confirmRef?: Ref<HTMLParagraphElement>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** A focus or a pointer in the form (its first use loads the checks). */
  onUse?: () => void;
}

/** The form as it shows. */
function ContactFormView({
  Form,
  id,
  result,
  invalid,
  values,
  sending,
  submissionId,
  formRef,
  confirmRef,
  onSubmit,
  onUse,
}: ContactFormViewProps) {
  const fieldId = (field: string) => `${id}-${field}`;
  const errorId = errorOutputId(id);
  const described = (field: ContactField) => (invalid?.field === field ? errorId : undefined);

  return (
    <Form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      onFocus={onUse}
      onPointerDown={onUse}
      className={`${cardClasses} space-y-6 p-6 sm:p-8`}
      aria-describedby={invalid ? errorId : undefined}
      {...contractProps.validityCategory(ANALYTICS.contactCategory)}
    >
      <div aria-live="polite" className="empty:hidden">
        {result?.status === "success" && !sending ? (
          <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 font-semibold text-brand-800">
            {result.message}
          </p>
        ) : null}
        {result?.status === "confirm" && !sending ? (
          // Focused on arrival: by the browser when the page is rendered anew (without JavaScript), else
          // by the form (React only focuses form controls on `autoFocus`).
          <p
            ref={confirmRef}
            role="alert"
            tabIndex={-1}
            // biome-ignore lint/a11y/noAutofocus: the answer to the visitor's own Send, which asks them to act
            autoFocus
            className="rounded-xl bg-amber-50 px-4 py-3 font-semibold text-amber-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-amber-200"
          >
            {result.message}
          </p>
        ) : null}
        {result?.status === "error" && !sending ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-semibold text-red-800">
            {result.message}
          </p>
        ) : null}
      </div>
      {/* Always in the page, so that the first script shows a refusal before hydration where this form does. */}
      <p
        id={errorId}
        role="alert"
        hidden={!invalid}
        {...contractProps.validityOutput()}
        className="rounded-xl bg-red-50 px-4 py-3 font-semibold text-red-800"
      >
        {invalid?.message}
      </p>

      <div className="grid gap-6 sm:grid-cols-2">
        {textFields.map((field) => (
          <div key={field.name} className={field.name === "name" ? "sm:col-span-2" : undefined}>
            <label htmlFor={fieldId(field.name)} className="font-semibold text-ink">
              {field.label}
            </label>
            <input
              {...contractProps.validityMessage(contactMessages[field.name])}
              id={fieldId(field.name)}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              maxLength={field.maxLength}
              pattern={contactPatterns[field.name]}
              defaultValue={values?.[field.name]}
              aria-invalid={invalid?.field === field.name || undefined}
              aria-describedby={described(field.name)}
              className={inputClasses}
            />
          </div>
        ))}
      </div>

      <fieldset
        {...contractProps.validityGroup("interests", contactMessages.interests)}
        aria-invalid={invalid?.field === "interests" || undefined}
        aria-describedby={described("interests")}
        className="rounded-xl"
      >
        <legend className="font-semibold text-ink">
          What are you interested in? <span className="font-normal text-muted">(choose at least one)</span>
        </legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {interestOptions.map((option, index) => (
            <label
              key={option.value}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line bg-white px-4 hover:border-brand-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                name="interests"
                value={option.value}
                id={index === 0 ? fieldId("interests") : undefined}
                defaultChecked={values?.interests.includes(option.value)}
                className="size-5 accent-brand-700"
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor={fieldId("referralSource")} className="font-semibold text-ink">
          How did you hear about us?
        </label>
        <select
          {...contractProps.validityMessage(contactMessages.referralSource)}
          id={fieldId("referralSource")}
          name="referralSource"
          required
          defaultValue={values?.referralSource ?? ""}
          aria-invalid={invalid?.field === "referralSource" || undefined}
          aria-describedby={described("referralSource")}
          className={cn(inputClasses, "appearance-auto")}
        >
          <option value="" disabled>
            {REFERRAL_PLACEHOLDER}
          </option>
          {referralOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>

      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId} />

      {/* For bots only: hidden from people and assistive technology; a value marks the post as spam. */}
      <div hidden>
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <Button
        type="submit"
        size="lg"
        disabled={sending}
        className="w-full sm:w-auto"
        analyticsLabel="Contact form: Send"
        // Sent before hydration, a form the browser's own checks refuse is answered in the page by the first
        // script (first-seconds/first-script.ts); one they pass waits for hydration, so the page's checks run too.
        {...contractProps.held()}
      >
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </Form>
  );
}

function startLoadingChecks(): void {
  if (!loadedChecks) loadChecks().catch(() => {}); // a failure is retried on submit, or the server checks
}

function focusField(form: HTMLFormElement | null, field: ContactField): void {
  if (form) fieldControl(form, field)?.focus();
}

/** The id of the line that shows the form's problem. */
function errorOutputId(formId: string): string {
  return `${formId}-error`;
}

/** Every field in `container` still holds the value the page was rendered with. */
function fieldsAsRendered(container: Element): boolean {
  return [...container.querySelectorAll("input, select, textarea")].every((field) => {
    if (field instanceof HTMLSelectElement) {
      return [...field.options].every((option) => option.selected === option.defaultSelected);
    }
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      return field.checked === field.defaultChecked;
    }
    const text = field as HTMLInputElement | HTMLTextAreaElement;
    return text.value === text.defaultValue;
  });
}
