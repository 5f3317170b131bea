import { data } from "react-router";
import { ErrorPage } from "~/components/sections/ErrorPage";
import { pageMeta } from "~/seo/seo";
import type { Route } from "./+types/not-found";

export function loader({ params }: Route.LoaderArgs) {
  return data({ path: `/${params["*"] ?? ""}` }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: "Page not found",
    description: "This page does not exist.",
    path: loaderData?.path ?? "/",
    matches,
    noIndex: true,
  });

export default function NotFoundPage() {
  return <ErrorPage kind="not-found" />;
}
