/**
 * The browser code of the content pages, built apart from React Router's build (which serves the
 * console): the enhancement script and, as chunks it imports only when a visitor needs them, the
 * islands (the chat widget, the contact form's inline validation, the map). See islands-build.ts.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { enhanceEntry, islandsBuildDir, setBuildEnv } from "./islands-build";

setBuildEnv();

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The site's stylesheet comes from React Router's build; nothing here needs public/ copied.
  publicDir: false,
  build: {
    outDir: islandsBuildDir,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // Every browser that runs module scripts has modulepreload or ignores it harmlessly.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { enhance: enhanceEntry },
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
