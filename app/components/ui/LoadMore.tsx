import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { AnswerTemplate, contractProps, useAnsweredBeforeHydration } from "~/first-seconds/answer";
import { ATTRIBUTES } from "~/first-seconds/contract";
import type { NextPage } from "~/domain/paging";
import { useFocusNewItems } from "~/first-seconds/hooks";
import { firstNewItemSelector, opensElsewhere } from "~/first-seconds/shared";

/**
 * "Load More" as a link to the same list one page longer: without JavaScript it loads that page;
 * with JavaScript the list grows in place (the new items keep the earlier ones' place and scroll).
 * A click before hydration is held until then (`first-seconds/first-script.ts`). `onPress` shows what the click
 * brings before the navigation to `to` does (the list's next page, which came with the list).
 */
export function LoadMore({
  to,
  label = "Load More",
  onPress,
  answerKey,
}: {
  to: string;
  label?: string;
  onPress?: () => void;
  /** Its key while the page's first script can answer it (`first-seconds/answer.tsx`). */
  answerKey?: string;
}) {
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
        {...contractProps.held()}
        {...contractProps.answered(answerKey)}
        aria-disabled={loading || undefined}
        onClick={(event) => {
          if (loading) event.preventDefault();
          if (event.defaultPrevented || opensElsewhere(event.nativeEvent)) return;
          // "Loading..." is drawn as the navigation starts (flushSync). The router's updates are
          // otherwise transitions: when the next page's answer came before the loading state was drawn
          // (a busy phone), React drew only the newer update, which waits for the streamed list, and
          // the visitor saw "Load More" unchanged until the new items came. The arrival is still a
          // transition, so the items shown stay in place meanwhile.
          event.preventDefault();
          if (onPress) flushSync(onPress);
          void navigate(to, { preventScrollReset: true, flushSync: !onPress });
        }}
        className="inline-flex min-h-12 items-center justify-center rounded-full border border-brand-700 px-7 font-semibold text-brand-700 transition-colors hover:bg-brand-50 aria-disabled:cursor-wait aria-disabled:opacity-70"
      >
        {loading ? "Loading..." : label}
      </Link>
    </div>
  );
}

/**
 * A list that grows by pages: its items, then "Load More" while more remain. With the next page's
 * items at hand (`next`, loaded with the list), "Load More" adds them at once, and the navigation to
 * the longer list's address follows (its answer holds the same items, and the page after). Pressed
 * before hydration, the page's first script adds them (`first-seconds/answer.tsx`), and the
 * navigation follows hydration. When the list grows, keyboard focus moves to the first new item.
 */
export function GrowingList<T>({
  items,
  next = null,
  keyOf,
  moreHref,
  className,
  children,
}: {
  items: T[];
  next?: NextPage<T> | null;
  keyOf: (item: T) => string;
  /** Where "Load More" leads, or null when nothing more remains. */
  moreHref: string | null;
  className: string;
  children: (item: T) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const navigate = useNavigate();
  const answerKey = useId();
  const answered = useAnsweredBeforeHydration([answerKey]) !== null;
  // The items the next page was added to at once; new items (the navigation's answer) replace both.
  const [grownFrom, setGrownFrom] = useState<T[] | null>(next && answered ? items : null);
  const grown = next !== null && grownFrom === items;
  const shown = grown ? [...items, ...next.items] : items;
  useFocusNewItems(list, shown.length);

  // Grown by the first script: the address follows now.
  const grownBeforeHydration = useRef(grownFrom !== null);
  useEffect(() => {
    if (!grownBeforeHydration.current || !moreHref) return;
    grownBeforeHydration.current = false;
    void navigate(moreHref, { preventScrollReset: true });
  }, [moreHref, navigate]);

  const view = { keyOf, className, children };
  // One structure whether or not the list can still be answered, so that growing keeps its items.
  const answerable = next !== null && !grown;
  return (
    <div className="contents">
      <GrowingListView
        {...view}
        items={shown}
        listRef={list}
        moreHref={grown ? next.moreHref : moreHref}
        onPress={answerable ? () => setGrownFrom(items) : undefined}
        answerKey={answerable ? answerKey : undefined}
      />
      {answerable ? (
        // Merged into the list, so the tap's frame draws only the new items; focus goes to the first new
        // item, or stays on Load More where the items hold nothing to focus (images), as hydrated. Should
        // the scripts not come, the list keeps them, and Load More leads one page further as a link.
        <AnswerTemplate answerKey={answerKey} focus={`${firstNewItemSelector(items.length)}, a[${ATTRIBUTES.hold}]`}>
          <div className="contents">
            <GrowingListView {...view} items={[...items, ...next.items]} moreHref={next.moreHref} />
          </div>
        </AnswerTemplate>
      ) : null}
    </div>
  );
}

function GrowingListView<T>({
  items,
  keyOf,
  moreHref,
  className,
  children,
  listRef,
  onPress,
  answerKey,
}: {
  items: T[];
  keyOf: (item: T) => string;
  moreHref: string | null;
  className: string;
  children: (item: T) => ReactNode;
  listRef?: Ref<HTMLUListElement>;
  onPress?: () => void;
  answerKey?: string;
}) {
  return (
    <>
      <ul ref={listRef} className={className}>
        {items.map((item) => (
          <li key={keyOf(item)}>{children(item)}</li>
        ))}
      </ul>
      {moreHref ? <LoadMore to={moreHref} onPress={onPress} answerKey={answerKey} /> : null}
    </>
  );
}
