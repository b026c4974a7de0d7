import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";

// The Nu Html Checker (vnu-jar, the W3C validator) over every prerendered page, in one JVM.
// Needs Java 11+ on the PATH (.ci/run installs Debian's default-jre-headless when it is missing).

const CLIENT_DIR = "build/client";
/** React Router's SPA fallback shell: not a page, never served (the server answers 404 for it). */
const NOT_A_PAGE = "__spa-fallback.html";
/** Where the test keeps the server's answers to the no-JS form posts, for the checker. */
const SERVER_PAGES = "server-pages";

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? htmlFiles(join(dir, e.name))
      : e.name.endsWith(".html") && e.name !== NOT_A_PAGE
        ? [join(dir, e.name)]
        : [],
  );
}

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The checker's errors in the given HTML files, one line each, named by their path under a base. */
async function vnuErrors(files: string[], bases: string[]): Promise<string[]> {
  const jar = String(createRequire(import.meta.url)("vnu-jar"));
  // vnu exits 1 when it finds errors; the JSON report on stderr says which.
  const { stderr } = await promisify(execFile)("java", ["-jar", jar, "--errors-only", "--format", "json", ...files], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((e: { stderr?: string; code?: unknown; message: string }) => {
    if (e.code === "ENOENT")
      throw new Error("java not found: install a Java runtime 11+ (Debian: default-jre-headless)");
    return { stderr: e.stderr ?? e.message };
  });
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
  const named = (url: string) => bases.reduce((u, base) => u.replace(new RegExp(`^.*${base}/`), `${base}/`), url);
  return messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map((m) => `${named(m.url)}:${m.lastLine ?? "?"}: ${m.message} [${m.extract ?? ""}]`);
}

// One test and one JVM for both sets of pages: the checker's start is most of its time.
test("every prerendered HTML file, and the server's pages for forms sent without JavaScript, pass the Nu Html Checker", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const files = htmlFiles(CLIENT_DIR);
  expect(files.length, "pages in build/client (run `npm run build` first)").toBeGreaterThan(1);

  const dir = test.info().outputPath(SERVER_PAGES);
  mkdirSync(dir, { recursive: true });
  const posts = {
    "contact-thanks": [
      "/api/forms/contact",
      { firstName: "Ada", lastName: "L", email: "ada@example.se", message: "Hej" },
    ],
    "contact-errors": ["/api/forms/contact", { firstName: "", email: "fel", message: "<b>" }],
    "get-started-thanks": ["/api/forms/get-started", { service: "automation", name: "Ada", email: "ada@example.se" }],
    "get-started-errors": ["/api/forms/get-started", { name: "Ada", email: "ada@b" }],
  } as const;
  const serverPages: string[] = [];
  for (const [name, [path, form]] of Object.entries(posts)) {
    const res = await request.post(path, { form: { hp_website_url: "", ...form } });
    expect(res.status(), name).toBe(name.endsWith("thanks") ? 200 : 400);
    serverPages.push(join(dir, `${name}.html`));
    writeFileSync(serverPages.at(-1)!, await res.text());
  }

  const errors = await vnuErrors([...files, ...serverPages], [CLIENT_DIR, SERVER_PAGES]);
  expect(
    errors.filter((e) => e.startsWith(`${CLIENT_DIR}/`)),
    "the prerendered pages",
  ).toEqual([]);
  expect(
    errors.filter((e) => !e.startsWith(`${CLIENT_DIR}/`)),
    "the server's pages",
  ).toEqual([]);
});
