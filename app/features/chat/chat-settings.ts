import type { EmailConfig } from "~/config/email";
import { isBearerToken } from "~/lib/bearer-token";
import { isRecord, isString, readJson, readString, removeItem, writeJson, writeString } from "~/lib/safe-storage";

/** What the visitor types into the chat's settings, kept in localStorage (spec §3). */
export const AI_KEY_STORAGE = "emma.ai-key";
export const MAIL_CONFIG_STORAGE = "emma.emailjs-config";

export function loadAiKey(): string {
  return readString("local", AI_KEY_STORAGE)?.trim() ?? "";
}

export type AiKeyProblem = "empty" | "invalid";

/** Stores a non-empty key (spec §5); one that cannot go into an HTTP header is refused here. */
export function saveAiKey(key: string): AiKeyProblem | null {
  const trimmed = key.trim();
  if (!trimmed) return "empty";
  if (!isBearerToken(trimmed)) return "invalid";
  writeString("local", AI_KEY_STORAGE, trimmed);
  return null;
}

export function clearAiKey(): void {
  removeItem("local", AI_KEY_STORAGE);
}

const isMailConfig = (v: unknown): v is EmailConfig =>
  isRecord(v) && isString(v.serviceId) && isString(v.templateId) && isString(v.publicKey);

export function loadMailConfig(): EmailConfig | null {
  return readJson<EmailConfig | null>(
    "local",
    MAIL_CONFIG_STORAGE,
    (v): v is EmailConfig | null => isMailConfig(v),
    null,
  );
}

/** Trims and checks that all three fields are filled (spec §5). Null when incomplete. */
export function normalizeMailConfig(input: EmailConfig): EmailConfig | null {
  const c = {
    serviceId: input.serviceId.trim(),
    templateId: input.templateId.trim(),
    publicKey: input.publicKey.trim(),
  };
  return c.serviceId && c.templateId && c.publicKey ? c : null;
}

export function saveMailConfig(config: EmailConfig): void {
  writeJson("local", MAIL_CONFIG_STORAGE, config);
}
