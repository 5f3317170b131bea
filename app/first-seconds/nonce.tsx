import { createContext, type ReactNode, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the current response, for inline scripts. It exists only while
 * rendering on the server: browsers hide nonce attributes from scripts, so the browser renders "".
 */
const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext value={nonce}>{children}</NonceContext>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
