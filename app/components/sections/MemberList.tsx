import { useId } from "react";
import { cn } from "~/components/cn";
import { cardClasses } from "../ui/Card";

/** Member business names in a grid (docs/pages.md). */
export function MemberList({ title, names }: { title: string; names: readonly string[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id={headingId} className="text-3xl font-semibold text-ink sm:text-4xl">
        {title}
      </h2>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {names.map((name) => (
          <li key={name} className={cn(cardClasses, "flex min-h-24 items-center px-6 py-5")}>
            <span aria-hidden="true" className="mr-4 h-10 w-1.5 shrink-0 rounded-full bg-accent-400" />
            <span className="font-display text-lg font-semibold text-ink">{name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
