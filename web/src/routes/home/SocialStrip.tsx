import "./SocialStrip.css";

const SOCIALS = [
  { name: "Facebook", href: "https://facebook.com", path: "M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z" },
  {
    name: "Twitter",
    href: "https://twitter.com",
    path: "M22 5.8a8 8 0 0 1-2.4.7 4 4 0 0 0 1.8-2.3 8 8 0 0 1-2.6 1A4 4 0 0 0 12 8.9 11.5 11.5 0 0 1 3.6 4.6a4 4 0 0 0 1.3 5.4 4 4 0 0 1-1.8-.5 4 4 0 0 0 3.2 4 4 4 0 0 1-1.8.1 4 4 0 0 0 3.8 2.8A8 8 0 0 1 2 18a11.4 11.4 0 0 0 17.6-10.2A8 8 0 0 0 22 5.8z",
  },
  {
    name: "Instagram",
    href: "https://instagram.com",
    path: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01",
  },
  {
    name: "LinkedIn",
    href: "https://linkedin.com",
    path: "M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v2a4 4 0 0 1 7 3v7h-4v-6a2 2 0 0 0-4 0v6h-3z",
  },
  { name: "YouTube", href: "https://youtube.com", path: "M22 8s0-3-3-3H5S2 5 2 8v8s0 3 3 3h14s3 0 3-3zM10 9l5 3-5 3z" },
];

export function SocialStrip() {
  return (
    <section className="social-strip" aria-label="Follow us">
      <div className="container social-strip__inner">
        <p>Follow Partshop for deals and repair tips</p>
        <ul>
          {SOCIALS.map((social) => (
            <li key={social.name}>
              <a
                href={social.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={social.name}
                className="social-strip__link"
              >
                <svg
                  viewBox="0 0 24 24"
                  width="22"
                  height="22"
                  aria-hidden="true"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                >
                  <path d={social.path} />
                </svg>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
