import { metaFor } from "~/config/page-meta";
import { DemoCenterHero } from "~/features/demos/demo-center-hero";
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
      <DemoCenterHero />
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-12">
        <DemoFeatures />
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <TextDemo />
          <VoiceInfoCard />
        </div>
        <EmailDemo />
        <DemoCta />
      </div>
      {/* The floating voice widget (spec §2), which the info card points to. */}
      <VoiceWidget />
    </>
  );
}
