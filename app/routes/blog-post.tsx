import { data } from "react-router";
import { PageHero } from "~/components/sections/PageHero";
import { ButtonLink } from "~/components/ui/Button";
import { fallbackHeroImage } from "~/content/hero-images";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import type { BlogPost } from "~/lib/content-types";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog-post";

type PostState = { status: "found"; post: BlogPost } | { status: "missing" } | { status: "error" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const { content } = getServices(context);
  const [postState, hero] = await Promise.all([
    content.getBlogPostBySlug(params.slug).then(
      (post): PostState => (post ? { status: "found", post } : { status: "missing" }),
      (error: unknown): PostState => {
        console.error("Error loading blog post:", error);
        return { status: "error" };
      },
    ),
    content.getPageHero("blog-post"),
  ]);
  const statusCode = postState.status === "found" ? 200 : postState.status === "missing" ? 404 : 503;
  return data({ postState, hero }, { status: statusCode });
}

const messages = {
  missing: "Blog post not found.",
  error: "Error loading blog post. Please try again later.",
} as const;

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const post = loaderData?.postState.status === "found" ? loaderData.postState.post : null;
  return pageMeta({
    title: post?.title ?? pages.blog.heading,
    description: post?.excerpt || pages.blog.description,
    path: `/blog/${params.slug}`,
    type: "article",
    image: post?.featuredImage?.url,
    matches,
    noIndex: !post,
  });
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { postState, hero } = loaderData;
  const post = postState.status === "found" ? postState.post : null;
  return (
    <PageHero
      slug="blog-post"
      title={post ? post.title : messages[postState.status as keyof typeof messages]}
      description={post?.excerpt}
      fallbackImage={fallbackHeroImage("community")}
      background={post?.featuredImage ?? hero.background}
      site={hero.site}
    >
      <ButtonLink to="/blog" variant="light" size="lg">
        All posts
      </ButtonLink>
    </PageHero>
  );
}
