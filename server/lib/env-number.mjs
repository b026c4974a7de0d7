/** A typo gets the default. @param {Record<string, string | undefined>} env @param {string} name @param {number} [fallback] */
export function envNumber(env, name, fallback) {
  const n = Number(env[name]);
  return env[name] && Number.isInteger(n) && n > 0 ? n : fallback;
}
