import "./Statistics.css";

const STATS = [
  { value: "2M+", label: "consumers", icon: "M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0zM4 21a8 8 0 0 1 16 0" },
  { value: "15M+", label: "products sold", icon: "M3 7l9-4 9 4-9 4-9-4zm0 0v10l9 4 9-4V7" },
  { value: "80,000+", label: "subscribers", icon: "M4 6h16v12H4zM4 6l8 7 8-7" },
  { value: "2M+", label: "likes", icon: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" },
];

export function Statistics() {
  return (
    <section className="section stats" aria-labelledby="stats-heading">
      <div className="container">
        <header className="section__header section__header--light">
          <p className="eyebrow">Trusted worldwide</p>
          <h2 id="stats-heading">Millions of laptops keep running on our parts</h2>
        </header>
        <ul className="stats__grid">
          {STATS.map((stat) => (
            <li key={stat.label} className="stats__item">
              <svg
                viewBox="0 0 24 24"
                width="32"
                height="32"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              >
                <path d={stat.icon} />
              </svg>
              <span className="stats__value">{stat.value}</span>
              <span className="stats__label">{stat.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
