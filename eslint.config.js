import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const oneAdapter = "Only the service's adapter imports its SDK, and only its loader imports the adapter.";

const features = ["admin", "chat", "contact", "demos", "landing", "legal", "site-shell", "voice"];

// Code flows one way: config → lib → content → components → features → routes. Features never
// import each other; what two features share moves down to app/lib or app/components/ui.
const featureZones = [
  ...features.map((f) => ({
    target: `./app/features/${f}`,
    from: "./app/features",
    except: [`./${f}`],
    message: "Features never import each other: move what they share to app/lib or app/components/ui.",
  })),
  {
    target: ["./app/lib", "./app/components", "./app/config", "./app/content", "./app/boot"],
    from: ["./app/features", "./app/routes"],
    message: "Shared code must not import features or routes.",
  },
  { target: "./app/features", from: "./app/routes", message: "Features must not import routes." },
  {
    target: "./app/routes/!(admin).tsx",
    from: "./app/features/admin",
    message: "Only routes/admin.tsx imports the operator's page: no public page may carry it.",
  },
];

// The load-time machinery (app/boot/README.md) is the page shell's: root.tsx and the entries.
const bootZone = {
  target: ["./app/features", "./app/routes", "./app/lib", "./app/components", "./app/config", "./app/content"],
  from: "./app/boot",
  message: "Only the page shell uses app/boot: name a part with <PagePart> (app/lib/page-part.tsx).",
};

const rooms = ["config", "lib", "content", "components"];
/** Each shared room imports only the rooms before it. */
const roomZones = rooms.slice(0, -1).map((room, i) => ({
  target: `./app/${room}`,
  from: rooms.slice(i + 1).map((r) => `./app/${r}`),
  message: `Shared rooms import downwards only (${rooms.join(" → ")}): app/${room} comes before these.`,
}));

// common/ holds what the browser and the server both run: pure, importing neither side.
const commonZone = {
  target: "./common",
  from: ["./app", "./server", "./scripts", "./evals"],
  message: "common/ is pure code both sides run: it imports neither app/, server/, scripts/ nor evals/.",
};
// The site ships no evaluation: the build passes the tuning sets in (scripts/lib/site-config.mjs).
const evalsZone = {
  target: "./app",
  from: "./evals",
  message: "Production code never imports evals/: the build passes the question sets in.",
};
// The server runs common/ and the build's output, never the app's modules (its copy comes built).
const appZone = {
  target: "./server",
  from: "./app",
  message: "The server imports no app/ module: move pure code both run to common/.",
};
const adaptersZone = {
  target: "./server/adapters",
  from: "./server/routes",
  message: "Adapters never import routes: the capability passes what an adapter needs in.",
};
// A capability builds on adapters and server/lib, never on another's endpoints.
const bookingZone = {
  target: "./server/booking",
  from: "./server/routes",
  message: "server/booking never imports routes: what both use lives in server/lib or server/guards.",
};
const capabilityZone = {
  target: "./server/adapters",
  from: "./server/booking",
  message: "Adapters never import a capability (server/booking): it hands the adapter what it needs.",
};

// What server/ may import (applied below, after the store's block).
const serverZone = {
  target: "./server",
  from: "./scripts",
  message: "The server never imports scripts/: move what both need to server/lib, and import it from there.",
};
const testingZone = {
  target: "./server",
  from: "./server/testing",
  message: "server/testing holds test doubles for tests, benches and scripts: production code never imports it.",
};

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
      "import-x/no-restricted-paths": ["error", { zones: [...featureZones, bootZone] }],
      "import-x/no-cycle": "error",
    },
    settings: { "import-x/resolver": { typescript: true, node: true } },
  },
  // The shared rooms' order, for the code that ships (tests may use real copy as fixtures).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...featureZones, bootZone, ...roomZones, evalsZone] }],
    },
  },
  // One adapter per outside service (shared/STYLE.md, decisions 001 and 011): only the adapter
  // imports the SDK, and only its loader imports the adapter, with import(), so the SDK never
  // reaches a page before the visitor asks for it. Tests of an adapter may import its SDK.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/features/voice/vapi-client.ts",
      "app/features/voice/load-voice-client.ts",
      "app/lib/email/email-client.ts",
      "app/lib/email/site-outbox.ts",
      "app/**/*.test.{ts,tsx}",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@vapi-ai/*", "@daily-co/*", "@emailjs/*", "**/vapi-client", "**/email-client"],
              message: oneAdapter,
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression[source.value=/(@vapi-ai|@daily-co|@emailjs)\\/|\\/(vapi|email)-client$/]",
          message: oneAdapter,
        },
      ],
    },
  },
  // One adapter per engine: only the store opens a database; tests make their own databases.
  {
    files: ["server/**/*.mjs", "scripts/**/*.mjs", "tests/**/*.ts"],
    ignores: ["server/adapters/store/engines.mjs", "server/testing/postgres.mjs"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["better-sqlite3", "pg"].map((name) => ({
            name,
            message: "Open the database through server/adapters/store/.",
          })),
        },
      ],
    },
  },
  // The server's folders (README.md, "Where things live"): no server file imports scripts/, and no
  // production module (neither a test nor in server/testing) imports server/testing.
  {
    files: ["server/**/*.mjs", "scripts/**/*.mjs"],
    plugins: { "import-x": importX },
    rules: { "import-x/no-restricted-paths": ["error", { zones: [serverZone] }] },
    settings: { "import-x/resolver": { typescript: true, node: true } },
  },
  {
    files: ["server/**/*.mjs"],
    ignores: ["server/**/*.test.mjs", "server/testing/**"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { zones: [serverZone, testingZone, appZone, adaptersZone, capabilityZone, bookingZone] },
      ],
    },
  },
  {
    files: ["common/**/*.{mjs,ts}"],
    plugins: { "import-x": importX },
    rules: { "import-x/no-restricted-paths": ["error", { zones: [commonZone] }] },
    settings: { "import-x/resolver": { typescript: true, node: true } },
  },
  // The mailer is the only importer of nodemailer; the SMTP server is for tests on loopback.
  {
    files: ["server/**/*.mjs", "scripts/**/*.mjs"],
    ignores: [
      "server/adapters/notify/mailer.mjs",
      "server/testing/receivers.mjs",
      "server/testing/postgres.mjs",
      "server/adapters/store/**",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            ...["better-sqlite3", "pg"].map((name) => ({
              name,
              message: "Open the database through server/adapters/store/.",
            })),
            ...["nodemailer", "smtp-server"].map((name) => ({
              name,
              message: "Send mail through server/adapters/notify/mailer.mjs.",
            })),
            { name: "tsdav", message: "Reach the team's calendar through server/adapters/calendar/." },
          ],
        },
      ],
    },
  },
  // The calendar adapter (and its tests against radicale) is the only importer of tsdav.
  {
    files: ["server/adapters/calendar/**/*.mjs"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            ...["better-sqlite3", "pg"].map((name) => ({
              name,
              message: "Open the database through server/adapters/store/.",
            })),
            ...["nodemailer", "smtp-server"].map((name) => ({
              name,
              message: "Send mail through server/adapters/notify/mailer.mjs.",
            })),
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}", "tests/**/*.ts", "*.config.ts"],
    languageOptions: { globals: { ...globals.node } },
    // Playwright fixtures call `use`, which is not React's hook.
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
