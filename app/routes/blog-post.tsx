import { data } from "react-router";
import { PageHero } from "~/components/sections/PageHero";
import { RelatedPosts } from "~/components/sections/RelatedPosts";
import { RichText } from "~/components/sections/RichText";
import { TagLinks } from "~/components/sections/TagLinks";
import { ButtonLink } from "~/components/ui/Button";
import { VideoPlayer } from "~/components/ui/VideoPlayer";
import { siteImage } from "~/content/site-images";
import { pages } from "~/content/pages";
import { getServices, requestContext } from "~/context";
import { type BlogPost, toPostCard } from "~/domain/cms-types";
import { formatLongDate, isoCalendarDate } from "~/domain/dates";
import { loadPageHero } from "~/loaders/page-loaders.server";
import { pickRandom } from "~/domain/random";
import { richTextToPlainText, truncateText } from "~/domain/rich-text";
import { streamSection } from "~/loaders/sections.server";
import { pageMeta, rootConfig } from "~/seo/seo";
import { useSiteConfig } from "~/browser/site-config";
import { blogPosting } from "~/seo/structured-data";
import { toVideoSource } from "~/domain/video";
import type { Route } from "./+types/blog-post";
import { blogPostPath } from "~/seo/blog-paths";

const RELATED_POSTS = 3;

type PostState = { status: "found"; post: BlogPost } | { status: "missing" } | { status: "error" };

const messages = {
  missing: "Blog post not found.",
  error: "Error loading blog post. Please try again later.",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const { content } = getServices(args.context);
  const { random } = args.context.get(requestContext);
  const { slug } = args.params;
  const [postState, hero] = await Promise.all([
    content.getBlogPostBySlug(slug).then(
      (post): PostState => (post ? { status: "found", post } : { status: "missing" }),
      (error: unknown): PostState => {
        console.error("Error loading blog post:", error);
        return { status: "error" };
      },
    ),
    loadPageHero(args, { slug: "blog-post" }),
  ]);
  const related =
    postState.status === "found"
      ? await streamSection(
          args,
          content.getLatestBlogPosts().then((latest) =>
            pickRandom(
              latest.filter((post) => post.slug !== slug),
              RELATED_POSTS,
              random,
            ).map(toPostCard),
          ),
          { label: "related posts" },
        )
      : null;
  const status = postState.status === "found" ? 200 : postState.status === "missing" ? 404 : 503;
  return data({ postState, hero, related }, { status });
}

/** The description is the excerpt, else the first 150 characters of the body. */
function postDescription(post: BlogPost): string {
  return post.excerpt || truncateText(richTextToPlainText(post.content), 150);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const post = loaderData?.postState.status === "found" ? loaderData.postState.post : null;
  const path = blogPostPath(params.slug);
  const tags = pageMeta({
    title: post?.title ?? messages[loaderData?.postState.status === "error" ? "error" : "missing"],
    description: post ? postDescription(post) : pages.blog.description,
    path,
    type: "article",
    image: post?.featuredImage?.url,
    matches,
    noIndex: !post,
  });
  const siteUrl = rootConfig(matches)?.siteUrl;
  if (!post || !siteUrl) return tags;
  return [
    ...tags,
    {
      "script:ld+json": blogPosting({
        siteUrl,
        path,
        headline: post.title,
        description: postDescription(post),
        image: post.featuredImage?.url ?? null,
        datePublished: post.publishDate,
        author: post.author,
      }),
    },
  ];
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { postState, hero, related } = loaderData;
  const { timeZone } = useSiteConfig();
  const post = postState.status === "found" ? postState.post : null;
  const video = toVideoSource(post?.videoUrl);
  return (
    <>
      <PageHero
        slug="blog-post"
        title={post ? post.title : messages[postState.status === "error" ? "error" : "missing"]}
        description={post?.excerpt}
        fallbackImage={siteImage("community")}
        background={post?.featuredImage ?? hero.background}
        site={hero.site}
      >
        {post ? (
          <p className="flex items-center gap-3 text-white/90">
            <span
              aria-hidden="true"
              className="inline-flex size-10 items-center justify-center rounded-full bg-accent-400 font-semibold text-brand-950"
            >
              {post.author.trim().charAt(0).toUpperCase() || "?"}
            </span>
            <span>
              By <span className="font-semibold text-white">{post.author}</span>
              <span aria-hidden="true"> · </span>
              <time dateTime={isoCalendarDate(post.publishDate, timeZone)}>
                {formatLongDate(post.publishDate, timeZone)}
              </time>
            </span>
          </p>
        ) : (
          <ButtonLink to="/blog" variant="light" size="lg">
            All posts
          </ButtonLink>
        )}
      </PageHero>
      {post ? (
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:px-8 lg:py-16">
          <article className="min-w-0">
            <TagLinks tags={post.tags} />
            {video ? (
              <VideoPlayer
                title={post.title}
                video={video}
                thumbnail={post.featuredImage}
                className="mt-8 max-w-[44rem]"
              />
            ) : null}
            <div className="mt-8 max-w-[44rem]">
              {post.content && post.content.content.length > 0 ? (
                <RichText document={post.content} />
              ) : (
                <p className="text-lg text-muted">No content available.</p>
              )}
            </div>
            <div className="mt-12">
              <ButtonLink to="/blog" variant="secondary">
                All posts
              </ButtonLink>
            </div>
          </article>
          {related ? <RelatedPosts section={related} /> : null}
        </div>
      ) : null}
    </>
  );
}
