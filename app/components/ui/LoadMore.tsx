import { type ReactNode, useRef } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { useFocusNewItems } from "~/lib/use-focus-new-items";

/**
 * "Load More" as a link to the same list one page longer: without JavaScript it loads that page;
 * with JavaScript the list grows in place (the new items keep the earlier ones' place and scroll).
 * A click before hydration is held until then (`page-bootstrap.ts`).
 */
export function LoadMore({ to, label = "Load More" }: { to: string; label?: string }) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const target = new URL(to, `http://site${location.pathname}`);
  const loading =
    navigation.state === "loading" &&
    navigation.location?.pathname === target.pathname &&
    navigation.location.search === target.search;
  return (
    <div className="mt-12 flex justify-center">
      <Link
        to={to}
        preventScrollReset
        data-analytics=""
        data-hold-until-hydrated=""
        aria-disabled={loading || undefined}
        onClick={(event) => {
          if (loading) event.preventDefault();
          if (
            event.defaultPrevented ||
            event.button !== 0 ||
            event.metaKey ||
            event.altKey ||
            event.ctrlKey ||
            event.shiftKey
          )
            return;
          // "Loading..." is drawn as the navigation starts (flushSync). The router's updates are
          // otherwise transitions: when the next page's answer came before the loading state was drawn
          // (a busy phone), React drew only the newer update, which waits for the streamed list, and
          // the visitor saw "Load More" unchanged until the new items came. The arrival is still a
          // transition, so the items shown stay in place meanwhile.
          event.preventDefault();
          void navigate(to, { preventScrollReset: true, flushSync: true });
        }}
        className="inline-flex min-h-12 items-center justify-center rounded-full border border-brand-700 px-7 font-semibold text-brand-700 transition-colors hover:bg-brand-50 aria-disabled:cursor-wait aria-disabled:opacity-70"
      >
        {loading ? "Loading..." : label}
      </Link>
    </div>
  );
}

/**
 * A list that grows by pages: its items, then "Load More" while more remain. When it grows, keyboard
 * focus moves to the first new item.
 */
export function GrowingList<T>({
  items,
  keyOf,
  moreHref,
  className,
  children,
}: {
  items: T[];
  keyOf: (item: T) => string;
  /** Where "Load More" leads, or null when nothing more remains. */
  moreHref: string | null;
  className: string;
  children: (item: T) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  useFocusNewItems(list, items.length);
  return (
    <>
      <ul ref={list} className={className}>
        {items.map((item) => (
          <li key={keyOf(item)}>{children(item)}</li>
        ))}
      </ul>
      {moreHref ? <LoadMore to={moreHref} /> : null}
    </>
  );
}
