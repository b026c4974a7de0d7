import { Compass, MessageSquare, Mic, Workflow } from "lucide-react";
import type { ServiceIcon as IconName } from "~/content/services";

const icons = { mic: Mic, message: MessageSquare, workflow: Workflow, compass: Compass } as const;

export function ServiceIcon({ name }: { name: IconName }) {
  const Icon = icons[name];
  return (
    <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-accent-600 text-white">
      <Icon aria-hidden="true" className="h-6 w-6" />
    </span>
  );
}
