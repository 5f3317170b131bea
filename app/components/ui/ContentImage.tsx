import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "~/components/cn";
import { cardImageWidths, responsiveContentImage } from "~/domain/images";

export interface ImageSource {
  url: string;
  width: number | null;
  height: number | null;
  /** Alternative text; empty for a decorative image. */
  description: string;
}

export interface ContentImageProps {
  image: ImageSource;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** Widths offered in `srcset` through the content service's Images API. */
  widths?: readonly number[];
  /** `false` for images that are not served by the Images API (e.g. event covers): used as they are. */
  resize?: boolean;
  /** The widths of an image that is a file of the site itself (not the Images API), used as given. */
  srcSet?: string;
  /** Overrides the asset's own description as the alternative text. */
  alt?: string;
  /** The page's main image: loaded at once and early. Others load lazily near the viewport. */
  priority?: boolean;
  /** Classes of the frame (size, aspect ratio, rounding); the image fills it. */
  className?: string;
  /** The frame takes the image's own aspect ratio (where `className` gives it none). */
  imageAspectRatio?: boolean;
  /** Shown instead when the image fails to load; by default nothing is shown. */
  fallback?: ReactNode;
}

/**
 * The site's one image component: a pulsing placeholder while the image loads,
 * nothing (or the fallback) when it fails. Content images are requested in the size they are shown
 * (WebP through the Images API, with `srcset`), with their intrinsic size so nothing shifts.
 */
export function ContentImage({
  image,
  sizes,
  widths = cardImageWidths,
  resize = true,
  srcSet,
  alt,
  priority = false,
  className,
  imageAspectRatio = false,
  fallback = null,
}: ContentImageProps) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const imageRef = useRef<HTMLImageElement>(null);

  // The image may have loaded or failed before hydration, when React could not see the event.
  useEffect(() => {
    const element = imageRef.current;
    if (!element?.complete) return;
    setState(element.naturalWidth > 0 ? "loaded" : "failed");
  }, []);

  if (state === "failed") return <>{fallback}</>;
  const source = srcSet
    ? { src: image.url, srcSet }
    : resize
      ? responsiveContentImage(image.url, widths)
      : { src: image.url };
  // The frame holds the image's place before it is shown (app.css: a lazy image waits for the hero).
  const aspectRatio = imageAspectRatio && image.width && image.height ? `${image.width} / ${image.height}` : undefined;
  // Spans shown as blocks, so the image may also stand where only phrasing content is allowed (a video
  // tile's play button).
  return (
    <span
      aria-busy={state === "loading"}
      className={cn("relative block overflow-hidden bg-stone-200", className)}
      style={aspectRatio ? { aspectRatio } : undefined}
    >
      {state === "loading" ? <span aria-hidden="true" className="absolute inset-0 animate-pulse bg-stone-200" /> : null}
      <img
        ref={imageRef}
        src={source.src}
        srcSet={source.srcSet}
        sizes={source.srcSet ? sizes : undefined}
        width={image.width ?? undefined}
        height={image.height ?? undefined}
        alt={alt ?? image.description}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        onLoad={() => setState("loaded")}
        onError={() => setState("failed")}
        className="relative size-full object-cover"
      />
    </span>
  );
}
