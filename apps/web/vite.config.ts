import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The public origin and the app URL are baked into the prerendered pages (canonical links, sign-in
// buttons); they come from the same variables the server reads, with the same defaults.
process.env.VITE_PUBLIC_URL ??= process.env.PUBLIC_URL ?? "http://localhost:3000";
process.env.VITE_APP_URL ??= process.env.APP_URL ?? "https://app.hourline.example";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: { sourcemap: false },
});
