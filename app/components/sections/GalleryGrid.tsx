import { useId, useLayoutEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { type GalleryCategory, galleryTagLabels } from "~/content/gallery";
import { contractProps } from "~/first-seconds/answer";
import { cn } from "~/components/cn";
import type { GalleryImage } from "~/domain/cms-types";
import { GALLERY_PATH, isCategoryActive, tagsFromSearch, toggleCategory, TAGS_PARAM } from "~/domain/gallery-filter";
import type { StreamedSection } from "~/loaders/section-state";
import { cardClasses } from "../ui/Card";
import { ContentImage } from "../ui/ContentImage";
import { DeferredSection } from "../ui/DeferredSection";
import type { NextPage } from "~/domain/paging";
import { GrowingList } from "../ui/LoadMore";
import { Skeleton } from "../ui/Skeleton";

export const GALLERY_ERROR_MESSAGE = "Error loading gallery images. Please try again later.";
export const GALLERY_EMPTY_MESSAGE = "No images found matching your criteria.";

export interface GalleryData {
  images: GalleryImage[];
  /** Where "Load More" leads, or null when no more images remain. */
  moreHref: string | null;
  /** The images "Load More" adds, and where the one after leads (null when nothing more remains). */
  next: NextPage<GalleryImage> | null;
}

/**
 * The gallery (docs/pages.md): category filters that toggle their tag groups, mirrored in the address
 * (`?tags=a,b`), and the image grid, streamed after the page's hero. The filters are checkboxes of a
 * GET form (sent with Apply without JavaScript): the browser draws a tap at once, before hydration
 * too, and the hydrated page reads the boxes and changes the list in place; should the scripts fail,
 * the first script sends the form (`first-seconds/first-script.ts`).
 */
export function GalleryGrid({
  categories,
  tags,
  section,
}: {
  categories: readonly GalleryCategory[];
  tags: string[];
  section: StreamedSection<GalleryData>;
}) {
  const headingId = useId();
  const shownTags = usePendingTags(tags);
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  // The filter is drawn as its navigation starts (flushSync), as Load More's "Loading..." is: the
  // router's updates are otherwise transitions, which a busy phone drew 200-300 ms late.
  // The address as the server spells it (`?tags=a,b` in the filters' order, none for no filter).
  const filter = (next: string[]) =>
    void submit(next.length > 0 ? { [TAGS_PARAM]: next.join(",") } : {}, {
      method: "get",
      action: GALLERY_PATH,
      preventScrollReset: true,
      flushSync: true,
    });
  // Boxes a visitor changed before hydration (the browser drew them at once) are the filter to show.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page hydrates; later changes are the boxes' own events
  useLayoutEffect(() => {
    const boxes = form.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]") ?? [];
    const chosen = categories.reduce(
      (next, category, index) =>
        boxes[index]?.checked === isCategoryActive(category, next) ? next : toggleCategory(category, next),
      tags,
    );
    if (chosen !== tags) filter(chosen);
  }, []);
  // The boxes are the filter's state (docs/decisions/015-gallery-filters-are-checkboxes.md): the browser
  // draws a tap itself, and React sets them only when the address changes otherwise (Clear Filters,
  // back and forward).
  const shownKey = shownTags.join(",");
  const drawnKey = useRef(shownKey);
  useLayoutEffect(() => {
    if (drawnKey.current === shownKey) return;
    drawnKey.current = shownKey;
    const boxes = form.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]") ?? [];
    const shown = shownKey === "" ? [] : shownKey.split(",");
    categories.forEach((category, index) => {
      const box = boxes[index];
      if (box) box.checked = isCategoryActive(category, shown);
    });
  }, [shownKey, categories]);
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id={headingId} className="sr-only">
        Photos
      </h2>
      <Form
        ref={form}
        method="get"
        action={GALLERY_PATH}
        preventScrollReset
        className="flex flex-wrap items-center gap-3"
      >
        <span className="mr-1 text-sm font-semibold uppercase tracking-wider text-muted">Filter</span>
        {categories.map((category) => (
          <label
            key={category.label}
            className={cn(
              "inline-flex min-h-11 cursor-pointer items-center rounded-full border px-5 text-sm font-semibold transition-colors",
              "border-line bg-surface text-ink hover:border-brand-300 hover:bg-brand-50",
              "has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:checked]:hover:bg-brand-600",
              "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-400",
            )}
          >
            <input
              type="checkbox"
              name={TAGS_PARAM}
              value={category.tags.join(",")}
              defaultChecked={isCategoryActive(category, shownTags)}
              // A click whose default was cancelled leaves the box as it was.
              onChange={(event) => event.nativeEvent.defaultPrevented || filter(toggleCategory(category, shownTags))}
              data-analytics={category.label}
              {...contractProps.held()}
              className="sr-only"
            />
            {category.label}
          </label>
        ))}
        {/* Without JavaScript a change of the boxes is sent with this; with it, at once. */}
        <button
          type="submit"
          className="hidden min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white no-js:inline-flex"
        >
          Apply
        </button>
        {shownTags.length > 0 ? (
          <Link
            to={GALLERY_PATH}
            preventScrollReset
            data-analytics=""
            {...contractProps.held()}
            className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-600"
          >
            Clear Filters
          </Link>
        ) : null}
      </Form>
      {/* A new filter starts a new list (the loaded images are cleared); Load More keeps it. */}
      <DeferredSection
        key={tags.join(",")}
        section={section}
        loading={<GallerySkeleton />}
        empty={<p className="mt-10 text-lg text-muted">{GALLERY_EMPTY_MESSAGE}</p>}
        error={
          <p role="alert" className="mt-10 text-lg text-muted">
            {GALLERY_ERROR_MESSAGE}
          </p>
        }
      >
        {(data) => <ImageGrid {...data} />}
      </DeferredSection>
    </section>
  );
}

/** While a new filter loads, its buttons already show it. */
function usePendingTags(tags: string[]): string[] {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.location;
  if (navigation.state !== "idle" && pending?.pathname === location.pathname) {
    return tagsFromSearch(new URLSearchParams(pending.search));
  }
  return tags;
}

function ImageGrid({ images, moreHref, next }: GalleryData) {
  return (
    <GrowingList
      items={images}
      next={next}
      keyOf={(item) => item.id}
      moreHref={moreHref}
      className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
    >
      {(item) => (
        <figure className={`${cardClasses} flex h-full flex-col overflow-hidden`}>
          <ContentImage
            image={item.image}
            alt={item.image.description || item.title}
            sizes="(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw"
            className="aspect-[4/3] w-full"
          />
          <figcaption className="flex flex-1 flex-col p-5">
            <span className="font-display text-lg font-semibold text-ink">{item.title}</span>
            {item.description ? (
              <span className="mt-1 text-sm leading-relaxed text-muted">{item.description}</span>
            ) : null}
            {item.tags.length > 0 ? (
              <span className="mt-3 flex flex-wrap gap-2">
                {item.tags.map((tag) => (
                  <span
                    key={tag}
                    className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700"
                  >
                    {galleryTagLabels[tag] ?? tag}
                  </span>
                ))}
              </span>
            ) : null}
          </figcaption>
        </figure>
      )}
    </GrowingList>
  );
}

function GallerySkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading images" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <li key={index} className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface">
          <Skeleton className="aspect-[4/3] w-full rounded-none" />
          <div className="space-y-2 p-5">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}
