import { PagePart } from "~/lib/page-part";
import { metaFor } from "~/lib/meta";
import { PageHero } from "~/components/ui/page-hero";
import { demoCenterCopy } from "~/content/demos";
import { DemoCta } from "~/features/demos/demo-cta";
import { DemoFeatures } from "~/features/demos/demo-features";
import { EmailDemo } from "~/features/demos/email-demo";
import { TextDemo } from "~/features/demos/text-demo";
import { VoiceInfoCard } from "~/features/demos/voice-info-card";
import { VoiceWidget } from "~/features/voice/voice-widget";

export const meta = () => metaFor("/demo");

export default function Demo() {
  return (
    <>
      {/* First in <main>: the voice button is among the first Tab stops (it floats, so it takes no room). */}
      <PagePart name="voice">
        <VoiceWidget />
      </PagePart>
      <PageHero
        id="demo-heading"
        eyebrow={demoCenterCopy.eyebrow}
        heading={demoCenterCopy.heading}
        lead={demoCenterCopy.lead}
      />
      {/* Each section hydrated in a turn of its own after the first pass (hydrate-in-turn.tsx). */}
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-12">
        <PagePart name="demo-features">
          <DemoFeatures />
        </PagePart>
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <PagePart name="text-demo">
            <TextDemo />
          </PagePart>
          <PagePart name="voice-info">
            <VoiceInfoCard />
          </PagePart>
        </div>
        <PagePart name="email-demo">
          <EmailDemo />
        </PagePart>
        <PagePart name="demo-cta">
          <DemoCta />
        </PagePart>
      </div>
    </>
  );
}
