import { type Options, documentToReactComponents } from "@contentful/rich-text-react-renderer";
import { BLOCKS, type Document, INLINES } from "@contentful/rich-text-types";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ImageAsset } from "~/domain/cms-types";
import { ContentImage } from "../ui/ContentImage";

/** Addresses on this site navigate in the app; other web addresses open in a new tab; mail and phone links as they are. */
function RichLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith("/") && !href.startsWith("//")) return <Link to={href}>{children}</Link>;
  if (/^https?:\/\//i.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (/^(mailto|tel):/i.test(href)) return <a href={href}>{children}</a>;
  return <>{children}</>;
}

const options: Options = {
  renderNode: {
    // The page's title is its only h1.
    [BLOCKS.HEADING_1]: (_node, children) => <h2>{children}</h2>,
    [BLOCKS.EMBEDDED_ASSET]: (node) => {
      const image = node.data.target as ImageAsset | null;
      if (!image?.url || !image.contentType.startsWith("image/")) return null;
      return (
        <figure>
          <ContentImage
            image={image}
            sizes="(min-width: 1024px) 704px, 100vw"
            widths={[480, 800, 1200, 1600]}
            className="rounded-2xl"
            imageAspectRatio
          />
          {image.title ? <figcaption>{image.title}</figcaption> : null}
        </figure>
      );
    },
    [BLOCKS.EMBEDDED_ENTRY]: () => null,
    [BLOCKS.EMBEDDED_RESOURCE]: () => null,
    [INLINES.EMBEDDED_ENTRY]: () => null,
    [INLINES.EMBEDDED_RESOURCE]: () => null,
    [INLINES.HYPERLINK]: (node, children) => <RichLink href={String(node.data.uri ?? "")}>{children}</RichLink>,
    [INLINES.ENTRY_HYPERLINK]: (node, children) => {
      const href = (node.data as { href?: unknown }).href;
      return typeof href === "string" ? <Link to={href}>{children}</Link> : children;
    },
    [INLINES.ASSET_HYPERLINK]: (_node, children) => <>{children}</>,
    [INLINES.RESOURCE_HYPERLINK]: (_node, children) => <>{children}</>,
  },
};

/** A post's body, typeset for reading. Links follow the site's rules; unknown embeds are skipped. */
export function RichText({ document }: { document: Document }) {
  return <div className="prose-hub">{documentToReactComponents(document, options)}</div>;
}
