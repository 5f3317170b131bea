import type { HTMLAttributes } from "react";
import { cn } from "~/components/cn";

/** The look of a card (soft border, white surface, gentle shadow), for elements that are not a div. */
export const cardClasses = "rounded-[var(--radius-card)] border border-line bg-surface shadow-[var(--shadow-card)]";

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn(cardClasses, className)} {...rest} />;
}
