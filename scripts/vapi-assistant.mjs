// `npm run vapi:assistant`: creates Emma's Vapi assistant, or updates the one it made before, from
// the site's own persona and copy, and prints its id for VITE_VAPI_ASSISTANT_ID (decision 024).
import { fileURLToPath } from "node:url";
import { loadEnv } from "vite";
import { loadModule } from "./lib/site-config.mjs";
import { ProvisionError, provisionAssistant } from "./lib/vapi-assistant.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const env = { ...loadEnv("production", repo, ["VAPI_", "VITE_", "BOOKING_"]), ...process.env };

try {
  const [{ callAssistantCopy, emmaVoicePrompt }, { site }, { bookingCopy }] = await Promise.all([
    loadModule("app/content/voice-assistant.ts"),
    loadModule("app/config/site.ts"),
    loadModule("app/content/booking.ts"),
  ]);
  const { id, action } = await provisionAssistant({
    env,
    copy: callAssistantCopy,
    prompt: emmaVoicePrompt(),
    siteUrl: site.url,
    // The free meeting's tools, unless the site has booking off.
    booking: /^(false|0|no|off)$/i.test(env.BOOKING_ENABLED?.trim() ?? "") ? undefined : bookingCopy.voice,
  });
  console.log(`vapi:assistant: ${action} Emma's assistant ${id}, which calls ${site.url}/api/vapi.`);
  console.log(`Put its id in .env and build again:\nVITE_VAPI_ASSISTANT_ID=${id}`);
} catch (error) {
  if (!(error instanceof ProvisionError)) throw error;
  console.error(`vapi:assistant: ${error.message}`);
  process.exitCode = 1;
}
