import heroImage from "@/assets/hero.svg";
import "./Hero.css";

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__badge">Winter sale · 15% off</p>
          <h1 id="hero-heading">Genuine laptop parts, straight from the manufacturer</h1>
          <p className="hero__lead">
            Batteries, screens, keyboards, memory and chargers for every major brand. This winter, enjoy a 15% discount
            on every part in the shop.
          </p>
          <div className="hero__actions">
            <a href="#parts" className="btn btn--primary btn--large">
              Shop parts
            </a>
            <a href="#new-arrivals" className="btn btn--ghost btn--large">
              See new arrivals
            </a>
          </div>
        </div>
        <img
          className="hero__image"
          src={heroImage}
          alt="A laptop surrounded by replacement parts"
          width="600"
          height="400"
        />
      </div>
    </section>
  );
}
