// Preloaded into a test's server (node --import): its clock runs E2E_CLOCK_OFFSET_MS ahead, so the
// takeover's opening hours hold whenever the test runs. Only tests/e2e/takeover.spec.ts uses it.
const offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);
if (offset) {
  const Real = Date;
  class Shifted extends Real {
    constructor(...args) {
      if (args.length) super(...args);
      else super(Real.now() + offset);
    }
    static now() {
      return Real.now() + offset;
    }
  }
  globalThis.Date = Shifted;
}
