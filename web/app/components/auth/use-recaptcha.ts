import { useSubmit } from '@remix-run/react';
import { type FormEvent, useCallback, useEffect, useRef } from 'react';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const TOKEN_TIMEOUT_MS = 2000;

/**
 * reCAPTCHA v3 for login and registration when a site key is configured. A missing key or a
 * token that does not arrive in time means no token is sent, silently (account-and-auth §7);
 * the BFF then asks for an e-mail code instead.
 */
export function useRecaptcha(siteKey: string | null) {
  useEffect(() => {
    if (!siteKey || document.querySelector('script[data-recaptcha]')) return;
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.dataset.recaptcha = 'true';
    document.head.appendChild(script);
  }, [siteKey]);

  return useCallback(
    async (action: string): Promise<string | null> => {
      const grecaptcha = window.grecaptcha;
      if (!siteKey || !grecaptcha) return null;
      const token = new Promise<string | null>((resolve) => {
        grecaptcha.ready(() => {
          grecaptcha.execute(siteKey, { action }).then(resolve, () => resolve(null));
        });
      });
      const timeout = new Promise<null>((resolve) =>
        window.setTimeout(() => resolve(null), TOKEN_TIMEOUT_MS),
      );
      return Promise.race([token, timeout]);
    },
    [siteKey],
  );
}

/**
 * The submit handler of a form with a hidden `recaptcha` field: with a site key it holds the
 * submission, fetches a token, fills the field and submits again; without one it lets it go.
 */
export function useRecaptchaSubmit(siteKey: string | null, action: string) {
  const recaptcha = useRecaptcha(siteKey);
  const submit = useSubmit();
  const withToken = useRef(false);
  return useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!siteKey || withToken.current) return;
      event.preventDefault();
      const form = event.currentTarget;
      void recaptcha(action).then((token) => {
        const input = form.elements.namedItem('recaptcha') as HTMLInputElement | null;
        if (input) input.value = token ?? '';
        withToken.current = true;
        submit(form, { method: 'post' });
        withToken.current = false;
      });
    },
    [siteKey, action, recaptcha, submit],
  );
}
