import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { TopBar } from '../components/top-bar.js';

export const meta: MetaFunction = () => [{ title: 'Animata' }];

/** The home page until the projects dashboard lands. */
export default function Home() {
  return (
    <>
      <TopBar />
      <main className="page">
        <section className="hero">
          <h1>Animated SVG graphics, made simple</h1>
          <p className="hero__lead">
            Create, share and export animations to video and GIF. Your projects, folders, team and
            renders live here.
          </p>
          <p>
            <Link to="/auth/login" className="button button--primary">
              Log in
            </Link>
          </p>
        </section>
      </main>
    </>
  );
}
