import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import globals from "globals";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";

/** The web app's layers (docs/architecture.md, "Layers"). */
const webTypes = ["web-route", "web-entry", "web-feature", "web-shared", "web-tooling"];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/build/**",
      "**/build-*/**",
      "**/.react-router/**",
      "**/data/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  regexp.configs["flat/recommended"],
  {
    // Every regular expression may see a visitor's input: none may backtrack super-linearly.
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // The layers of docs/architecture.md ("Layers"). Imports are resolved as TypeScript resolves
    // them (the web app's ~/ paths included), so a relative path cannot slip past a rule.
    files: ["apps/**/*.{ts,tsx,js,mjs}", "packages/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "import/resolver": {
        typescript: {
          project: [
            "apps/web/tsconfig.json",
            "apps/server/tsconfig.json",
            "packages/*/tsconfig.json",
          ],
          noWarnOnMultipleProjects: true,
        },
      },
      "boundaries/root-path": import.meta.dirname,
      // The first descriptor a file matches gives its element.
      // An element is the folder its files sit in; the first descriptor that matches gives its type.
      "boundaries/elements": [
        { type: "web-route", partialMatch: false, pattern: "apps/web/app/routes/**" },
        // The enhancement script of the content pages: like a route, it puts features together.
        { type: "web-entry", partialMatch: false, pattern: "apps/web/app/enhance/**" },
        {
          type: "web-feature",
          partialMatch: false,
          pattern: "apps/web/app/features/*/**",
          capture: ["feature"],
        },
        // components/, lib/, hooks/, content/ and the app's own modules (site.ts, brand.ts, ...).
        { type: "web-shared", partialMatch: false, pattern: "apps/web/app/**" },
        // Browser tests, build scripts and configuration.
        { type: "web-tooling", partialMatch: false, pattern: "apps/web/**" },
        { type: "server", partialMatch: false, pattern: "apps/server/**" },
        { type: "package", partialMatch: false, pattern: "packages/*/**", capture: ["package"] },
      ],
      "boundaries/files": [
        {
          category: "test",
          pattern: [
            "**/*.test.{ts,tsx}",
            "**/*.test-support.ts",
            "apps/*/test/**",
            "apps/web/e2e/**",
          ],
        },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          policies: [
            {
              from: { element: { type: "web-feature" } },
              disallow: { to: { element: { type: "web-feature" } } },
              message:
                "A feature does not import another feature: move what both need to lib/ or components/.",
            },
            {
              from: { element: { type: "web-feature" } },
              allow: {
                to: {
                  element: {
                    type: "web-feature",
                    captured: { feature: "{{ from.element.captured.feature }}" },
                  },
                },
              },
            },
            {
              from: { element: { types: { anyOf: ["web-shared", "web-feature"] } } },
              disallow: { to: { element: { types: { anyOf: ["web-route", "web-entry"] } } } },
              message: "Only routes and the enhancement script import route or entry modules.",
            },
            {
              from: { element: { type: "web-shared" } },
              disallow: { to: { element: { type: "web-feature" } } },
              message:
                "Shared code (components/, lib/, hooks/, content/) does not import features: routes put them together.",
            },
            {
              from: { element: { types: { anyOf: webTypes } } },
              disallow: { to: { element: { type: "server" } } },
              message: "The web app never imports server code.",
            },
            {
              // The browser tests throw the server's XSS corpus at the pages.
              from: { element: { type: "web-tooling" }, file: { categories: "test" } },
              allow: { to: { element: { type: "server" }, file: { categories: "test" } } },
            },
            {
              from: { element: { type: "server" } },
              disallow: { to: { element: { types: { anyOf: webTypes } } } },
              message: "The server never imports the web app: share through packages/.",
            },
            {
              // The site's tests check that the server serves every page of the web app's route table.
              from: { element: { type: "server" }, file: { categories: "test" } },
              allow: { to: { element: { type: "web-shared" } } },
            },
            {
              from: { element: { type: "package" } },
              disallow: { to: { element: { types: { anyOf: [...webTypes, "server"] } } } },
              message: "A package imports no app.",
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles (style.md, habit 13): the owner of a type or a value is the module the others
    // depend on. Boundaries has no cycle rule, so import-x's no-cycle, resolving as TypeScript does.
    // Type-only imports count too: a type owned by the module that depends on it is still a cycle.
    files: ["apps/**/*.{ts,tsx,js,mjs}", "packages/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // Without these, import-x reads only .js files and sees no cycle through TypeScript.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: [
            "apps/web/tsconfig.json",
            "apps/server/tsconfig.json",
            "packages/*/tsconfig.json",
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
