import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compactInlineScripts } from "./scripts/compact-inline-scripts.ts";
import { eagerCompile } from "./scripts/eager-compile.ts";
import { precompressAssets } from "./scripts/precompress-assets.ts";

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger shared chunks: every page needs React, the router and the layout, and a
            // page's first load is slower with twenty small requests than with a few.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  priority: 20,
                },
                {
                  // The contact form's fields and messages, which its checks use too: a chunk of /contact's
                  // own, so that neither the checks' chunk nor the layout every page loads carries them.
                  name: "contact-fields",
                  test: /app[\\/]domain[\\/]contact\.ts/,
                  priority: 16,
                },
                {
                  // The contact form's checks (zod), which the form imports when it is first used
                  // (docs/performance.md): one chunk, so that first use costs one request.
                  name: "contact-checks",
                  test: /app[\\/]domain[\\/]contact-checks\.ts|node_modules[\\/]zod[\\/]/,
                  priority: 15,
                },
                {
                  name: "layout",
                  test: /app[\\/](components[\\/](ui[\\/]|layout[\\/]|cn\.ts)|(config|browser|domain|seo|loaders|first-seconds)[\\/])|node_modules[\\/]lucide-react[\\/]/,
                  priority: 10,
                  minShareCount: 2,
                },
                {
                  name: "sections",
                  test: /app[\\/](components[\\/]sections|content)[\\/]/,
                  priority: 5,
                  minShareCount: 2,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        rollupOptions: {
          // The production server's entry: it wraps the React Router request handler.
          input: "./server/start.ts",
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), eagerCompile(), precompressAssets(), compactInlineScripts()],
  resolve: {
    tsconfigPaths: true,
  },
});
