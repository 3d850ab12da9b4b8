import { Hero } from "./Hero";
import { PartsSection } from "./PartsSection";
import { NewArrivalsSection } from "./NewArrivalsSection";
import { Statistics } from "./Statistics";
import { ReviewsSection } from "./ReviewsSection";
import { Partners } from "./Partners";
import { Newsletter } from "./Newsletter";
import { SocialStrip } from "./SocialStrip";
import { JsonLd } from "@/features/catalogue/JsonLd";
import { organizationJsonLd } from "@/features/catalogue/structuredData";
import { useOrigin } from "@/lib/page/origin";

export function HomePage() {
  const origin = useOrigin();
  return (
    <>
      <JsonLd data={organizationJsonLd(origin)} />
      <Hero />
      <PartsSection />
      <NewArrivalsSection />
      <Statistics />
      <ReviewsSection />
      <Partners />
      <Newsletter />
      <SocialStrip />
    </>
  );
}
