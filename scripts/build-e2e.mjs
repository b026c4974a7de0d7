// Builds a second copy of the site into build-e2e/ with test values for the public EmailJS
// settings, so browser tests can check the real EmailJS path (its host intercepted) beside the
// default build, which sends to the local inbox.
import { spawnSync } from "node:child_process";

export const E2E_EMAILJS = {
  VITE_EMAILJS_PUBLIC_KEY: "test-public-key",
  VITE_EMAILJS_SERVICE_ID: "service_test",
  VITE_EMAILJS_TEMPLATE_CONTACT: "template_contact",
  VITE_EMAILJS_TEMPLATE_GET_STARTED: "template_get_started",
  VITE_EMAILJS_TEMPLATE_LEAD: "template_lead",
};

const r = spawnSync("npm", ["run", "build"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, BUILD_DIR: "build-e2e", ...E2E_EMAILJS },
});
process.exit(r.status ?? 1);
