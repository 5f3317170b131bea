import { cn } from "~/components/cn";

/** A pulsing placeholder; its container has `aria-busy` (docs/architecture.md#streamed-sections). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-lg bg-stone-200", className)} />;
}
