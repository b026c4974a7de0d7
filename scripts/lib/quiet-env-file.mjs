// React Router 7.18 (the last 7.x) creates its Vite servers with `envFile: false`, which Vite 8
// deprecates with a warning per server; drop exactly that line until React Router passes `envDir`.
const deprecation = "The `envFile` option is deprecated";
const warn = console.warn;
console.warn = (...args) => {
  if (typeof args[0] === "string" && args[0].includes(deprecation)) return;
  warn(...args);
};
