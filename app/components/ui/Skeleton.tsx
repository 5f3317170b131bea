import { cn } from "~/lib/cn";

/** A pulsing grey placeholder. Its container carries `aria-busy` (DESIGN.md section 7). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-lg bg-stone-200", className)} />;
}
