/**
 * A whole number above zero from the environment, or `fallback` when the variable is unset,
 * empty or anything else (an operator's typo falls back to the documented default).
 * @param {Record<string, string | undefined>} env @param {string} name @param {number} [fallback]
 */
export function envNumber(env, name, fallback) {
  const n = Number(env[name]);
  return env[name] && Number.isInteger(n) && n > 0 ? n : fallback;
}
