import { site } from "~/config/site";
import { cn } from "~/components/cn";

/** The hub's mark (an anvil and a spark, as in public/favicon.svg) and wordmark. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 64 64" aria-hidden="true" className="size-9 shrink-0">
        <rect width="64" height="64" rx="14" fill={inverted ? "#ffffff" : "#0f4c5c"} />
        <g transform="translate(4 6)">
          <path
            d="M6 28H50V33Q44 34 40 36L38 42H44V48H20V42H26L24 36Q18 34 14 33Q9 31 6 28Z"
            fill={inverted ? "#0f4c5c" : "#e0a458"}
          />
          <path
            d="M44 6L46.2 12.3 52.5 14.5 46.2 16.7 44 23 41.8 16.7 35.5 14.5 41.8 12.3Z"
            fill={inverted ? "#e0a458" : "#f6d7a8"}
          />
        </g>
      </svg>
      <span
        className={cn(
          "whitespace-nowrap font-display text-xl font-semibold leading-none tracking-tight",
          inverted ? "text-white" : "text-brand-800",
        )}
      >
        {site.name}
      </span>
    </span>
  );
}
