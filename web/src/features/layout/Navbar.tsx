import { useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { useAuth } from "@/lib/auth/AuthContext";
import { CartLink } from "@/features/cart";
import { NavSearch } from "./NavSearch";
import "./Navbar.css";
import "./NavSearch.css";

export function Navbar() {
  const { status, user, signOut } = useAuth();
  const location = useLocation();
  // The mobile menu is open on the page it was opened on: it closes whenever the page changes.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const navigate = useNavigate();
  const signedIn = status === "signedIn" && user;

  // Signing out may first load the identity provider (to forget its user too): the press shows it works.
  const [signingOut, setSigningOut] = useState(false);
  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
    navigate("/");
  };

  return (
    <header className="site-header">
      <nav className={signedIn ? "navbar navbar--signed-in container" : "navbar container"} aria-label="Main">
        <Link to="/" className="brand" aria-label="Partshop">
          <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M7 10h18v11H7z" fill="none" stroke="#fff" strokeWidth="2" />
            <path d="M4 23h24" stroke="#f59e0b" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          <span className="brand__name">Partshop</span>
        </Link>
        <NavSearch />
        <CartLink />
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
        >
          <span className="navbar__toggle-bar" aria-hidden="true" />
          <span className="navbar__toggle-bar" aria-hidden="true" />
          <span className="navbar__toggle-bar" aria-hidden="true" />
        </button>
        <ul id="main-menu" className={menuOpen ? "navbar__menu is-open" : "navbar__menu"}>
          <li>
            <NavLink to="/" end>
              Home
            </NavLink>
          </li>
          {signedIn && (
            <li>
              <NavLink to="/dashboard">Dashboard</NavLink>
            </li>
          )}
          <li>
            <NavLink to="/blogs">Blogs</NavLink>
          </li>
          <li>
            <NavLink to="/portfolio">Portfolio</NavLink>
          </li>
          {signedIn ? (
            <>
              <li className="navbar__user" data-testid="navbar-user">
                <span className="avatar" aria-hidden="true">
                  {(user.displayName || user.email).slice(0, 1).toUpperCase()}
                </span>
                <span className="navbar__user-name" title={user.displayName || user.email}>
                  {user.displayName || user.email}
                </span>
              </li>
              <li>
                <button
                  type="button"
                  className="btn btn--small btn--outline"
                  onClick={handleSignOut}
                  disabled={signingOut}
                  aria-busy={signingOut || undefined}
                >
                  Sign out
                </button>
              </li>
            </>
          ) : (
            <li>
              <NavLink to="/login" className="btn btn--small btn--primary">
                Login
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
