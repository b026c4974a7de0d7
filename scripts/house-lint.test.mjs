// The house's folders are enforced by ESLint (eslint.config.js): each rule fails on the import
// it forbids, and passes the import it allows.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });

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
