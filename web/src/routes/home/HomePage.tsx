import { Hero } from "./Hero";
import { PartsSection } from "./PartsSection";
import { NewArrivalsSection } from "./NewArrivalsSection";
import { Statistics } from "./Statistics";
import { ReviewsSection } from "./ReviewsSection";
import { Partners } from "./Partners";
import { Newsletter } from "./Newsletter";
import { SocialStrip } from "./SocialStrip";

export function HomePage() {
  return (
    <>
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
