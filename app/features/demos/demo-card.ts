/** The demo cards' frame, on a <section>: less padding on narrow screens, which need the room. */
export const demoCardClass = "min-w-0 rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-6";
