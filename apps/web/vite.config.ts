import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { speculationRules } from "./app/speculation-rules";
import { consoleChunk, earlySessionRequest, frameworkModules } from "./console-chunks";
import { enhanceEntry, enhanceScriptUrls, setBuildEnv } from "./islands-build";
import { preactInTheBrowser } from "./preact-in-the-browser";

setBuildEnv();

export default defineConfig(({ command, mode }) => {
  // Content pages load the enhancement script built by vite.islands.config.ts (its hashed URL comes
  // from that build's manifest); the development server compiles it from source instead, and
  // generating route types (`react-router typegen --mode typegen`, which loads this config as for
  // a build) needs neither, so a fresh clone typechecks before anything is built.
  const enhance =
    command === "build" && mode !== "typegen"
      ? enhanceScriptUrls()
      : { script: `/${enhanceEntry}`, preloads: [] };
  process.env.VITE_ENHANCE_SCRIPT = enhance.script;
  process.env.VITE_ENHANCE_PRELOADS = enhance.preloads.join(" ");
  // Made here, from the route table, so the route table itself (every page's title and summary)
  // stays out of the JavaScript the console loads: the document only needs the rules' text.
  process.env.VITE_SPECULATION_RULES = speculationRules();
  return {
    plugins: [preactInTheBrowser(), tailwindcss(), reactRouter()],
    resolve: {
      alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    },
    build: {
      sourcemap: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: "console-session", test: earlySessionRequest, priority: 4 },
              { name: "framework", test: frameworkModules, priority: 3 },
              { name: consoleChunk("console-start"), priority: 2 },
              { name: consoleChunk("console-route-data"), priority: 1.5 },
              { name: consoleChunk("console-sign-in"), priority: 1 },
            ],
          },
        },
      },
    },
  };
});
