import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import { isExternalHref } from "~/config/site";

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: string;
  children: ReactNode;
}

/** A site path as an in-app link; an external address in a new tab (docs/pages.md). */
export function SmartLink({ to, children, ...rest }: SmartLinkProps) {
  if (isExternalHref(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}
