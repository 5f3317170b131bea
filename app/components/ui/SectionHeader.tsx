import type { ReactNode } from "react";
import { cn } from "~/components/cn";

/** A section's eyebrow, heading (the `id` its section is labelled by) and lead paragraph. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  description,
  align = "left",
  tone = "light",
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: "left" | "center";
  tone?: "light" | "dark";
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? (
        <p
          className={cn(
            "text-sm font-semibold uppercase tracking-widest",
            tone === "dark" ? "text-accent-300" : "text-accent-700",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={cn("mt-2 text-3xl font-semibold sm:text-4xl", tone === "dark" ? "text-white" : "text-ink")}
      >
        {title}
      </h2>
      {description ? (
        <p className={cn("mt-4 text-lg leading-relaxed", tone === "dark" ? "text-brand-100" : "text-muted")}>
          {description}
        </p>
      ) : null}
    </div>
  );
}

/** The page-width frame of a section. */
export const sectionFrame = "mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8";
