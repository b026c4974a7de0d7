// The house's folders are enforced by ESLint (eslint.config.js): each rule fails on the import
// it forbids, and passes the import it allows. The size of some folders' modules is counted here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = new URL("..", import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

/** The messages of the import rule for `code` as if it were the file at `filePath`. */
async function importErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("the house's import rules", () => {
  it("keep adapters from importing routes", async () => {
    const file = "server/adapters/notify/example.mjs";
    expect(await importErrors(file, 'import { mountInbox } from "../../routes/inbox.mjs";\n')).toEqual([
      expect.stringMatching(/imported in restricted zone\. Adapters never import routes/),
    ]);
    expect(await importErrors(file, 'import { systemClock } from "../../lib/clock.mjs";\n')).toEqual([]);
  });

  it("keep adapters from importing the booking capability, which may import them", async () => {
    const code = 'import { createBookingDelivery } from "../../booking/delivery.mjs";\n';
    expect(await importErrors("server/adapters/notify/example.mjs", code)).toEqual([
      expect.stringMatching(/imported in restricted zone\. Adapters never import a capability/),
    ]);
    const adapter = 'import { createStoreMeetings } from "../adapters/store/meetings.mjs";\n';
    expect(await importErrors("server/booking/example.mjs", adapter)).toEqual([]);
  });

  it("keep the booking capability from importing routes", async () => {
    const file = "server/booking/example.mjs";
    expect(await importErrors(file, 'import { validateFields } from "../routes/forms.mjs";\n')).toEqual([
      expect.stringMatching(/imported in restricted zone\. server\/booking never imports routes/),
    ]);
    expect(await importErrors(file, 'import { escapeHtml } from "../lib/html-page.mjs";\n')).toEqual([]);
  });

  it("let the server import common/ and nothing of app/", async () => {
    const file = "server/lib/example.mjs";
    expect(await importErrors(file, 'import { isEmail } from "#common/email-address.mjs";\n')).toEqual([]);
    expect(await importErrors(file, 'import { cn } from "../../app/lib/cn.ts";\n')).toEqual([
      expect.stringMatching(/imported in restricted zone\. The server imports no app\/ module/),
    ]);
  });

  it("keep common/ from importing either side", async () => {
    const file = "common/example.mjs";
    for (const from of ["../app/lib/cn.ts", "../server/lib/clock.mjs", "../evals/emma/manifest.ts"])
      expect(await importErrors(file, `import x from "${from}";\nexport default x;\n`), from).toEqual([
        expect.stringMatching(/imported in restricted zone\. common\/ is pure code/),
      ]);
    expect(await importErrors(file, 'import { isEmail } from "./email-address.mjs";\nexport { isEmail };\n')).toEqual(
      [],
    );
  });

  it("keep the app's shipped code from importing evals/", async () => {
    const code = 'import { exampleQuestions } from "../../evals/emma/manifest";\nexport { exampleQuestions };\n';
    expect(await importErrors("app/content/example.ts", code)).toEqual([
      expect.stringMatching(/imported in restricted zone\. Production code never imports evals\//),
    ]);
  });
});

// A file past this many lines holds more than one capability: split it (decision 065).
const MAX_LINES = 300;
const SIZED_FOLDERS = ["server/adapters/store", "server/routes/admin"];

/** The non-test .mjs files under `folder` (and its subfolders) with their line counts. */
function lineCounts(folder) {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".mjs") && !name.endsWith(".test.mjs"))
    .map((name) => {
      const text = readFileSync(join(root, folder, name), "utf8");
      return { file: `${folder}/${name}`, lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0) };
    });
}

describe("the house's file sizes", () => {
  it(`keep every module of the store and the operator's API within ${MAX_LINES} lines`, () => {
    const counted = SIZED_FOLDERS.flatMap(lineCounts);
    expect(counted.map((c) => c.file)).toContain("server/adapters/store/index.mjs");
    expect(counted.map((c) => c.file)).toContain("server/routes/admin/admin.mjs");
    expect(counted.filter((c) => c.lines > MAX_LINES)).toEqual([]);
  });
});

describe("the house's prose in the server", () => {
  it("keeps comments to three lines each and at most a tenth of the server's code", async () => {
    const { commentShare, productionFiles } = await import("./lib/comment-share.mjs");
    const files = productionFiles(join(root, "server"));
    expect(files.length).toBeGreaterThan(50);
    const { share, longBlocks } = commentShare(files);
    expect(longBlocks).toEqual([]);
    expect(share).toBeLessThanOrEqual(0.1);
  });
});
