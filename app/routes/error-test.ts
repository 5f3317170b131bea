import { data } from "react-router";
import { appContext } from "~/context";
import type { Route } from "./+types/error-test";

/**
 * A route that fails on purpose, so the end-to-end tests can check the error page and its status.
 * It exists only when the server runs with ERROR_TEST_ROUTE=true; otherwise it is not found.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(appContext).errorTestRoute) throw data(null, { status: 404 });
  throw new Error("Deliberate failure for the error page test");
}

export default function ErrorTestRoute() {
  return null;
}
