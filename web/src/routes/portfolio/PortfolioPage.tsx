import { usePageHead } from "@/lib/page/usePageHead";
import "./PortfolioPage.css";

const SKILLS = [
  "React",
  "TypeScript",
  "GraphQL",
  "Apollo Client",
  "Node.js",
  "PostgreSQL",
  "Firebase Auth",
  "Stripe",
  "Accessibility",
  "Testing Library",
];

const PROJECTS = [
  { name: "Partshop", text: "This shop: a GraphQL API and a React client for a laptop parts manufacturer." },
  { name: "Repair tracker", text: "A small app technicians use to follow laptop repairs from intake to pickup." },
  { name: "Battery health", text: "A dashboard that charts battery wear from diagnostic reports." },
];

export function PortfolioPage() {
  usePageHead({
    title: "Portfolio: Partshop web team",
    description: "Front-end engineering: fast, accessible shops that are pleasant to use on any screen.",
    path: "/portfolio",
  });
  return (
    <div className="container page">
      <article className="card portfolio-card" aria-labelledby="portfolio-name">
        <div className="portfolio-card__avatar" aria-hidden="true">
          PS
        </div>
        <div className="portfolio-card__body">
          <p className="eyebrow">Portfolio</p>
          <h1 id="portfolio-name">Partshop web team</h1>
          <p className="page__lead">
            Front-end engineering: fast, accessible shops that are pleasant to use on any screen.
          </p>
          <dl className="facts facts--stacked">
            <div>
              <dt>Email</dt>
              <dd>
                <a href="mailto:team@partshop.example">team@partshop.example</a>
              </dd>
            </div>
            <div>
              <dt>Education</dt>
              <dd>BSc in Computer Science and Engineering</dd>
            </div>
          </dl>
          <h2>Skills</h2>
          <ul className="chips">
            {SKILLS.map((skill) => (
              <li key={skill} className="chip">
                {skill}
              </li>
            ))}
          </ul>
          <h2>Projects</h2>
          <ul className="project-list">
            {PROJECTS.map((project) => (
              <li key={project.name}>
                <strong>{project.name}</strong>: {project.text}
              </li>
            ))}
          </ul>
        </div>
      </article>
    </div>
  );
}
