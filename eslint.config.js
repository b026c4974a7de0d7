import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = ["chat", "contact", "demos", "landing", "legal", "site-shell", "voice"];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-e2e/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "import-x": importX },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      // Code flows one way: shared (lib, components, config, content) → features → routes.
      // Features never import each other; what two features share moves down to app/lib.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...features.map((f) => ({
              target: `./app/features/${f}`,
              from: "./app/features",
              except: [`./${f}`],
              message: "Features never import each other: move what they share to app/lib or app/components/ui.",
            })),
            {
              target: ["./app/lib", "./app/components", "./app/config", "./app/content"],
              from: ["./app/features", "./app/routes"],
              message: "Shared code must not import features or routes.",
            },
            { target: "./app/features", from: "./app/routes", message: "Features must not import routes." },
          ],
        },
      ],
      "import-x/no-cycle": "error",
    },
    settings: { "import-x/resolver": { typescript: true, node: true } },
  },
  {
    files: ["**/*.{js,mjs}", "tests/**/*.ts", "*.config.ts"],
    languageOptions: { globals: { ...globals.node } },
    // Playwright fixtures call `use`, which is not React's hook.
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
