import { useId } from "react";
import { siteImage } from "~/content/site-images";
import type { VideoTour } from "~/content/copy-types";
import { cn } from "~/components/cn";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";
import { VideoPlayer } from "../ui/VideoPlayer";

/**
 * One or two video tours, each a click-to-load player (nothing of the video loads before a click);
 * a tour without a video shows its poster alone.
 */
export function VideoTours({
  id,
  eyebrow,
  title,
  description,
  videos,
  children,
}: {
  /** An anchor for in-page links (e.g. the Think Lounge hero's 'Virtual Tour'). */
  id?: string;
  eyebrow?: string;
  title: string;
  description?: string;
  videos: VideoTour[];
  children?: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={cn(sectionFrame, "scroll-mt-20")}>
      <SectionHeader id={headingId} eyebrow={eyebrow} title={title} description={description} />
      {children}
      <ul className={cn("stagger mt-10 grid gap-8", videos.length > 1 && "lg:grid-cols-2")}>
        {videos.map((video) => {
          const poster = video.poster ? siteImage(video.poster) : null;
          return (
            <li key={video.key}>
              <VideoPlayer
                title={video.title}
                video={video.video}
                thumbnail={poster ? { url: poster.src, width: 1280, height: 720, description: "" } : null}
                thumbnailSrcSet={poster?.srcSet}
                sizes={videos.length > 1 ? "(min-width: 1024px) 50vw, 100vw" : "(min-width: 1280px) 1216px, 100vw"}
              />
              <h3 className="mt-4 text-lg font-semibold text-ink">{video.title}</h3>
              <p className="mt-1 text-muted">{video.description}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
