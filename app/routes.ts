import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("tour", "routes/tour.tsx"),
  route("members", "routes/members.tsx"),
  route("coworking", "routes/coworking.tsx"),
  route("private-offices", "routes/private-offices.tsx"),
  route("meeting-rooms", "routes/meeting-rooms.tsx"),
  route("event-spaces", "routes/event-spaces.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/tag/:tag", "routes/blog-tag.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("partners", "routes/partners.tsx"),
  route("contact", "routes/contact.tsx"),
  route("gallery", "routes/gallery.tsx"),
  route("press", "routes/press.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("events", "routes/events.tsx"),
  route("__error-test", "routes/error-test.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
