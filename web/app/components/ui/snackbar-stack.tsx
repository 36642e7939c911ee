import {
  createContext,
  useContext,
  useEffect,
  useState,
  type ReactNode,
  type RefCallback,
} from 'react';
import { createPortal } from 'react-dom';

/** The stack's element once it is in the page (null during the server render and hydration). */
const StackContext = createContext<HTMLElement | null>(null);

/** The custom property the page reserves at its end while notices show (see app.css). */
const RESERVE_PROPERTY = '--snackbar-reserve';

/**
 * The one place notices appear (issue 29, item 12): the page's notification (Snackbar) and the
 * upload's progress, result and refusals, in one style, stacked upward from the bottom-left
 * corner (bottom centre on narrow screens), the newest at the bottom. While notices show, the
 * page reserves their height at its end (and the side menu at its own), so whatever they cover
 * can be scrolled out from under them.
 *
 * `children` go into the stack itself (the page's notification); anything deeper in the page
 * joins it through `InSnackbarStack`.
 */
export function SnackbarStack({ page, children }: { page: ReactNode; children: ReactNode }) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const ref: RefCallback<HTMLDivElement> = setElement;

  useEffect(() => {
    if (!element) return undefined;
    const root = document.documentElement;
    const update = () => {
      const height = element.getBoundingClientRect().height;
      if (height < 1) root.style.removeProperty(RESERVE_PROPERTY);
      else {
        const bottom = window.innerHeight - element.getBoundingClientRect().bottom;
        root.style.setProperty(RESERVE_PROPERTY, `${Math.ceil(height + bottom)}px`);
      }
    };
    const observer = new ResizeObserver(update);
    observer.observe(element);
    update();
    return () => {
      observer.disconnect();
      root.style.removeProperty(RESERVE_PROPERTY);
    };
  }, [element]);

  return (
    <StackContext.Provider value={element}>
      {page}
      <div ref={ref} className="snackbar-stack">
        {children}
      </div>
    </StackContext.Provider>
  );
}

/**
 * Puts `children` into the snackbar stack, after the page's notification. Nothing shows until
 * the stack is in the page (the server render and hydration render nothing, so both match):
 * what goes here is for JavaScript only.
 */
export function InSnackbarStack({ children }: { children: ReactNode }) {
  const stack = useContext(StackContext);
  return stack ? createPortal(children, stack) : null;
}
