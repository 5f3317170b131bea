import { useId } from "react";
import { IntroHero } from "~/components/sections/IntroHero";
import { cardClasses } from "~/components/ui/Card";
import { ContactCards } from "~/components/sections/ContactCards";
import { sectionFrame } from "~/components/ui/SectionHeader";
import { site } from "~/config/site";
import { pages } from "~/content/pages";
import { tourCalendarId } from "~/content/pricing";
import { heroLoader } from "~/loaders/page-loaders.server";
import { introPageMeta } from "~/seo/seo";
import { useSiteConfig } from "~/browser/site-config";
import type { Route } from "./+types/tour";

const page = pages.tour;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

/** 'Book Your Free Tour', the booking widget, location, phone, email cards (docs/pages.md). */
export default function TourPage({ loaderData }: Route.ComponentProps) {
  const { bookingWidgetUrl } = useSiteConfig();
  const calendarUrl = `${bookingWidgetUrl}/widget/booking/${tourCalendarId}`;
  const headingId = useId();
  const { contact } = site;
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <section aria-labelledby={headingId} className={sectionFrame}>
        <h2 id={headingId} className="text-3xl font-semibold text-ink sm:text-4xl">
          Pick a time for your tour
        </h2>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className={`${cardClasses} overflow-hidden`}>
            {/* Lazy, so that with JavaScript it waits for the hero like the images below (app.css);
                the box holds its place meanwhile. */}
            <div className="h-[680px] bg-white">
              <iframe
                src={calendarUrl}
                title={`Book a tour of ${site.name}`}
                loading="lazy"
                className="block size-full border-0"
              />
            </div>
            {/* The fallback for browsers without frames. It stands beside the frame rather than in
                it, because browsers ignore an iframe's content: this way it also helps a visitor whose
                calendar fails to load. */}
            <p className="border-t border-line px-6 py-4 text-sm text-muted">
              Booking calendar not showing? Please email{" "}
              <a
                href={`mailto:${contact.email}`}
                className="break-all font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
              >
                {contact.email}
              </a>{" "}
              to schedule your tour.
            </p>
          </div>
          <ContactCards />
        </div>
      </section>
    </>
  );
}
