import { Link } from "react-router-dom";
import { HttpStatus } from "@/lib/page/PageResponse";
import { usePageHead } from "@/lib/page/usePageHead";
import "./NotFound.css";

/** The 404 page's content, with its status: an unknown address, and a record page whose record does not exist. */
export function NotFound() {
  usePageHead({ title: "Page not found", description: "The page you are looking for does not exist or has moved." });
  return (
    <div className="container page not-found">
      <HttpStatus code={404} />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>There's nothing here: 404!</h1>
      <p className="page__lead">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn--primary">
        Back to the shop
      </Link>
    </div>
  );
}
