/** The day of the build (YYYY-MM-DD), set by vite.config.ts: the date in prerendered HTML. */
declare const __BUILD_DAY__: string;
