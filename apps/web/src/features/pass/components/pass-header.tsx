import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import './pass-ui.css';

interface Props {
  title: string;
  /** Where the back arrow goes when this page was the first one opened (a scanned QR code). */
  fallback?: string;
  children?: ReactNode;
  className?: string;
}

/** The coloured band with back arrow and title that tops every pass screen. */
export function PassHeader({ title, fallback = WebRoute.home, children, className = '' }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router keys the first entry of a fresh tab 'default': there is nothing to go back to.
  const back = () => (location.key === 'default' ? navigate(fallback, { replace: true }) : navigate(-1));
  return (
    <header className={`pass-header ${className}`}>
      <div className="pass-nav">
        <button type="button" className="pass-back" aria-label="返回" onClick={back}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h1 className="pass-nav-title">{title}</h1>
        <span className="pass-nav-spacer" />
      </div>
      {children}
    </header>
  );
}
