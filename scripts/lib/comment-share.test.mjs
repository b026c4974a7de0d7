import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { classifyLines, commentShare, productionFiles } from "./comment-share.mjs";

let dir;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** A folder of files from `{ path: text }`. */
function folder(files) {
  dir = mkdtempSync(join(tmpdir(), "comment-share-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe("classifyLines", () => {
  it("counts a line as comment only when all of it is comment", () => {
    const text = [
      "// why",
      "/**",
      " * @param {string} a",
      " */",
      "const a = 1; // trailing",
      "/** @type {any} */ (a).b = 2;",
      "",
      "/* one */ /* two */",
    ].join("\n");
    expect(classifyLines(text)).toEqual([
      "comment",
      "comment",
      "comment",
      "comment",
      "code",
      "code",
      "blank",
      "comment",
    ]);
  });

  it("does not take comment markers in strings, templates and regexes for comments", () => {
    const text = ['const glob = "server/**/*.mjs";', "const re = /\\/\\//;", "const t = `", "// not a comment", "`;"];
    expect(classifyLines(text.join("\n"))).toEqual(["code", "code", "code", "code", "code"]);
  });

  it("keeps a blank line inside a block comment out of the count", () => {
    expect(classifyLines("/*\n\n*/\n")).toEqual(["comment", "comment-blank", "comment", "blank"]);
  });
});

describe("commentShare", () => {
  it("counts non-blank lines and comment lines, and finds blocks over three lines", () => {
    const root = folder({
      "a.mjs": "// one\n// two\n// three\nconst a = 1;\n\n// 1\n// 2\n// 3\n// 4\nexport { a };\n",
      "b.mjs": "/**\n * x\n *\n * y\n */\nexport const b = 2;\n",
    });
    const result = commentShare([join(root, "a.mjs"), join(root, "b.mjs")]);
    expect(result).toEqual({
      lines: 15,
      comments: 12,
      share: 12 / 15,
      longBlocks: [
        { file: join(root, "a.mjs"), line: 6, length: 4 },
        { file: join(root, "b.mjs"), line: 1, length: 5 },
      ],
    });
  });

  it("a blank line ends a block", () => {
    const root = folder({ "a.mjs": "// 1\n// 2\n\n// 3\n// 4\n" });
    expect(commentShare([join(root, "a.mjs")]).longBlocks).toEqual([]);
  });
});

describe("productionFiles", () => {
  it("takes every .mjs but tests and testing/", () => {
    const root = folder({
      "a.mjs": "",
      "a.test.mjs": "",
      "lib/b.mjs": "",
      "lib/b.test.mjs": "",
      "testing/fake.mjs": "",
      "c.ts": "",
    });
    expect(productionFiles(root)).toEqual([join(root, "a.mjs"), join(root, "lib", "b.mjs")]);
  });
});
