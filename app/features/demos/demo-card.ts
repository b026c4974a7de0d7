/**
 * The demo cards' frame: the look of ui/Card on a <section>, with less padding on narrow screens
 * (Card's own p-6 cannot be overridden by an added class, and 320 px screens need the room).
 */
export const demoCardClass = "min-w-0 rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-6";
