// The share of comment lines in the server's code, and the comment blocks over three lines (the
// house rule: a comment says why in at most three lines; the rest goes to docs/decisions/).
// Usage: node scripts/lib/comment-share.mjs server [more folders or files]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

/** The longest comment block the house allows, in lines. */
export const maxBlockLines = 3;

/** [start, end) of every comment in `text`, found by TypeScript's parser (not by a regex). */
function commentRanges(text) {
  const file = ts.createSourceFile("file.mjs", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const ranges = new Map();
  const visit = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(file);
    if (children.length > 0) return children.forEach(visit);
    const start = node.getFullStart();
    const found = [
      ...(ts.getLeadingCommentRanges(text, start) ?? []),
      ...(ts.getTrailingCommentRanges(text, start) ?? []),
    ];
    for (const range of found) ranges.set(range.pos, range.end);
  };
  visit(file);
  return [...ranges].sort((a, b) => a[0] - b[0]);
}

// Each line as "blank", "comment" (all of it that is not space lies in a comment) or "code"; a
// blank line inside a block comment is "comment-blank": it neither counts nor ends a block.
export function classifyLines(text) {
  const inComment = new Uint8Array(text.length);
  for (const [start, end] of commentRanges(text)) inComment.fill(1, start, end);
  const kinds = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    let kind = "blank";
    for (let i = 0; i < line.length; i++) {
      if (/\s/.test(line[i])) continue;
      if (!inComment[offset + i]) {
        kind = "code";
        break;
      }
      kind = "comment";
    }
    if (kind === "blank" && inComment[offset] && inComment[Math.max(0, offset - 1)]) kind = "comment-blank";
    kinds.push(kind);
    offset += line.length + 1;
  }
  return kinds;
}

/** Non-blank lines, comment lines among them, their share (0–1), and blocks over three lines.
 * @param {string[]} files
 * @returns {{ lines: number, comments: number, share: number, longBlocks: { file: string, line: number, length: number }[] }} */
export function commentShare(files) {
  let lines = 0;
  let comments = 0;
  const longBlocks = [];
  for (const file of files) {
    const kinds = classifyLines(readFileSync(file, "utf8"));
    let blockStart = -1;
    let blockLength = 0;
    const endBlock = () => {
      if (blockLength > maxBlockLines) longBlocks.push({ file, line: blockStart + 1, length: blockLength });
      blockLength = 0;
    };
    kinds.forEach((kind, i) => {
      if (kind !== "blank") lines += kind === "comment-blank" ? 0 : 1;
      if (kind === "comment") {
        comments += 1;
        if (blockLength === 0) blockStart = i;
        blockLength += 1;
      } else if (kind !== "comment-blank") endBlock();
    });
    endBlock();
  }
  return { lines, comments, share: lines === 0 ? 0 : comments / lines, longBlocks };
}

/** The production modules under `dir`: every `.mjs` except tests and `testing/` (test doubles). */
export function productionFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "testing" && name !== "node_modules") files.push(...productionFiles(path));
    } else if (name.endsWith(".mjs") && !name.endsWith(".test.mjs")) files.push(path);
  }
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    console.error("usage: node scripts/lib/comment-share.mjs <folder or file>...");
    process.exit(2);
  }
  const files = args.flatMap((arg) => (statSync(arg).isDirectory() ? productionFiles(arg) : [arg]));
  const { lines, comments, share, longBlocks } = commentShare(files);
  console.log(
    `${files.length} files, ${lines} non-blank lines, ${comments} comment lines: ${(share * 100).toFixed(1)} %`,
  );
  console.log(`comment blocks over ${maxBlockLines} lines: ${longBlocks.length}`);
  for (const block of longBlocks) console.log(`  ${relative(".", block.file)}:${block.line} (${block.length} lines)`);
}
