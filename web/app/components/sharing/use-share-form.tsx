import { useActionData, useFetcher } from '@remix-run/react';
import { createContext, useContext, useEffect, useRef } from 'react';
import { lostConnectionNotice } from '../../utils/form-connection.js';
import {
  isShareActionData,
  SHARE_SCRIPTED_FIELD,
  type ShareActionData,
  type ShareIntent,
} from '../../utils/sharing/share-view.js';
import { useHydrated } from '../../utils/use-hydrated.js';

/** What the dialog's forms report to it: a note to show (§8), and a finished intent. */
export interface ShareReporter {
  report(answer: ShareActionData): void;
}

export const ShareReportContext = createContext<ShareReporter>({ report: () => undefined });

/**
 * One of the dialog's forms: with JavaScript a fetcher whose post says it is scripted (the
 * action answers with the note instead of a redirect) and whose answer goes to the dialog's
 * note; without, the fetcher's form is a plain form posting to the page's action.
 */
export function useShareForm(intent: ShareIntent) {
  const fetcher = useFetcher<ShareActionData>();
  const hydrated = useHydrated();
  const { report } = useContext(ShareReportContext);
  const seen = useRef<unknown>(null);
  useEffect(() => {
    const answer: unknown = fetcher.data;
    // As soon as the answer is in, while the page's data reloads: a row whose change removes it
    // (a revoked invite) is gone once that reload ends.
    if (fetcher.state === 'submitting' || answer === undefined || seen.current === answer) return;
    seen.current = answer;
    if (isShareActionData(answer)) report(answer);
    else {
      const lost = lostConnectionNotice(answer);
      if (lost) report({ share: true, intent, ok: false, notice: lost });
    }
  }, [fetcher.state, fetcher.data, report, intent]);
  const scripted = hydrated ? <input type="hidden" name={SHARE_SCRIPTED_FIELD} value="1" /> : null;
  // The refusal of a plain post (no JavaScript) of this intent, shown again with the page.
  const page = useActionData();
  const pageRefusal =
    isShareActionData(page) && page.intent === intent && !page.ok ? page : undefined;
  const scriptedRefusal =
    isShareActionData(fetcher.data) && !fetcher.data.ok ? fetcher.data : undefined;
  return {
    fetcher,
    scripted,
    hydrated,
    busy: fetcher.state !== 'idle',
    refusal: scriptedRefusal ?? pageRefusal,
  };
}
