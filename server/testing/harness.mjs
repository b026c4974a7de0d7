// A test that cannot run must not pass silently in CI (issue 49): with CI=true a missing harness
// (a server, a tool, a privilege) fails; on a developer's machine it skips and says so.

/** Whether this run is CI's (CI=true, as `.ci/run` is run). */
export const inCi = /^(1|true)$/i.test(process.env.CI ?? "");

/** When `what` is missing: in CI an error that fails the test, else a skip with the reason in the output.
 * @param {string} what @param {(note: string) => void} skip */
export function missing(what, skip) {
  const note = `${what} is missing here, so this test could not run`;
  if (inCi) throw new Error(`${note} (CI=true: .ci/run installs it; a skipped test would pass silently)`);
  console.warn(`SKIPPED: ${note}`);
  skip(note);
}
