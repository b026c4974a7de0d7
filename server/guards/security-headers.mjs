// One place for the security headers: the server sends them, the build writes them to _headers for static hosts.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const DEFAULT_AI_BASE_URL = "https://api.openai.com/v1";

const EMAILJS = "https://api.emailjs.com"; // contact forms and leads
const VAPI = ["https://api.vapi.ai", "https://*.vapi.ai", "wss://*.vapi.ai"]; // voice calls
// Daily carries Vapi's audio: its call bundle is a script from c.daily.co (loaded without eval).
const DAILY_SCRIPT = "https://c.daily.co";
const DAILY = ["https://*.daily.co", "wss://*.daily.co"];

export function inlineScriptHashes(htmlTexts) {
  const hashes = new Set();
  for (const html of htmlTexts) {
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (m[1].trim() === "") continue;
      hashes.add(`'sha256-${createHash("sha256").update(m[1], "utf8").digest("base64")}'`);
    }
  }
  return [...hashes].sort();
}

export function htmlFilesIn(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFilesIn(join(dir, e.name)) : e.name.endsWith(".html") ? [join(dir, e.name)] : [],
  );
}

export function hashesOfBuild(clientDir) {
  return inlineScriptHashes(htmlFilesIn(clientDir).map((f) => readFileSync(f, "utf8")));
}

/** @param {{ scriptHashes: string[], aiBaseUrl?: string }} options @returns {Record<string, string>} */
export function securityHeaders({ scriptHashes, aiBaseUrl = DEFAULT_AI_BASE_URL }) {
  const aiOrigin = new URL(aiBaseUrl).origin;
  const csp = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the voice SDK's noise cancellation run WebAssembly; no plain eval.
    `script-src 'self' ${scriptHashes.join(" ")} ${DAILY_SCRIPT} 'wasm-unsafe-eval'`,
    // The toast library and the voice SDK insert <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self' ${EMAILJS} ${aiOrigin} ${VAPI.join(" ")} ${DAILY.join(" ")}`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob: mediastream:",
    "worker-src 'self' blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "microphone=(self), camera=(), geolocation=(), payment=(), usb=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

export function headersFile(headers) {
  const lines = ["/*", ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)];
  lines.push("/assets/*", "  Cache-Control: public, max-age=31536000, immutable");
  return `${lines.join("\n")}\n`;
}
