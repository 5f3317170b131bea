import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from "react";
import { cn } from "~/components/cn";
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
  /**
   * What analytics records for a click, when the visible text alone does not say what the control
   * acts on (e.g. "Visit Website: {partner}"); by default the text a visitor sees. The recording
   * itself is document-wide (`recordControlClicks`), for every button.
   */
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

/** The shared button. */
export function Button({
  variant,
  size,
  className,
  analyticsLabel,
  children,
  type = "button",
  ...rest
}: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      data-analytics={analyticsLabel}
      {...rest}
      className={classesFor({ variant, size, className, children })}
    >
      {children}
    </button>
  );
}

/**
 * A link that looks like the shared button; internal paths navigate in-app, URLs open a new tab. Its
 * clicks are recorded as button clicks, like a button's.
 */
export function ButtonLink({
  to,
  onClick,
  analyticsLabel,
  ...style
}: StyleProps & { to: string; onClick?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <SmartLink to={to} className={classesFor(style)} onClick={onClick} data-analytics={analyticsLabel ?? ""}>
      {style.children}
    </SmartLink>
  );
}
