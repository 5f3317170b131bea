import { createContext, type ReactNode, useContext } from "react";
import type { PublicConfig } from "~/domain/public-config";

const SiteConfigContext = createContext<PublicConfig | null>(null);

export function SiteConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <SiteConfigContext value={config}>{children}</SiteConfigContext>;
}

/** The public settings the server sent with the page (site URL, time zone, widget addresses). */
export function useSiteConfig(): PublicConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error("useSiteConfig must be used inside SiteConfigProvider");
  return config;
}
