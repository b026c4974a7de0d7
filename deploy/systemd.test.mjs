// @vitest-environment node
// The systemd unit the README's production recipe installs: systemd's own check of it (where
// systemd-analyze is installed), with no warning either.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { missing } from "../server/testing/harness.mjs";

const UNIT = fileURLToPath(new URL("./nordlys@.service", import.meta.url));
const hasAnalyze = spawnSync("systemd-analyze", ["--version"]).status === 0;

describe("the systemd unit (deploy/nordlys@.service)", () => {
  it("passes systemd-analyze verify for an instance, without a warning", (ctx) => {
    if (!hasAnalyze) return missing("systemd-analyze (Debian's systemd)", ctx.skip);
    const dir = mkdtempSync(join(tmpdir(), "unit-"));
    let text = readFileSync(UNIT, "utf8");
    // systemd checks that the binary exists: where Node is elsewhere, its path stands in.
    if (!existsSync("/usr/bin/node")) text = text.replaceAll("/usr/bin/node", process.execPath);
    writeFileSync(join(dir, "nordlys@.service"), text);
    const result = spawnSync("systemd-analyze", ["verify", "./nordlys@4173.service"], { cwd: dir, encoding: "utf8" });
    expect(`${result.stdout}${result.stderr}`).toBe("");
    expect(result.status).toBe(0);
  });

  it("stops within systemd's time: TimeoutStopSec above the server's own bound of a stop", () => {
    const text = readFileSync(UNIT, "utf8");
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(text)?.[1]);
    const serverMs = Number(
      /envNumber\(process\.env, "SHUTDOWN_TIMEOUT_MS", ([\d_]+)\)/
        .exec(readFileSync(fileURLToPath(new URL("../server/index.mjs", import.meta.url)), "utf8"))?.[1]
        .replaceAll("_", ""),
    );
    expect(serverMs).toBeGreaterThan(0);
    expect(stopSeconds * 1000).toBeGreaterThan(serverMs + 5000);
    expect(text).toMatch(/^KillSignal=SIGTERM$/m);
    expect(text).toMatch(/^Environment=.*PORT=%i/m);
  });
});
