import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";

// The Nu Html Checker (vnu-jar, the W3C validator) over every prerendered page, in one JVM.
// Needs Java 11+ on the PATH (.ci/run installs Debian's default-jre-headless when it is missing).

const CLIENT_DIR = "build/client";
/** React Router's SPA fallback shell: not a page, never served (the server answers 404 for it). */
const NOT_A_PAGE = "__spa-fallback.html";

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

test("every prerendered HTML file passes the Nu Html Checker without errors", async () => {
  test.setTimeout(120_000);
  const files = htmlFiles(CLIENT_DIR);
  expect(files.length, "pages in build/client (run `npm run build` first)").toBeGreaterThan(1);
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
  const errors = messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map((m) => `${m.url.replace(/^.*build\/client\//, "")}:${m.lastLine ?? "?"}: ${m.message} [${m.extract ?? ""}]`);
  expect(errors).toEqual([]);
});
