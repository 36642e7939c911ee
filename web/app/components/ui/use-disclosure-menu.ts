import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * What users expect of a menu built on a disclosure (`<details>`/`<summary>`, which opens with a
 * click, Enter or Space even without JavaScript): Escape closes it and returns focus to its
 * button, and a click or focus outside or a navigation closes it. Returns the ref for the
 * `<details>`. Escape is handled here alone (prevented and stopped), so neither the snackbar nor
 * a dialog around the menu takes it as well.
 */
export function useDisclosureMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return undefined;
    const close = () => {
      details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      event.preventDefault();
      event.stopPropagation();
      close();
      details.querySelector('summary')?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !details.contains(next)) close();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) close();
    };
    details.addEventListener('keydown', onKeyDown);
    details.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      details.removeEventListener('keydown', onKeyDown);
      details.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  return ref;
}
