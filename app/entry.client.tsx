import { hydrateDocument } from "./first-seconds/hydrate.client";

// The client entry hydrates the document the server rendered (docs/architecture.md#the-first-seconds).
hydrateDocument();
