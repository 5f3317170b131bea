import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { preload } from "react-dom";
import type { ImageAsset } from "~/domain/cms-types";
import { heroImage, type ResponsiveImage } from "~/domain/images";
import { useSiteConfig } from "~/browser/site-config";

export interface PageHeroProps {
  slug: string;
  title: string;
  description?: string;
  /** Shown when the content service has no background for this page or could not be reached. */
  fallbackImage: ResponsiveImage;
  /** The background from the content service, if any. */
  background: ImageAsset | null;
  /** The site the hero content belongs to; only the hub's own site's hero is shown. */
  site: string;
  children?: ReactNode;
}

/**
 * The hero's id: the document's first paint waits until the parser has passed it (root.tsx), so a paint
 * between two pieces of the document never shows its text half parsed (its buttons then pushed the
 * bottom-aligned text up: a layout shift).
 */
export const PAGE_HERO_ID = "page-hero";

/**
 * The large opening section of the hub's pages (docs/content.md#the-content-model, `PageHero`): at least 70% of the viewport
 * high, the background under a dark gradient with a white fade at the bottom, and the title and
 * description rising in. The background is the page's high-priority LCP image.
 */
export function PageHero({ slug, title, description, fallbackImage, background, site, children }: PageHeroProps) {
  const { contentSiteId } = useSiteConfig();
  if (site !== contentSiteId) {
    console.error("Invalid site configuration", { slug, site, expected: contentSiteId });
    return null;
  }
  const image = background ? heroImage(background.url) : fallbackImage;
  return (
    // Keyed by the image, so a new page's hero starts loading afresh even when the route stays the same.
    <HeroFrame
      key={image.src}
      slug={slug}
      image={image}
      fallbackImage={background ? fallbackImage : null}
      title={title}
      description={description}
    >
      {children}
    </HeroFrame>
  );
}

function HeroFrame({
  slug,
  image: primaryImage,
  fallbackImage,
  title,
  description,
  children,
}: {
  slug: string;
  image: ResponsiveImage;
  /** Shown instead when the image fails to load; null when the image already is the fallback. */
  fallbackImage: ResponsiveImage | null;
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  const [usingFallback, setUsingFallback] = useState(false);
  const [settled, setSettled] = useState(false);
  const [failed, setFailed] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);
  // The AVIF where there is one: a browser that cannot show AVIF skips a preload of that type, and
  // finds the WebP in the image itself.
  preload(primaryImage.src, {
    as: "image",
    imageSrcSet: primaryImage.avifSrcSet ?? primaryImage.srcSet,
    imageSizes: "100vw",
    fetchPriority: "high",
    ...(primaryImage.avifSrcSet ? { type: "image/avif" } : {}),
  });
  const image = usingFallback && fallbackImage ? fallbackImage : primaryImage;

  const handleError = () => {
    if (fallbackImage && !usingFallback) setUsingFallback(true);
    else {
      setSettled(true);
      setFailed(true);
    }
  };

  // The image may finish (or fail) before hydration, when React cannot see its load or error event.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the server-rendered image
  useEffect(() => {
    const element = imageRef.current;
    if (!element?.complete) return;
    if (element.naturalWidth > 0) setSettled(true);
    else handleError();
  }, []);

  const headingId = useId();
  return (
    <section
      id={PAGE_HERO_ID}
      aria-labelledby={headingId}
      data-hero-slug={slug}
      // A dark colour under the image keeps the white text readable before the image arrives and without it.
      className="relative isolate flex min-h-[70vh] items-end overflow-hidden bg-brand-950"
    >
      <div className="absolute inset-0 -z-10" aria-busy={!settled}>
        <div className={settled ? "absolute inset-0 bg-brand-900" : "absolute inset-0 animate-pulse bg-brand-900"} />
        <picture key={image.src}>
          {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes="100vw" /> : null}
          <img
            ref={imageRef}
            src={image.src}
            srcSet={image.srcSet}
            sizes="100vw"
            alt=""
            fetchPriority="high"
            loading="eager"
            onLoad={() => setSettled(true)}
            onError={handleError}
            // Hidden once no image could be loaded, or the browser would draw its broken-image icon.
            className={`absolute inset-0 size-full object-cover${failed ? " invisible" : ""}`}
          />
        </picture>
        <div className="absolute inset-0 bg-gradient-to-b from-black/55 via-black/45 to-black/70" />
        <div className="absolute inset-x-0 bottom-0 h-16 bg-gradient-to-b from-transparent to-canvas" />
      </div>
      <div className="mx-auto w-full max-w-7xl px-4 pb-20 pt-24 sm:px-6 sm:pb-24 lg:px-8">
        <div className="max-w-3xl text-white">
          <h1 id={headingId} className="rise-in text-4xl font-semibold leading-tight sm:text-5xl lg:text-6xl">
            {title}
          </h1>
          {description ? (
            <p className="rise-in rise-in-delay-1 mt-5 max-w-2xl text-lg leading-relaxed text-white/90 sm:text-xl">
              {description}
            </p>
          ) : null}
          {children ? <div className="rise-in rise-in-delay-2 mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
      </div>
    </section>
  );
}
