import { ButtonLink } from "../ui/Button";

const copy = {
  error: { title: "Something went wrong.", message: "An unexpected error has occurred." },
  "not-found": {
    title: "Page not found",
    message: "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.",
  },
} as const;

/** The page for route errors (docs/pages.md) and unknown addresses. */
export function ErrorPage({ kind }: { kind: keyof typeof copy }) {
  const { title, message } = copy[kind];
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-700">
        {kind === "not-found" ? "404" : "Error"}
      </p>
      <h1 className="mt-3 text-4xl font-semibold text-ink sm:text-5xl">{title}</h1>
      <p className="mt-4 text-lg text-muted">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/" size="lg">
          Go to Home
        </ButtonLink>
        {kind === "not-found" ? (
          <ButtonLink to="/contact" variant="secondary" size="lg">
            Contact Us
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}
