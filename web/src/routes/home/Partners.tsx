import partnersImage from "@/assets/partners.svg";
import "./Partners.css";

export function Partners() {
  return (
    <section className="section container partners" aria-labelledby="partners-heading">
      <header className="section__header">
        <p className="eyebrow">Partners</p>
        <h2 id="partners-heading">Brands we work with</h2>
      </header>
      <img
        src={partnersImage}
        alt="Logos of our partner brands"
        className="partners__image"
        loading="lazy"
        width="800"
        height="120"
      />
    </section>
  );
}
