import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * The closing line of the fault suite: 'N faults injected, N leads lost', over every fault test
 * of the run, whichever file and worker it ran in (the voice faults need other Chromium flags,
 * hence other workers, so counters in a test module would each see only part of the run).
 *
 * A fault test says so with a static annotation (see fault-helpers.ts); it counts once it has
 * run, passed or not. A test that finds a lead neither in its form nor in the outbox adds a
 * 'lead-lost' annotation at run time. Only the last run of a retried test counts. Nothing is
 * printed when no fault test ran.
 */
export const FAULT = "fault";
export const LEAD_LOST = "lead-lost";

export default class FaultSummaryReporter implements Reporter {
  private readonly last = new Map<string, TestResult>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.last.set(test.id, result);
  }

  onEnd(): void {
    let faults = 0;
    let leadsLost = 0;
    for (const result of this.last.values()) {
      if (result.status === "skipped" || !result.annotations.some((a) => a.type === FAULT)) continue;
      faults++;
      leadsLost += result.annotations.filter((a) => a.type === LEAD_LOST).length;
    }
    if (faults > 0) console.log(`${faults} faults injected, ${leadsLost} leads lost`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
