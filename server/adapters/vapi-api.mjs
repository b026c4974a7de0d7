// Vapi's REST API for the provisioning script (decision 024): the private key never leaves the server.

export const DEFAULT_VAPI_API_URL = "https://api.vapi.ai";
const TIMEOUT_MS = 15_000;

/** A failure, with `kind` saying what the operator has to fix. */
export class VapiApiError extends Error {
  /** @param {"auth" | "unreachable" | "http"} kind @param {string} message @param {number} [status] */
  constructor(kind, message, status) {
    super(message);
    this.name = "VapiApiError";
    this.kind = kind;
    this.status = status;
  }
}

/** @param {{ privateKey: string, baseUrl?: string, fetch?: typeof fetch }} options */
export function createVapiApi({ privateKey, baseUrl = DEFAULT_VAPI_API_URL, fetch = globalThis.fetch }) {
  const root = baseUrl.replace(/\/+$/, "");

  async function request(method, path, body) {
    let res;
    try {
      res = await fetch(`${root}${path}`, {
        method,
        headers: { Authorization: `Bearer ${privateKey}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const cause =
        error?.name === "TimeoutError"
          ? "no answer in 15 s"
          : (error?.cause?.code ?? error?.cause?.message ?? error?.message);
      throw new VapiApiError("unreachable", `could not reach ${root} (${cause})`);
    }
    const text = await res.text();
    if (res.status === 401 || res.status === 403) {
      throw new VapiApiError("auth", `${root} refused the key (HTTP ${res.status})`, res.status);
    }
    if (!res.ok) {
      let detail = text;
      try {
        const message = JSON.parse(text)?.message;
        detail = Array.isArray(message) ? message.join("; ") : String(message ?? text);
      } catch {
        // Not JSON: the text as it came.
      }
      const line = detail.replace(/\s+/g, " ").slice(0, 300);
      throw new VapiApiError("http", `${method} ${path} answered HTTP ${res.status}: ${line}`, res.status);
    }
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      throw new VapiApiError("http", `${method} ${path} answered with something other than JSON`, res.status);
    }
  }

  return {
    /** @returns {Promise<{ id: string, name?: string, metadata?: Record<string, unknown> }[]>} */
    listAssistants: async () => {
      const list = await request("GET", "/assistant?limit=1000");
      return Array.isArray(list) ? list : [];
    },
    /** @returns {Promise<{ id: string } | null>} null when there is no such assistant */
    getAssistant: (id) =>
      request("GET", `/assistant/${encodeURIComponent(id)}`).catch((error) => {
        if (error instanceof VapiApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }),
    createAssistant: (body) => request("POST", "/assistant", body),
    updateAssistant: (id, body) => request("PATCH", `/assistant/${encodeURIComponent(id)}`, body),
  };
}
