import { Link } from "react-router-dom";
import "./Footer.css";

// Footer link names differ from the navigation bar's and the dashboard menu's, so every link
// name on a page is unique (easy to find by role and name).
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">Partshop</p>
          <p>Genuine laptop parts straight from the manufacturer: batteries, screens, keyboards, memory and more.</p>
        </div>
        <div>
          <h2 className="site-footer__heading">Shop</h2>
          <ul>
            <li>
              <Link to="/parts">Browse parts</Link>
            </li>
            <li>
              <Link to="/dashboard/my_orders">Track your orders</Link>
            </li>
            <li>
              <Link to="/dashboard/add_review">Write a review</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">Company</h2>
          <ul>
            <li>
              <Link to="/blogs">Read our blog</Link>
            </li>
            <li>
              <Link to="/portfolio">Meet the team</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <address>
            12 Circuit Lane, Dhaka
            <br />
            <a href="mailto:support@partshop.example">support@partshop.example</a>
          </address>
        </div>
      </div>
      <p className="site-footer__copy">© {new Date().getFullYear()} Partshop. All rights reserved.</p>
    </footer>
  );
}
