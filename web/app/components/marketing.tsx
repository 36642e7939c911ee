import { pagePaths } from '@animata/contracts';
import { Link } from '@remix-run/react';
import { TopBar } from './top-bar.js';

const FEATURES = [
  {
    title: 'Animate vectors',
    text: 'Shapes, paths and text on a timeline, right in the browser.',
  },
  {
    title: 'Work together',
    text: 'Share projects with people or your team, or by a public link.',
  },
  {
    title: 'Export anywhere',
    text: 'Render to video and GIF, or keep it as lightweight animated SVG.',
  },
] as const;

/** What a visitor sees at `/`: the marketing page with its way in. */
export function Marketing() {
  return (
    <>
      <TopBar />
      <main id="main" className="page">
        <section className="hero" aria-labelledby="hero-title">
          <div className="hero__text">
            <h1 id="hero-title">Animated SVG graphics, made simple</h1>
            <p className="hero__lead">
              Create, share and export animations to video and GIF. Your projects, folders, team and
              renders live here.
            </p>
            <p className="hero__actions">
              <Link to={pagePaths.login} className="button button--primary button--large">
                Log in
              </Link>
            </p>
          </div>
          <HeroArt />
        </section>
        <ul className="features" aria-label="What you can do">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card feature">
              <h2>{feature.title}</h2>
              <p className="muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}

/** A decorative canvas: a path being drawn and shapes easing along it. */
function HeroArt() {
  return (
    <div className="hero__art" aria-hidden="true">
      <svg viewBox="0 0 320 240" width="320" height="240" focusable="false">
        <rect x="0.5" y="0.5" width="319" height="239" rx="20" className="art__canvas" />
        <path d="M40 180 C 100 40, 180 40, 280 150" className="art__path" />
        <circle cx="40" cy="180" r="14" className="art__dot art__dot--start" />
        <rect x="150" y="62" width="28" height="28" rx="7" className="art__square" />
        <circle cx="280" cy="150" r="18" className="art__dot art__dot--end" />
        <g className="art__timeline">
          <rect x="24" y="206" width="272" height="6" rx="3" className="art__track" />
          <rect x="24" y="206" width="150" height="6" rx="3" className="art__progress" />
          <circle cx="174" cy="209" r="7" className="art__playhead" />
        </g>
      </svg>
    </div>
  );
}
