import { useState, type FormEvent } from "react";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { site } from "~/config/site";
import { chatCopy } from "~/content/chat";
import { clearAiKey, loadAiKey, loadMailConfig, normalizeMailConfig, saveAiKey, saveMailConfig } from "./chat-settings";

const inputClass =
  "w-full rounded-lg border border-ink-300 bg-white px-2.5 py-1.5 text-base focus:border-brand-600 focus:outline-2 focus:outline-brand-500";
const boxClass = "rounded-xl border border-ink-200 bg-ink-50 p-3 text-sm";

/** The AI key box (spec §2): a password input, 'Spara', and why a key helps. */
export function ApiKeyBox() {
  const [key, setKey] = useState("");
  const [stored, setStored] = useState(() => loadAiKey() !== "");
  const [error, setError] = useState("");

  function save(e: FormEvent) {
    e.preventDefault();
    const problem = saveAiKey(key);
    if (problem) {
      setError(problem === "empty" ? chatCopy.apiKey.empty : chatCopy.apiKey.invalid);
      return;
    }
    setError("");
    setKey("");
    setStored(true);
    toast.success(chatCopy.apiKey.saved);
  }

  return (
    <form onSubmit={save} className={boxClass} aria-labelledby="ai-key-heading" noValidate>
      <h3 id="ai-key-heading" className="font-semibold">
        {chatCopy.apiKey.heading}
      </h3>
      <p className="mt-1 text-ink-700">{chatCopy.apiKey.prompt}</p>
      <div className="mt-2 flex gap-2">
        <input
          type="password"
          aria-label={chatCopy.apiKey.label}
          placeholder={chatCopy.apiKey.placeholder}
          autoComplete="off"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          className={inputClass}
        />
        <Button type="submit" size="sm">
          {chatCopy.apiKey.save}
        </Button>
      </div>
      <p role="alert" className="min-h-5 text-xs text-red-700">
        {error}
      </p>
      {stored ? (
        <p className="flex items-center justify-between gap-2 text-xs text-ink-700">
          {chatCopy.apiKey.stored}
          <button
            type="button"
            className="underline"
            onClick={() => {
              clearAiKey();
              setStored(false);
            }}
          >
            {chatCopy.apiKey.clear}
          </button>
        </p>
      ) : null}
    </form>
  );
}

/** The EmailJS box (spec §2): Service ID, Template ID, Public Key, all required. */
export function MailConfigBox() {
  const [config, setConfig] = useState(() => loadMailConfig() ?? { serviceId: "", templateId: "", publicKey: "" });
  const set = (k: keyof typeof config) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setConfig((c) => ({ ...c, [k]: e.target.value }));

  function save(e: FormEvent) {
    e.preventDefault();
    const normalized = normalizeMailConfig(config);
    if (!normalized) {
      // A repeat replaces the toast instead of stacking a copy.
      toast.error(chatCopy.mailConfig.incomplete.title, {
        id: "mail-config-incomplete",
        description: chatCopy.mailConfig.incomplete.description,
      });
      return;
    }
    saveMailConfig(normalized);
    setConfig(normalized);
    toast.success(chatCopy.mailConfig.saved);
  }

  return (
    <form onSubmit={save} className={boxClass} aria-labelledby="mail-config-heading" noValidate>
      <h3 id="mail-config-heading" className="font-semibold">
        {chatCopy.mailConfig.heading}
      </h3>
      <div className="mt-2 flex flex-col gap-2">
        <input
          aria-label={chatCopy.mailConfig.serviceId}
          placeholder={chatCopy.mailConfig.serviceId}
          autoComplete="off"
          value={config.serviceId}
          onChange={set("serviceId")}
          className={inputClass}
        />
        <input
          aria-label={chatCopy.mailConfig.templateId}
          placeholder={chatCopy.mailConfig.templateId}
          autoComplete="off"
          value={config.templateId}
          onChange={set("templateId")}
          className={inputClass}
        />
        <input
          aria-label={chatCopy.mailConfig.publicKey}
          placeholder={chatCopy.mailConfig.publicKey}
          autoComplete="off"
          value={config.publicKey}
          onChange={set("publicKey")}
          className={inputClass}
        />
      </div>
      <Button type="submit" size="sm" className="mt-2 w-full">
        {chatCopy.mailConfig.save}
      </Button>
      <p className="mt-2 text-xs text-ink-700">{chatCopy.mailConfig.note(site.salesEmail)}</p>
    </form>
  );
}
