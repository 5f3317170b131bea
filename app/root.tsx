import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import favicon from "../public/favicon.svg?inline";
import { PreviewBar } from "./components/layout/PreviewBar";
import { SiteLayout } from "./components/layout/SiteLayout";
import { ErrorPage } from "./components/sections/ErrorPage";
import { PAGE_HERO_ID } from "./components/sections/PageHero";
import { pageTitle, site } from "./config/site";
import { appContext, requestContext } from "./context";
import { recordControlClicks, trackPageView } from "./browser/analytics";
import { yearIn } from "./domain/dates";
import { DOCUMENT_STATE } from "./first-seconds/contract";
import { useNonce } from "./first-seconds/nonce";
import { SiteConfigProvider } from "./browser/site-config";
import { BLOG_FEED_PATH } from "./seo/feed-paths";

export const links: Route.LinksFunction = () => [
  // The production server puts the stylesheet inline in every document it sends (entry.server.tsx), so
  // the first paint waits for no request, and client-side navigations keep it; only the development
  // server links the file.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  // No font preload: the heading face waits for the hero (app.css). The icon (0.4 KB) travels in the
  // page rather than as a request of its own while the hero loads.
  { rel: "icon", href: favicon, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // Feed readers find the blog's feed from any page (docs/architecture.md#feeds).
  { rel: "alternate", type: "application/atom+xml", href: BLOG_FEED_PATH, title: `${site.name} blog` },
];

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: pageTitle(notFound ? "Page not found" : "Something went wrong") },
    { name: "robots", content: "noindex" },
  ];
};

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  return { config, year: yearIn(config.timeZone), preview: context.get(requestContext).preview };
}

/**
 * No form's answer changes what the root loads (the site's settings, the year, whether this is a
 * preview), so a submission does not load it again: a form sent while the site is unreachable (a
 * proxy's 502) then leaves the page and the form as they were, instead of the error page.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod !== undefined && formMethod.toUpperCase() !== "GET") return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const preview = data?.preview ?? false;
  return (
    <html lang="en-US" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c5c" />
        <link rel="expect" href={`#${PAGE_HERO_ID}`} blocking="render" />
        {/* A draft preview is never indexed (the server also says so in X-Robots-Tag). */}
        {preview ? <meta name="robots" content="noindex" /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {preview ? <PreviewBar /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Page views on every navigation, and button clicks anywhere (docs/architecture.md#analytics). */
function useAnalytics() {
  const location = useLocation();
  useEffect(() => {
    document.documentElement.setAttribute(DOCUMENT_STATE.hydrated, "true");
    return recordControlClicks(document);
  }, []);
  useEffect(() => {
    trackPageView(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useAnalytics();
  return (
    <SiteConfigProvider config={loaderData.config}>
      <SiteLayout year={loaderData.year}>
        <Outlet />
      </SiteLayout>
    </SiteConfigProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useAnalytics();
  const data = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const page = notFound ? <ErrorPage kind="not-found" /> : <ErrorPage kind="error" />;
  if (!data) return <SiteLayout year={new Date().getFullYear()}>{page}</SiteLayout>;
  return (
    <SiteConfigProvider config={data.config}>
      <SiteLayout year={data.year}>{page}</SiteLayout>
    </SiteConfigProvider>
  );
}
