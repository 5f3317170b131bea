import { LogIn, Menu, X } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { type NavGroup, pricingHref, site } from "~/config/site";
import { ButtonLink } from "../ui/Button";
import { SmartLink } from "../ui/SmartLink";

/**
 * The menu below the large-screen breakpoint. A native disclosure, so it opens and closes without
 * JavaScript too; with JavaScript it also closes after a navigation and on Escape. Whether it is open
 * is the disclosure's own state, never React's: a menu a visitor opened before the page was hydrated
 * stays open through hydration.
 */
export function MobileMenu({ groups }: { groups: NavGroup[] }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownLocation = useRef(location.key);

  // A layout effect, so the menu is closed in the same paint that shows the new page, never over it.
  useLayoutEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    if (detailsRef.current) detailsRef.current.open = false;
  }, [location.key]);

  return (
    <details
      ref={detailsRef}
      className="group lg:hidden"
      onKeyDown={(event) => {
        if (event.key === "Escape" && detailsRef.current?.open) {
          detailsRef.current.open = false;
          detailsRef.current.querySelector("summary")?.focus();
        }
      }}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold text-ink [&::-webkit-details-marker]:hidden">
        <Menu aria-hidden="true" className="size-5 group-open:hidden" />
        <X aria-hidden="true" className="hidden size-5 group-open:block" />
        <span>Menu</span>
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-white px-4 pb-6 pt-2 shadow-xl"
      >
        <ul className="grid gap-6 sm:grid-cols-2">
          {groups.map((group) => (
            <li key={group.label}>
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted">{group.label}</p>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <SmartLink
                      to={link.to}
                      className="flex min-h-11 items-center rounded-lg px-3 text-base font-medium hover:bg-brand-50"
                    >
                      {link.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li>
            <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted">Membership</p>
            <ul>
              <li>
                <SmartLink
                  to={pricingHref}
                  className="flex min-h-11 items-center rounded-lg px-3 text-base font-medium hover:bg-brand-50"
                >
                  Pricing
                </SmartLink>
              </li>
              <li>
                <SmartLink
                  to={site.memberPortalUrl}
                  data-analytics=""
                  className="flex min-h-11 items-center gap-2 rounded-lg px-3 text-base font-medium hover:bg-brand-50"
                >
                  <LogIn aria-hidden="true" className="size-4" />
                  Sign In
                </SmartLink>
              </li>
            </ul>
          </li>
        </ul>
        <ButtonLink to="/tour" size="lg" className="mt-6 w-full">
          Book Tour
        </ButtonLink>
      </nav>
    </details>
  );
}
