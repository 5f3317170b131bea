/**
 * Settings the browser may see: the root loader sends them with every page, so nothing secret
 * belongs here. Browser code reads them with `useSiteConfig()`.
 */
export interface PublicConfig {
  /** The canonical origin (SITE_URL), without a trailing slash. */
  siteUrl: string;
  /** The hub's own identifier in the content service's `PageHero.site` (CONTENT_SITE_ID). */
  contentSiteId: string;
  /** The hub's time zone (TZ_SITE) for event and post dates. */
  timeZone: string;
  gaMeasurementId: string | null;
  /** Base of the embedded booking widgets, `{base}/widget/booking/{calendarId}`. */
  bookingWidgetUrl: string;
  /** Base of public event pages and event cover paths (absolute, or a path on this site in demo mode). */
  eventsPublicUrl: string;
}
