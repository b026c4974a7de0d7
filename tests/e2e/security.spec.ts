import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, hydrated, test } from "./fixtures";

test("every answer carries the security headers; CSP allows exactly the needed hosts", async ({ request }) => {
  for (const path of ["/", "/kom-igang", "/finns-inte", "/assets/does-not-exist.js"]) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"]).toContain("microphone=(self)");
    expect(h["permissions-policy"]).toContain("camera=()");
    const csp = h["content-security-policy"] ?? "";
    const directives: Record<string, string[]> = Object.fromEntries(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["default-src"]).toEqual(["'self'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["connect-src"]).toEqual([
      "'self'",
      "https://api.emailjs.com",
      "https://api.openai.com",
      "https://api.vapi.ai",
      "https://*.vapi.ai",
      "wss://*.vapi.ai",
      "https://*.daily.co",
      "wss://*.daily.co",
    ]);
    const scriptSrc = directives["script-src"] ?? [];
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc.filter((s) => !s.startsWith("'sha256-"))).toEqual([
      "'self'",
      "https://c.daily.co",
      "'wasm-unsafe-eval'",
    ]);
  }
});

test("the pages run under the CSP without violations", async ({ page, consoleErrors }) => {
  const violations: string[] = [];
  await page.exposeFunction("__cspViolation", (v: string) => violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    ),
  );
  for (const path of ["/", "/kom-igang", "/om-oss", "/privacy-policy", "/saknas"]) {
    await page.goto(path);
    await hydrated(page);
  }
  await page.getByRole("button", { name: "Öppna chatten med Emma" }).click();
  await page.getByRole("dialog").waitFor();
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("unknown paths answer 404 with the 404 page; path traversal is refused", async ({ request, baseURL }) => {
  const res = await request.get("/inte/har");
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain("Oops! Page not found");
  expect((await request.get("/404")).status()).toBe(404);
  expect((await request.get("/_headers")).status()).toBe(404);
  // Raw requests: a client would normalise '..' away before sending.
  for (const path of [
    "/../package.json",
    "/%2e%2e/package.json",
    "/..%2fpackage.json",
    "/assets/..%2f..%2fpackage.json",
    "/%2e%2e%2f%2e%2e%2fetc/passwd",
  ]) {
    const out = execFileSync("curl", [
      "-s",
      "--path-as-is",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code}",
      `${baseURL}${path}`,
    ]).toString();
    expect(out, path).toBe("404");
  }
});

const SECRET_PATTERNS: [string, RegExp][] = [
  ["OpenAI-style key", /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}/],
  ["AWS access key", /\bAKIA[0-9A-Z]{16}\b/],
  ["GitHub token", /\bgh[pousr]_[A-Za-z0-9]{30,}\b/],
  ["Slack token", /\bxox[abposr]-[A-Za-z0-9-]{10,}/],
  ["Google API key", /\bAIza[0-9A-Za-z_-]{35}\b/],
  ["private key", /-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----/],
  ["Stripe secret", /\b(?:sk|rk)_live_[A-Za-z0-9]{20,}/],
];

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesBelow(join(dir, e.name)) : [join(dir, e.name)],
  );
}

test("neither the repository nor the bundle holds anything shaped like a secret key", () => {
  const tracked = execFileSync("git", ["ls-files"]).toString().trim().split("\n");
  const built = filesBelow("build/client").filter((f) => /\.(js|html|css|json|txt|xml)$/.test(f));
  const findings: string[] = [];
  for (const file of [...tracked, ...built]) {
    if (file === "package-lock.json" || !statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
    const text = readFileSync(file, "utf8");
    for (const [name, re] of SECRET_PATTERNS) if (re.test(text)) findings.push(`${file}: ${name}`);
  }
  expect(findings).toEqual([]);
  expect(tracked).not.toContain(".env");
  expect(execFileSync("git", ["check-ignore", ".env"]).toString().trim()).toBe(".env");
});
