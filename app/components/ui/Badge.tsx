import type { ReactNode } from "react";
import { cn } from "~/components/cn";

export function Badge({
  children,
  tone = "brand",
  className,
}: {
  children: ReactNode;
  tone?: "brand" | "accent";
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold tracking-wide",
        tone === "brand" ? "bg-brand-50 text-brand-700" : "bg-accent-100 text-accent-700",
        className,
      )}
    >
      {children}
    </span>
  );
}
