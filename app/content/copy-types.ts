import type { LucideIcon } from "lucide-react";
import type { VideoSource } from "~/domain/video";
import type { SiteImageName } from "./site-images";

/** The shapes of the static business content. */

export interface PlanCard {
  title: string;
  /** In US dollars. */
  price: number;
  /** "month", "hour", "day"… shown as "/month". */
  period: string;
  /** Shown before the price, e.g. "From". */
  pricePrefix?: string;
  description: string;
  features: string[];
  buttonText: string;
  /** Where the button leads. */
  to: string;
  popular?: boolean;
}

export interface BenefitItem {
  icon: LucideIcon;
  title: string;
  description: string;
  /** The `key` of the content service's `siteImage` entry that illustrates it (docs/content.md). */
  imageKey: string;
}

export interface AmenityItem {
  icon: LucideIcon;
  title: string;
  description: string;
  isPremium?: boolean;
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface VideoTourItem {
  /** The `siteVideo` entry that gives its address (docs/content.md#the-content-model). */
  key: string;
  title: string;
  description: string;
  /** The address used when the content service has no `siteVideo` entry for the key. */
  defaultVideoUrl: string;
  /** The site's own still, shown until the visitor presses play. */
  poster?: SiteImageName;
}

/** A video tour as a page shows it: what Play plays, or null (the poster without Play). */
export interface VideoTour extends Omit<VideoTourItem, "defaultVideoUrl"> {
  video: VideoSource | null;
}

export type BookingOptionKey = "twoHourEvent" | "fullDay" | "halfDay";

export interface BookingOption {
  title: string;
  description: string;
  price: number;
  period: string;
  duration: string;
  originalPrice?: number;
  isPromo?: boolean;
  /** The booking calendar; the page's booking URL is `{BOOKING_WIDGET_URL}/widget/booking/{calendarId}`. */
  calendarId: string;
}
