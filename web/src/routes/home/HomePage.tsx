import { Hero } from "./Hero";
import { PartsSection } from "./PartsSection";
import { NewArrivalsSection } from "./NewArrivalsSection";
import { Statistics } from "./Statistics";
import { ReviewsSection } from "./ReviewsSection";
import { Partners } from "./Partners";
import { Newsletter } from "./Newsletter";
import { SocialStrip } from "./SocialStrip";
import { JsonLd } from "../storefront/JsonLd";
import { organizationJsonLd } from "../storefront/structuredData";

export function HomePage() {
  return (
    <>
      <JsonLd data={organizationJsonLd(window.location.origin)} />
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
