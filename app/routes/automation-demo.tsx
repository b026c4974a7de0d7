import { metaFor } from "~/config/page-meta";
import { AutomationDemo } from "~/features/demos/automation-demo";
import { AutomationDemoHero } from "~/features/demos/automation-demo-hero";
import { AutomationStats } from "~/features/demos/automation-stats";

export const meta = () => metaFor("/automation-demo");

export default function AutomationDemoPage() {
  return (
    <>
      <AutomationDemoHero />
      <AutomationDemo />
      <AutomationStats />
    </>
  );
}
