/**
 * The browser build runs React's API on Preact (docs/decisions/0062): in the `client` environment
 * the React packages resolve to `preact/compat`; the server environment (prerendering) keeps React.
 * The development server pre-bundles dependencies with its own resolver, so the same mapping is
 * given to that step too, or React Router would be pre-bundled with React beside the app's Preact.
 */
import type { Plugin as RolldownPlugin } from "rolldown";
import type { Plugin, UserConfig } from "vite";

const preactFor: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/** For the dependency pre-bundling of the development server (client environment only). */
function preactForDependencies(): RolldownPlugin {
  return {
    name: "hourline:preact-for-dependencies",
    async resolveId(source, importer, options) {
      const target = preactFor[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export function preactInTheBrowser(): Plugin {
  return {
    name: "hourline:preact-in-the-browser",
    enforce: "pre",
    config(): UserConfig {
      return {
        environments: {
          client: { optimizeDeps: { rolldownOptions: { plugins: [preactForDependencies()] } } },
        },
      };
    },
    async resolveId(source, importer, options) {
      const target = preactFor[source];
      if (!target || this.environment.name !== "client") return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
