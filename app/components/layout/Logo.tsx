import { site } from "~/config/site";
import { cn } from "~/lib/cn";

/** The hub's mark (a spark over an anvil-shaped base) and wordmark. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 40 40" aria-hidden="true" className="size-9 shrink-0">
        <rect width="40" height="40" rx="10" fill={inverted ? "#ffffff" : "#0f4c5c"} />
        <path d="M9 24h22l-4 5H13z" fill={inverted ? "#0f4c5c" : "#ffffff"} />
        <path d="M14 21c0-3 2.5-5 6-5h6c0 3-2.5 5-6 5z" fill={inverted ? "#0f4c5c" : "#ffffff"} />
        <path d="M22 6l1.6 4.4L28 12l-4.4 1.6L22 18l-1.6-4.4L16 12l4.4-1.6z" fill="#e0a458" />
      </svg>
      <span
        className={cn(
          "font-display text-xl font-semibold leading-none tracking-tight",
          inverted ? "text-white" : "text-brand-800",
        )}
      >
        {site.name}
      </span>
    </span>
  );
}
