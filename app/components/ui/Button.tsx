import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from "react";
import { trackButtonClick } from "~/lib/analytics";
import { cn } from "~/lib/cn";
import { SmartLink } from "./SmartLink";

type Variant = "primary" | "secondary" | "light" | "ghost";
type Size = "md" | "lg";

const variants: Record<Variant, string> = {
  primary: "bg-accent-400 text-brand-950 hover:bg-accent-300 shadow-sm",
  secondary: "border border-brand-700 text-brand-700 hover:bg-brand-50",
  light: "border border-white/80 text-white hover:bg-white/15",
  ghost: "text-brand-700 hover:bg-brand-50",
};

const sizes: Record<Size, string> = {
  md: "min-h-11 px-5 text-sm",
  lg: "min-h-12 px-7 text-base",
};

interface StyleProps {
  variant?: Variant;
  size?: Size;
  className?: string;
  /** What analytics records for the click; defaults to the button's text. */
  analyticsLabel?: string;
  children: ReactNode;
}

function classesFor({ variant = "primary", size = "md", className }: StyleProps): string {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors",
    "disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    sizes[size],
    className,
  );
}

function labelFor({ analyticsLabel, children }: StyleProps): string {
  return analyticsLabel ?? (typeof children === "string" ? children : "button");
}

/** The shared button. Every click is recorded in analytics. */
export function Button({
  variant,
  size,
  className,
  analyticsLabel,
  children,
  onClick,
  type = "button",
  ...rest
}: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  const style = { variant, size, className, analyticsLabel, children };
  return (
    <button
      type={type}
      {...rest}
      className={classesFor(style)}
      onClick={(event) => {
        trackButtonClick(labelFor(style));
        onClick?.(event);
      }}
    >
      {children}
    </button>
  );
}

/** A link that looks like the shared button; internal paths navigate in-app, URLs open a new tab. */
export function ButtonLink({
  to,
  onClick,
  ...style
}: StyleProps & { to: string; onClick?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <SmartLink
      to={to}
      className={classesFor(style)}
      onClick={(event) => {
        trackButtonClick(labelFor(style));
        onClick?.(event);
      }}
    >
      {style.children}
    </SmartLink>
  );
}
