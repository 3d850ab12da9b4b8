import { usePageHead } from "@/lib/page/usePageHead";
import "./BlogsPage.css";

const QUESTIONS = [
  {
    q: "How does Partshop talk to its server?",
    a: "Every screen asks the GraphQL API at /graphql for exactly the fields it shows. Each component declares a fragment next to its markup, and the page query composes those fragments, so a card never receives data it did not ask for.",
  },
  {
    q: "Why GraphQL connections with a “Load more” button?",
    a: "Lists (parts, products, reviews, orders, users) are cursor-paginated connections. Apollo Client keeps the pages in a normalized cache and appends the next page under the same list, so going back to a page does not lose what you already loaded.",
  },
  {
    q: "How does signing in work?",
    a: "Firebase Authentication checks your email and password (or your Google account). The browser then sends Firebase's ID token to the shop once, and the shop answers with its own access token, kept in local storage and sent as a bearer token on every call.",
  },
  {
    q: "What keeps the stock numbers honest?",
    a: "The server, never the browser. A reservation is checked against the minimum order and the stock inside one database transaction, and the updated stock comes back in the answer, so the page shows the new number immediately.",
  },
  {
    q: "How are card payments handled?",
    a: "Card details go straight to the payment provider from your browser. The server creates the payment for the order's real total and marks the order paid only after the provider confirms it, so nothing about the price is trusted from the page.",
  },
  {
    q: "How is the page kept fast?",
    a: "The home page loads only what it needs. The dashboard, admin tools and payment form are split into separate files fetched when you open them.",
  },
];

export function BlogsPage() {
  usePageHead({
    title: "How Partshop is built",
    description: "Short answers to the questions we get most about the technology behind the shop.",
    path: "/blogs",
  });
  return (
    <div className="container page">
      <header className="page__header">
        <p className="eyebrow">Blogs</p>
        <h1>How Partshop is built</h1>
        <p className="page__lead">Short answers to the questions we get most about the technology behind the shop.</p>
      </header>
      <div className="qa-grid">
        {QUESTIONS.map(({ q, a }) => (
          <article className="card qa-card" key={q}>
            <h2 className="qa-card__question">{q}</h2>
            <p>{a}</p>
          </article>
        ))}
      </div>
    </div>
  );
}
