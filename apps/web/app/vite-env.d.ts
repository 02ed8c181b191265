/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** URL of the enhancement script every content page loads (set by vite.config.ts). */
  readonly VITE_ENHANCE_SCRIPT: string;
  /** Space-separated URLs of the chunks that script imports statically, preloaded with it. */
  readonly VITE_ENHANCE_PRELOADS: string;
  /** The document's Speculation Rules (JSON, made from the route table by vite.config.ts). */
  readonly VITE_SPECULATION_RULES: string;
}
