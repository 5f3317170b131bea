import { Play } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { AnswerTemplate, contractProps, useAnsweredBeforeHydration } from "~/first-seconds/answer";
import { cn } from "~/components/cn";
import { useAfterNextPaint } from "~/first-seconds/hooks";
import { moveFocusAfterAnswer } from "~/first-seconds/shared";
import { type VideoSource, withAutoplay } from "~/domain/video";
import { ContentImage, type ImageSource } from "./ContentImage";

export interface VideoPlayerProps {
  title: string;
  /** What Play plays (see `toVideoSource`); null when there is no video: the poster shows without Play. */
  video: VideoSource | null;
  /** The site's own still shown until the visitor presses play; a branded poster when absent. */
  thumbnail?: ImageSource | null;
  /** The widths of a still that is a file of the site itself (not a content-service image). */
  thumbnailSrcSet?: string;
  sizes?: string;
  className?: string;
}

/** Play is replaced by the player as it is pressed: keyboard focus moves on to the player (the first script's rule too). */
function takeFocusLeftByPlay(player: HTMLElement | null): void {
  moveFocusAfterAnswer(player, player?.parentElement);
}

/**
 * A click-to-load video (docs/architecture.md#the-first-seconds): a poster and a play button until the visitor presses
 * it, then the video inline: the host's player for YouTube and Vimeo, the browser's own for a video
 * file. Nothing of the video loads before that click. Without JavaScript the tile is a link to the
 * video in a new tab. Before hydration it is already the button, and the page's first script puts the
 * player in place the moment it is pressed (`first-seconds/answer.tsx`); once React has started on
 * the page, a click is held until it is hydrated (`first-seconds/first-script.ts`). Without a video it is the
 * poster alone, with nothing to press.
 */
export function VideoPlayer({
  title,
  video,
  thumbnail,
  thumbnailSrcSet,
  sizes = "(min-width: 1024px) 50vw, 100vw",
  className,
}: VideoPlayerProps) {
  const answerKey = useId();
  const [playing, setPlaying] = useState(useAnsweredBeforeHydration([answerKey]) !== null);
  const frame = cn(
    "relative aspect-video overflow-hidden rounded-[var(--radius-card)] bg-brand-900",
    // The frame clips to its rounded corners, which cut away the focus outline of the control inside
    // (Play, the link without JavaScript, the player), and the ring of a Play tapped before hydration
    // (app.css's `held-ring-frame`): the frame draws them instead.
    "held-ring-frame has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-400",
    className,
  );

  if (playing && video) return <Player frame={frame} title={title} video={video} thumbnail={thumbnail} />;

  const poster = (
    <>
      {thumbnail ? (
        <ContentImage
          image={thumbnail}
          alt=""
          sizes={sizes}
          resize={!thumbnailSrcSet}
          srcSet={thumbnailSrcSet}
          className="absolute inset-0 size-full"
        />
      ) : (
        <span
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,var(--color-brand-500),var(--color-brand-900)_70%)]"
        />
      )}
      <span
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-black/60 via-black/10 to-transparent"
      />
      <span aria-hidden="true" className="absolute inset-x-4 bottom-4 text-left text-base font-semibold text-white">
        {title}
      </span>
    </>
  );
  const playIcon = (
    <span
      aria-hidden="true"
      className="absolute left-1/2 top-1/2 inline-flex size-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-accent-400 text-brand-950 shadow-lg transition group-hover:scale-105"
    >
      <Play className="ml-1 size-7" fill="currentColor" />
    </span>
  );

  if (!video) return <div className={frame}>{poster}</div>;

  return (
    <div className={frame}>
      <button
        type="button"
        className="group absolute inset-0 size-full cursor-pointer no-js:hidden"
        data-analytics={`Play video: ${title}`}
        {...contractProps.held(video.url)}
        {...contractProps.answered(answerKey)}
        onClick={() => setPlaying(true)}
      >
        <span className="sr-only">Play video: {title}</span>
        {poster}
        {playIcon}
      </button>
      <a
        href={video.url}
        target="_blank"
        rel="noopener noreferrer"
        className="group absolute inset-0 hidden size-full no-js:block"
      >
        <span className="sr-only">Play video: {title} (opens in a new tab)</span>
        {poster}
        {playIcon}
      </a>
      <AnswerTemplate answerKey={answerKey}>
        <Player frame={frame} title={title} video={video} thumbnail={thumbnail} />
      </AnswerTemplate>
    </div>
  );
}

/**
 * The video inline, playing: what Play turns the tile into. A video file's controls come once the
 * browser is idle after the player's first frame: the browser's first styling of them took 130-140 ms
 * of a slow phone's main thread, in the very frame that showed the tap's answer. Focus follows them (a
 * video without controls cannot take it). Answered before hydration, the first script does the same.
 */
function Player({
  frame,
  title,
  video,
  thumbnail,
}: {
  frame: string;
  title: string;
  video: VideoSource;
  thumbnail?: ImageSource | null;
}) {
  const controlsShown = useAfterNextPaint("idle");
  const videoElement = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (controlsShown) takeFocusLeftByPlay(videoElement.current);
  }, [controlsShown]);
  return (
    <div className={frame}>
      {video.kind === "embed" ? (
        <iframe
          ref={takeFocusLeftByPlay}
          src={withAutoplay(video.url)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 size-full border-0"
        />
      ) : (
        <video
          ref={videoElement}
          src={video.url}
          aria-label={title}
          controls={controlsShown}
          {...contractProps.controlsAfterPaint()}
          autoPlay
          playsInline
          poster={thumbnail?.url}
          className="absolute inset-0 size-full bg-black object-contain"
        />
      )}
    </div>
  );
}
