import { useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { returnTo } from '../../utils/redirects.js';

/**
 * Where the login or registration form leads afterwards: the url parameter, plus the fragment
 * of the page the visitor was sent away from. A fragment never reaches the server, so the
 * redirect to /auth/login?url=%2Faccount cannot carry it; browsers keep it on the address they
 * are redirected to (/auth/login?url=%2Faccount#devices), and here it joins the url value once
 * the page runs. Without JavaScript it stays behind (recorded as a known limit).
 */
export function useReturnTo(): string {
  const [params] = useSearchParams();
  const base = returnTo(params.get('url'));
  const [fragment, setFragment] = useState('');
  useEffect(() => {
    // Read once, as the page arrived: a later in-page jump (the skip link's #main) is no
    // part of where the visitor was going.
    const hash = window.location.hash;
    if (new URLSearchParams(window.location.search).has('url') && hash.length > 1)
      setFragment(hash);
  }, []);
  return fragment && !base.includes('#') ? returnTo(base + fragment) : base;
}
