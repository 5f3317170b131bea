import { Check, Quote } from "lucide-react";
import { useId } from "react";
import type { SuccessStory } from "~/domain/cms-types";
import type { StreamedSection } from "~/loaders/section-state";
import { toVideoSource } from "~/domain/video";
import { cardClasses } from "../ui/Card";
import { ContentImage } from "../ui/ContentImage";
import { DeferredSection } from "../ui/DeferredSection";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";
import { Skeleton } from "../ui/Skeleton";
import { VideoPlayer } from "../ui/VideoPlayer";

export const NO_STORIES_MESSAGE = "No success stories available at this time.";

/**
 * Members' success stories from the content service, streamed after the page: a skeleton while they
 * load, 'No success stories available at this time.' when there are none (or they could not be
 * loaded). With `hideWhenEmpty` the section is left out instead (the Think Lounge page shows it only
 * when stories exist).
 */
export function SuccessStories({
  title = "Success Stories",
  description,
  section,
  hideWhenEmpty = false,
}: {
  title?: string;
  description?: string;
  section: StreamedSection<SuccessStory[]>;
  hideWhenEmpty?: boolean;
}) {
  const headingId = useId();
  const frame = (content: React.ReactNode) => (
    <section aria-labelledby={headingId} className={sectionFrame}>
      <SectionHeader id={headingId} eyebrow="Member stories" title={title} description={description} />
      {content}
    </section>
  );
  const none = hideWhenEmpty ? null : frame(<p className="mt-8 text-lg text-muted">{NO_STORIES_MESSAGE}</p>);
  return (
    <DeferredSection
      section={section}
      loading={frame(
        <div aria-busy="true" className="mt-10 grid gap-8 lg:grid-cols-2">
          <span className="sr-only">Loading success stories</span>
          {[0, 1].map((index) => (
            <div key={index} className={`${cardClasses} space-y-4 p-6`}>
              <Skeleton className="aspect-[16/9] w-full" />
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          ))}
        </div>,
      )}
      empty={none}
      error={none}
    >
      {(stories) =>
        frame(
          <ul className="stagger mt-10 grid gap-8 lg:grid-cols-2">
            {stories.map((story) => (
              <li key={story.id}>
                <StoryCard story={story} />
              </li>
            ))}
          </ul>,
        )
      }
    </DeferredSection>
  );
}

function StoryCard({ story }: { story: SuccessStory }) {
  const video = toVideoSource(story.videoUrl);
  const placeholder = <StoryPlaceholder companyName={story.companyName} />;
  return (
    <article className={`${cardClasses} flex h-full flex-col overflow-hidden`}>
      {video ? (
        <VideoPlayer
          title={story.title}
          video={video}
          thumbnail={story.image}
          className="rounded-none"
          sizes="(min-width: 1024px) 50vw, 100vw"
        />
      ) : story.image ? (
        <ContentImage
          image={story.image}
          sizes="(min-width: 1024px) 50vw, 100vw"
          className="aspect-[16/9] w-full"
          fallback={placeholder}
        />
      ) : (
        placeholder
      )}
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">{story.companyName}</p>
        <h3 className="mt-2 text-2xl font-semibold text-ink">{story.title}</h3>
        <p className="mt-3 leading-relaxed text-muted">{story.description}</p>
        {story.quote ? (
          <figure className="mt-6 rounded-2xl bg-brand-50 p-5">
            <Quote aria-hidden="true" className="size-6 text-brand-600" />
            <blockquote className="mt-2 font-display text-lg font-semibold leading-relaxed text-ink">
              {story.quote}
            </blockquote>
            <figcaption className="mt-3 text-sm text-muted">
              <span className="font-semibold text-ink">{story.authorName}</span>
              {story.authorRole ? `, ${story.authorRole}` : ""}
              {story.companyName ? `, ${story.companyName}` : ""}
            </figcaption>
          </figure>
        ) : null}
        {story.benefits.length > 0 ? (
          <ul className="mt-6 space-y-2">
            {story.benefits.map((benefit) => (
              <li key={benefit} className="flex gap-2 text-ink/90">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                {benefit}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The picture of a story without an image (or whose image fails): the brand's colours, a large
 * quotation mark and the member's name, rather than an empty grey block. Decorative: the name is in
 * the card's text too.
 */
function StoryPlaceholder({ companyName }: { companyName: string }) {
  return (
    <div
      aria-hidden="true"
      data-story-placeholder=""
      className="relative flex aspect-[16/9] w-full flex-col justify-between overflow-hidden bg-[linear-gradient(135deg,var(--color-brand-900),var(--color-brand-700))] p-6 sm:p-8"
    >
      <div className="absolute -right-10 -top-10 size-48 rounded-full bg-accent-400/20" />
      <div className="absolute -bottom-16 right-16 size-40 rounded-full border-[18px] border-white/10" />
      <Quote className="relative size-12 text-accent-300" />
      <p className="relative max-w-[80%] font-display text-2xl font-semibold leading-tight text-white sm:text-3xl">
        {companyName || "Member story"}
      </p>
    </div>
  );
}
